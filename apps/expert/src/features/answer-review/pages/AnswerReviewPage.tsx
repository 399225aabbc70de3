import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { QuestionTexts } from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { useQuestionDetail } from '@cqa/web-qa';
import { AnswerCard, AnswerRating, CancerTypeBadge, EmptyState, PageTitle, QaUiTexts, QuestionLoadState } from '@cqa/web-ui';
import { answersForReview } from '../../answers/expert-answer-rules';
import { AnswerReviewTexts } from '../texts';

/** Expert-to-expert review: other experts' and the AI's answers, authors hidden, each with rating and feedback. */
export function AnswerReviewPage() {
  const { question, user, actions, loadState } = useQuestionDetail();

  if (!question) return <QuestionLoadState {...loadState} backTo={paths.expertQuestions} />;

  const answers = answersForReview(question, user);
  return (
    <section>
      <p>
        <Link to={paths.expertQuestion(question.id)}>{AnswerReviewTexts.backToQuestion}</Link>
      </p>
      <PageTitle>{AnswerReviewTexts.reviewTitle}</PageTitle>
      <section aria-labelledby="review-question" style={{ marginBottom: 24 }}>
        <h2 id="review-question" style={{ fontSize: 20 }}>
          {QaUiTexts.questionLabel}
        </h2>
        <CancerTypeBadge value={question.cancer_type} />
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 16, marginTop: 8 }}>{question.question_text}</Typography.Paragraph>
      </section>
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <Typography.Paragraph type="secondary">{AnswerReviewTexts.reviewIntro}</Typography.Paragraph>
      {answers.length === 0 ? (
        <EmptyState message={QuestionTexts.reviewEmpty} />
      ) : (
        answers.map((answer, index) => (
          <AnswerCard
            key={answer.id}
            answer={answer}
            heading={AnswerReviewTexts.blindedAnswer(index + 1)}
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
