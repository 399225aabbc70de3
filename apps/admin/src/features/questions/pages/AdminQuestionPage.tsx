import { useState } from 'react';
import { Button, Collapse, Space, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { ANSWER_KIND_LABELS, ImportTexts, Messages, QuestionTexts, displayCancerType, type AnswerKind, type AnswerView } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector, useQuestionActions, useQuestionQuery } from '@cqa/web-core';
import {
  AnswerCard,
  AnswerForm,
  AnswerTabs,
  CancerTypeBadge,
  ConfirmDialog,
  EmptyState,
  QaUiTexts,
  QuestionEditForm,
  QuestionLoadState,
  QuestionMeta,
  VisuallyHidden,
} from '@cqa/web-ui';
import { ImportPanel } from '../../import/components/ImportPanel';

/** Admins add, edit and delete any answer and edit the question; they never rate (spec section 6). */
export function AdminQuestionPage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { data: question, isLoading, error, refetch } = useQuestionQuery(id, { skip: !validId });
  const actions = useQuestionActions(id);
  const [editingQuestion, setEditingQuestion] = useState(false);
  const [addingKind, setAddingKind] = useState<AnswerKind | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AnswerView | null>(null);

  if (!validId || isLoading || error || !question) {
    return <QuestionLoadState isLoading={isLoading} error={error} invalidId={!validId} onRetry={refetch} backTo={paths.adminDashboard} />;
  }

  const renderTop = (kind: AnswerKind) => (
    <>
      {kind === 'quora' && (
        <Collapse
          style={{ marginBottom: 16 }}
          items={[{ key: 'import', label: ImportTexts.boxTitle, children: <ImportPanel questionId={question.id} onImported={() => void refetch()} /> }]}
        />
      )}
      {renderAdd(kind)}
    </>
  );

  const renderAdd = (kind: AnswerKind) =>
    addingKind === kind ? (
      <AnswerForm
        title={QaUiTexts.addAnswerTitle(ANSWER_KIND_LABELS[kind])}
        expertFields={kind === 'expert'}
        defaultExpertName={user?.firstName}
        onSubmit={async (values) => {
          const saved = await actions.addAnswer(kind, values);
          if (saved) setAddingKind(null);
          return saved;
        }}
        onCancel={() => setAddingKind(null)}
      />
    ) : (
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAddingKind(kind)} style={{ marginBottom: 16 }}>
        {QuestionTexts.addAnswer}
      </Button>
    );

  const renderAnswer = (answer: AnswerView, kind: AnswerKind) =>
    editingId === answer.id ? (
      <AnswerForm
        title={QuestionTexts.editAnswer}
        answer={answer}
        expertFields={kind === 'expert'}
        submitLabel={QaUiTexts.save}
        onSubmit={async (values) => {
          const saved = await actions.editAnswer(answer.id, values);
          if (saved) setEditingId(null);
          return saved;
        }}
        onCancel={() => setEditingId(null)}
      />
    ) : (
      <AnswerCard
        answer={answer}
        showSearchMethod={kind === 'expert'}
        actions={
          <Space>
            <Button size="small" onClick={() => setEditingId(answer.id)}>
              {QaUiTexts.editThisAnswer}
            </Button>
            <Button size="small" danger onClick={() => setDeleting(answer)}>
              {QaUiTexts.deleteThisAnswer}
            </Button>
          </Space>
        }
      />
    );

  return (
    <section>
      <p>
        <Link to={paths.adminDashboard}>{QaUiTexts.backToQuestions}</Link>
      </p>
      {editingQuestion ? (
        <>
          <h1>
            <VisuallyHidden>{QaUiTexts.editQuestion}</VisuallyHidden>
          </h1>
          <QuestionEditForm
            name="edit_question"
            fields={['question_text', 'cancer_type']}
            initial={{ question_text: question.question_text, cancer_type: displayCancerType(question.cancer_type) }}
            onSave={async (body) => {
              const saved = await actions.updateQuestion(body, { success: Messages.success.questionUpdated, failure: Messages.errors.updateQuestionFailedRetry });
              if (saved) setEditingQuestion(false);
              return saved;
            }}
            onCancel={() => setEditingQuestion(false)}
          />
        </>
      ) : (
        <>
          <QuestionMeta
            createdAt={question.created_at}
            patientId={question.patient_id}
            profileHref={question.patient_id ? paths.patientProfile(question.patient_id) : undefined}
            cancerType={<CancerTypeBadge value={question.cancer_type} />}
          />
          <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, whiteSpace: 'pre-wrap', flex: 1 }}>
              {question.question_text}
            </Typography.Title>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditingQuestion(true)} aria-label={QaUiTexts.editQuestion} />
          </div>
        </>
      )}
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <AnswerTabs
        answers={question.answers}
        renderTop={renderTop}
        renderEmpty={(kind) => <EmptyState message={QuestionTexts.emptyTabExpert(QaUiTexts.emptyTabNoun[kind])} />}
        renderAnswer={renderAnswer}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={QuestionTexts.deleteAnswerTitle}
        body={QuestionTexts.deleteAnswerBody}
        onConfirm={async () => {
          if (deleting && (await actions.deleteAnswer(deleting.id))) setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
