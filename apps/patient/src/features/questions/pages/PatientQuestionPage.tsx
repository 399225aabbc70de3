import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Messages, QuestionTexts, displayCancerType, mayEditQuestion, mayRateAnswer, type AnswerKind, type AnswerView } from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { AnswerCard, AnswerRating, CancerTypeBadge, LazyQuestionEditForm, QuestionMeta, QuestionTitle, VisuallyHidden } from '@cqa/web-ui';
import { QuestionPageFrame, type QuestionPageContext } from '@cqa/web-qa';
import { PatientQuestionTexts } from '../texts';

type Editing = null | 'cancer_type' | 'question_text';

export function PatientQuestionPage() {
  const [editing, setEditing] = useState<Editing>(null);

  // Staff who open a patient's page only read it; they edit on their own pages.
  const asPatientOf = ({ user }: QuestionPageContext) => (user?.role === 'patient' ? user : null);

  const head = (page: QuestionPageContext) => {
    const { question, actions } = page;
    const asPatient = asPatientOf(page);
    const mayEdit = asPatient !== null && mayEditQuestion(asPatient, question);
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
    return (
      <>
        {editing === 'cancer_type' ? (
          <LazyQuestionEditForm name="edit_cancer_type" fields={['cancer_type']} initial={initial} onSave={save('cancer_type')} onCancel={() => setEditing(null)} />
        ) : (
          <QuestionMeta
            createdAt={question.created_at}
            patientId={question.patient_id}
            profileHref={!asPatient && question.patient_id ? paths.patientProfile(question.patient_id) : undefined}
            cancerType={
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <CancerTypeBadge value={question.cancer_type} />
                {mayEdit && (
                  <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing('cancer_type')} aria-label={PatientQuestionTexts.editCancerType}>
                    {PatientQuestionTexts.edit}
                  </Button>
                )}
              </span>
            }
          />
        )}
        {editing === 'question_text' ? (
          <>
            <h1>
              <VisuallyHidden>{PatientQuestionTexts.editQuestionText}</VisuallyHidden>
            </h1>
            <LazyQuestionEditForm name="edit_question_text" fields={['question_text']} initial={initial} onSave={save('question_text')} onCancel={() => setEditing(null)} />
          </>
        ) : (
          <QuestionTitle
            text={question.question_text}
            action={
              mayEdit && (
                <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing('question_text')} aria-label={PatientQuestionTexts.editQuestionText}>
                  {PatientQuestionTexts.edit}
                </Button>
              )
            }
          />
        )}
      </>
    );
  };

  const renderAnswer = (answer: AnswerView, kind: AnswerKind, page: QuestionPageContext) => {
    const asPatient = asPatientOf(page);
    return (
      <AnswerCard
        answer={answer}
        showSearchMethod={kind === 'expert'}
        rating={
          asPatient &&
          mayRateAnswer(asPatient, answer) && (
            <AnswerRating
              myRating={answer.my_rating}
              myFeedback={answer.my_feedback}
              onSubmit={(rating, feedback, change) => page.actions.rate(answer.id, rating, feedback, change)}
            />
          )
        }
      />
    );
  };

  return (
    <QuestionPageFrame
      backTo={paths.patientQuestions}
      head={head}
      emptyText={QuestionTexts.emptyTabPatient}
      emptyExtra={(kind, { question }) =>
        kind === 'expert' && (
          <p style={{ textAlign: 'center' }}>
            <Link to={paths.expertQuestion(question.id)}>{QuestionTexts.provideExpertAnswer}</Link>
          </p>
        )
      }
      renderAnswer={renderAnswer}
      deepResearch
    />
  );
}
