import { useState } from 'react';
import { Button, Collapse } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import {
  ANSWER_KIND_LABELS,
  ImportTexts,
  Messages,
  QuestionTexts,
  displayCancerType,
  mayChangeAnswer,
  mayEditQuestion,
  type AnswerKind,
  type AnswerView,
} from '@cqa/contracts';
import { paths, useQuestionAi, useQuestionDetail } from '@cqa/web-core';
import {
  AiRunPanel,
  AnswerCard,
  AnswerChangeButtons,
  AnswerForm,
  CancerTypeBadge,
  DeleteAnswerDialog,
  QaUiTexts,
  QuestionDetailLayout,
  QuestionEditForm,
  QuestionLoadState,
  QuestionMeta,
  QuestionTitle,
  VisuallyHidden,
} from '@cqa/web-ui';
import { ImportPanel } from '../../import/components/ImportPanel';
import { AdminQuestionTexts } from '../texts';
import { DeepResearchTab } from '../components/DeepResearchTab';

/** Admins add, edit and delete any answer and edit the question; they never rate (spec section 6). */
export function AdminQuestionPage() {
  const { question, user, actions, loadState } = useQuestionDetail();
  const ai = useQuestionAi();
  const [editingQuestion, setEditingQuestion] = useState(false);
  const [addingKind, setAddingKind] = useState<AnswerKind | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AnswerView | null>(null);

  if (!question) return <QuestionLoadState {...loadState} backTo={paths.adminDashboard} />;

  const mayEdit = !!user && mayEditQuestion(user, question);

  // The community tab also takes answers from links (spec section 2): the import adds them to this question.
  const renderTop = (kind: AnswerKind) => (
    <>
      {kind === 'quora' && (
        <Collapse
          style={{ marginBottom: 16 }}
          items={[{ key: 'import', label: ImportTexts.boxTitle, children: <ImportPanel questionId={question.id} onImported={() => void loadState.onRetry()} /> }]}
        />
      )}
      {kind === 'ai' && <AiRunPanel {...ai} hasGenerated={question.answers.ai.some((a) => a.ai_details)} />}
      {renderAdd(kind)}
    </>
  );

  const renderAdd = (kind: AnswerKind) =>
    addingKind === kind ? (
      <AnswerForm
        title={AdminQuestionTexts.addAnswerTitle(ANSWER_KIND_LABELS[kind])}
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
          !!user && mayChangeAnswer(user, answer) && <AnswerChangeButtons onEdit={() => setEditingId(answer.id)} onDelete={() => setDeleting(answer)} />
        }
      />
    );

  const head = editingQuestion ? (
    <>
      <h1>
        <VisuallyHidden>{AdminQuestionTexts.editQuestion}</VisuallyHidden>
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
      <QuestionTitle
        text={question.question_text}
        action={
          mayEdit && <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditingQuestion(true)} aria-label={AdminQuestionTexts.editQuestion} />
        }
      />
    </>
  );

  return (
    <QuestionDetailLayout
      nav={<Link to={paths.adminDashboard}>{QaUiTexts.backToQuestions}</Link>}
      head={head}
      answers={question.answers}
      renderTop={(kind) => (kind === 'deep_research' ? <>
        <DeepResearchTab questionId={question.id} />
        {renderTop(kind)}
      </> : renderTop(kind))}
      showEmpty={(kind) => kind !== 'ai' || !ai.active}
      renderAnswer={renderAnswer}
    >
      <DeleteAnswerDialog
        open={deleting !== null}
        onConfirm={async () => {
          if (deleting && (await actions.deleteAnswer(deleting.id))) setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </QuestionDetailLayout>
  );
}
