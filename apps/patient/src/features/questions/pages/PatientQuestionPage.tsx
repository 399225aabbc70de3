import { useState } from 'react';
import { Button, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { Messages, QuestionTexts, displayCancerType, type AnswerKind } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector, useQuestionActions, useQuestionQuery } from '@cqa/web-core';
import {
  AnswerCard,
  AnswerRating,
  AnswerTabs,
  CancerTypeBadge,
  EmptyState,
  QaUiTexts,
  QuestionEditForm,
  QuestionLoadState,
  QuestionMeta,
  VisuallyHidden,
} from '@cqa/web-ui';

type Editing = null | 'cancer_type' | 'question_text';

export function PatientQuestionPage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { data: question, isLoading, error, refetch } = useQuestionQuery(id, { skip: !validId });
  const actions = useQuestionActions(id);
  const [editing, setEditing] = useState<Editing>(null);

  const state = (
    <QuestionLoadState isLoading={isLoading} error={error} invalidId={!validId} onRetry={refetch} backTo={paths.patientQuestions} />
  );
  if (!validId || isLoading || error || !question) return state;

  const isOwn = question.patient_id !== null && question.patient_id === user?.patientId;
  const isPatient = user?.role === 'patient';

  const save = (field: 'cancer_type' | 'question_text') => async (body: { question_text?: string; cancer_type?: string }) => {
    const texts =
      field === 'cancer_type'
        ? { success: Messages.success.cancerTypeUpdated, failure: Messages.errors.updateCancerTypeFailed }
        : { success: Messages.success.questionUpdated, failure: Messages.errors.updateQuestionFailed };
    const saved = await actions.updateQuestion(body, texts);
    if (saved) setEditing(null);
    return saved;
  };

  const initial = { question_text: question.question_text, cancer_type: displayCancerType(question.cancer_type) };

  const emptyTab = (kind: AnswerKind) => (
    <div>
      <EmptyState message={QuestionTexts.emptyTabPatient(QaUiTexts.emptyTabNoun[kind])} />
      {kind === 'expert' && (
        <p style={{ textAlign: 'center' }}>
          <Link to={paths.expertQuestion(question.id)}>{QuestionTexts.provideExpertAnswer}</Link>
        </p>
      )}
    </div>
  );

  return (
    <section>
      <p>
        <Link to={paths.patientQuestions}>{QaUiTexts.backToQuestions}</Link>
      </p>
      {editing === 'cancer_type' ? (
        <QuestionEditForm name="edit_cancer_type" fields={['cancer_type']} initial={initial} onSave={save('cancer_type')} onCancel={() => setEditing(null)} />
      ) : (
        <QuestionMeta
          createdAt={question.created_at}
          patientId={question.patient_id}
          profileHref={!isPatient && question.patient_id ? paths.patientProfile(question.patient_id) : undefined}
          cancerType={
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <CancerTypeBadge value={question.cancer_type} />
              {isOwn && (
                <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing('cancer_type')} aria-label={QaUiTexts.editCancerType}>
                  {QaUiTexts.edit}
                </Button>
              )}
            </span>
          }
        />
      )}
      {editing === 'question_text' ? (
        <>
          <h1>
            <VisuallyHidden>{QaUiTexts.editQuestionText}</VisuallyHidden>
          </h1>
          <QuestionEditForm name="edit_question_text" fields={['question_text']} initial={initial} onSave={save('question_text')} onCancel={() => setEditing(null)} />
        </>
      ) : (
        <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, whiteSpace: 'pre-wrap', flex: 1 }}>
            {question.question_text}
          </Typography.Title>
          {isOwn && (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing('question_text')} aria-label={QaUiTexts.editQuestionText}>
              {QaUiTexts.edit}
            </Button>
          )}
        </div>
      )}
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <AnswerTabs
        answers={question.answers}
        renderEmpty={emptyTab}
        renderAnswer={(answer, kind) => (
          <AnswerCard
            answer={answer}
            showSearchMethod={kind === 'expert'}
            rating={
              isPatient && (
                <AnswerRating
                  myRating={answer.my_rating}
                  myFeedback={answer.my_feedback}
                  onSubmit={(rating, feedback, change) => actions.rate(answer.id, rating, feedback, change)}
                />
              )
            }
          />
        )}
      />
    </section>
  );
}
