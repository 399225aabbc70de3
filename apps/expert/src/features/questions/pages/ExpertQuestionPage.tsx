import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { QuestionTexts, mayChangeAnswer, mayRateAnswer, type AnswerView } from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { AnswerCard, AnswerChangeButtons, AnswerForm, AnswerRating, CancerTypeBadge, QaUiTexts, QuestionMeta, QuestionTitle } from '@cqa/web-ui';
import { QuestionPageFrame, type QuestionPageContext } from '@cqa/web-qa';
import { ratingPrompt } from '../../answers/expert-answer-rules';
import { ExpertQuestionTexts } from '../texts';

export function ExpertQuestionPage() {
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);

  const mayChange = ({ user }: QuestionPageContext, answer: AnswerView) => !!user && mayChangeAnswer(user, answer);

  const renderAnswer = (answer: AnswerView, page: QuestionPageContext) => {
    const { user, actions } = page;
    const own = mayChange(page, answer);
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
        actions={own && <AnswerChangeButtons onEdit={() => setEditingId(answer.id)} onDelete={() => page.confirmDelete(answer)} />}
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

  const head = (page: QuestionPageContext) => {
    const { question, user, actions } = page;
    const expertAnswers = question.answers.expert ?? [];
    const hasOwn = expertAnswers.some((answer) => mayChange(page, answer));
    const bannerText = hasOwn
      ? ExpertQuestionTexts.bannerOwn
      : expertAnswers.length > 0
        ? ExpertQuestionTexts.bannerOtherExpert
        : ExpertQuestionTexts.bannerNoExpert;
    return (
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
  };

  return (
    <QuestionPageFrame
      backTo={paths.expertQuestions}
      links={({ question }) => <Link to={paths.expertAnswerReview(question.id)}>{ExpertQuestionTexts.reviewAnswers}</Link>}
      head={head}
      deepResearch
      renderAnswer={(answer, _kind, page) => renderAnswer(answer, page)}
    />
  );
}
