import { useState } from 'react';
import { Button, Collapse } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ANSWER_KIND_LABELS,
  ImportTexts,
  Messages,
  QuestionTexts,
  displayCancerType,
  mayEditQuestion,
  type AnswerKind,
  type AnswerView,
} from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { AnswerForm, CancerTypeBadge, QuestionEditForm, QuestionMeta, QuestionTitle, VisuallyHidden } from '@cqa/web-ui';
import { EditableAnswer, QuestionPageFrame, type QuestionPageContext } from '@cqa/web-qa';
import { ImportPanel } from '../../import/components/ImportPanel';
import { AdminQuestionTexts } from '../texts';

/** Admins add, edit and delete any answer and edit the question; they never rate (spec section 6). */
export function AdminQuestionPage() {
  const [editingQuestion, setEditingQuestion] = useState(false);
  const [addingKind, setAddingKind] = useState<AnswerKind | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);

  // The community tab also takes answers from links (spec section 2): the import adds them to this question.
  const renderTop = (kind: AnswerKind, { question, user, actions, reload }: QuestionPageContext) => (
    <>
      {kind === 'quora' && (
        <Collapse
          style={{ marginBottom: 16 }}
          items={[{ key: 'import', label: ImportTexts.boxTitle, children: <ImportPanel questionId={question.id} onImported={reload} /> }]}
        />
      )}
      {addingKind === kind ? (
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
      )}
    </>
  );

  const renderAnswer = (answer: AnswerView, kind: AnswerKind, page: QuestionPageContext) => (
    <EditableAnswer
      answer={answer}
      page={page}
      editing={editingId === answer.id}
      onEditingChange={(editing) => setEditingId(editing ? answer.id : null)}
      expert={kind === 'expert'}
    />
  );

  const head = ({ question, user, actions }: QuestionPageContext) => {
    const mayEdit = !!user && mayEditQuestion(user, question);
    return editingQuestion ? (
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
  };

  return (
    <QuestionPageFrame
      backTo={paths.adminDashboard}
      head={head}
      deepResearch
      renderTop={renderTop}
      renderAnswer={renderAnswer}
    />
  );
}
