import { Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { QuestionTexts } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector, useQuestionActions, useQuestionQuery } from '@cqa/web-core';
import { AnswerCard, AnswerRating, CancerTypeBadge, EmptyState, PageTitle, QaUiTexts, QuestionLoadState } from '@cqa/web-ui';
import { answersForReview } from '../../answers/expert-answer-rules';

/** Expert-to-expert review: other experts' and the AI's answers, authors hidden, each with rating and feedback. */
export function AnswerReviewPage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { data: question, isLoading, error, refetch } = useQuestionQuery(id, { skip: !validId });
  const actions = useQuestionActions(id);

  if (!validId || isLoading || error || !question) {
    return <QuestionLoadState isLoading={isLoading} error={error} invalidId={!validId} onRetry={refetch} backTo={paths.expertQuestions} />;
  }

  const answers = answersForReview(question, user?.id);
  return (
    <section>
      <p>
        <Link to={paths.expertQuestion(question.id)}>{QaUiTexts.backToQuestion}</Link>
      </p>
      <PageTitle>{QaUiTexts.reviewTitle}</PageTitle>
      <section aria-labelledby="review-question" style={{ marginBottom: 24 }}>
        <h2 id="review-question" style={{ fontSize: 20 }}>
          {QaUiTexts.questionLabel}
        </h2>
        <CancerTypeBadge value={question.cancer_type} />
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 16, marginTop: 8 }}>{question.question_text}</Typography.Paragraph>
      </section>
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <Typography.Paragraph type="secondary">{QaUiTexts.reviewIntro}</Typography.Paragraph>
      {answers.length === 0 ? (
        <EmptyState message={QuestionTexts.reviewEmpty} />
      ) : (
        answers.map((answer, index) => (
          <AnswerCard
            key={answer.id}
            answer={answer}
            heading={QaUiTexts.blindedAnswer(index + 1)}
            rating={
              <AnswerRating
                myRating={answer.my_rating}
                myFeedback={answer.my_feedback}
                expertGuidance
                onSubmit={(rating, feedback, change) => actions.rate(answer.id, rating, feedback, change)}
              />
            }
          />
        ))
      )}
    </section>
  );
}
