import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { QuestionTexts, mayChangeAnswer, mayRateAnswer, type AnswerView } from '@cqa/contracts';
import { paths, useQuestionAi, useQuestionDetail } from '@cqa/web-core';
import {
  AiRunPanel,
  AnswerCard,
  AnswerChangeButtons,
  AnswerForm,
  AnswerRating,
  CancerTypeBadge,
  DeleteAnswerDialog,
  QaUiTexts,
  QuestionDetailLayout,
  QuestionLoadState,
  QuestionMeta,
  QuestionTitle,
} from '@cqa/web-ui';
import { ratingPrompt } from '../../answers/expert-answer-rules';
import { ExpertQuestionTexts } from '../texts';
import { DeepResearchTab } from '../components/DeepResearchTab';

export function ExpertQuestionPage() {
  const { question, user, actions, loadState } = useQuestionDetail();
  const ai = useQuestionAi();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AnswerView | null>(null);

  if (!question) return <QuestionLoadState {...loadState} backTo={paths.expertQuestions} />;

  const mayChange = (answer: AnswerView) => !!user && mayChangeAnswer(user, answer);
  const expertAnswers = question.answers.expert ?? [];
  const hasOwn = expertAnswers.some(mayChange);
  const bannerText = hasOwn
    ? ExpertQuestionTexts.bannerOwn
    : expertAnswers.length > 0
      ? ExpertQuestionTexts.bannerOtherExpert
      : ExpertQuestionTexts.bannerNoExpert;

  const renderAnswer = (answer: AnswerView) => {
    const own = mayChange(answer);
    if (own && editingId === answer.id) {
      return (
        <AnswerForm
          title={QuestionTexts.editAnswer}
          answer={answer}
          expertFields
          submitLabel={QaUiTexts.save}
          onSubmit={async (values) => {
            const saved = await actions.editAnswer(answer.id, values);
            if (saved) setEditingId(null);
            return saved;
          }}
          onCancel={() => setEditingId(null)}
        />
      );
    }
    return (
      <AnswerCard
        answer={answer}
        showSearchMethod={answer.answer_type === 'expert'}
        actions={own && <AnswerChangeButtons onEdit={() => setEditingId(answer.id)} onDelete={() => setDeleting(answer)} />}
        rating={
          !!user &&
          mayRateAnswer(user, answer) && (
            <AnswerRating
              myRating={answer.my_rating}
              myFeedback={answer.my_feedback}
              prompt={ratingPrompt(answer)}
              expertGuidance
              onSubmit={(rating, feedback, change) => actions.rate(answer.id, rating, feedback, change)}
            />
          )
        }
      />
    );
  };

  const head = (
    <>
      <QuestionMeta
        createdAt={question.created_at}
        patientId={question.patient_id}
        profileHref={question.patient_id ? paths.readonlyProfile(question.patient_id) : undefined}
        profileInNewTab
        cancerType={<CancerTypeBadge value={question.cancer_type} />}
      />
      <QuestionTitle text={question.question_text} />
      <Alert
        type={expertAnswers.length > 0 ? 'success' : 'info'}
        showIcon
        title={bannerText}
        action={
          !hasOwn &&
          !adding && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {QuestionTexts.provideExpertAnswer}
            </Button>
          )
        }
        style={{ marginBottom: 16 }}
      />
      {adding && (
        <AnswerForm
          title={QuestionTexts.submitExpertAnswer}
          expertFields
          defaultExpertName={user?.firstName}
          onSubmit={async (values) => {
            const saved = await actions.addAnswer('expert', values);
            if (saved) setAdding(false);
            return saved;
          }}
          onCancel={() => setAdding(false)}
        />
      )}
    </>
  );

  return (
    <QuestionDetailLayout
      nav={
        <>
          <Link to={paths.expertQuestions}>{QaUiTexts.backToQuestions}</Link>
          <Link to={paths.expertAnswerReview(question.id)}>{ExpertQuestionTexts.reviewAnswers}</Link>
        </>
      }
      head={head}
      answers={question.answers}
      renderTop={(kind) =>
        (kind === 'ai' && <AiRunPanel {...ai} hasGenerated={question.answers.ai.some((a) => a.ai_details)} />) ||
        (kind === 'deep_research' && <DeepResearchTab questionId={question.id} />)}
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
