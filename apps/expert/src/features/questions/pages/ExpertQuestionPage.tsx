import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { QuestionTexts, mayChangeAnswer, mayRateAnswer, type AnswerView } from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { AnswerForm, AnswerRating, CancerTypeBadge, QuestionMeta, QuestionTitle } from '@cqa/web-ui';
import { EditableAnswer, QuestionPageFrame, type QuestionPageContext } from '@cqa/web-qa';
import { ratingPrompt } from '../../answers/expert-answer-rules';
import { ExpertQuestionTexts } from '../texts';

export function ExpertQuestionPage() {
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);

  const mayChange = ({ user }: QuestionPageContext, answer: AnswerView) => !!user && mayChangeAnswer(user, answer);

  const renderAnswer = (answer: AnswerView, page: QuestionPageContext) => {
    const { user, actions } = page;
    // Experts change only their own answers, which are expert answers: the edit form always has the expert's fields.
    return (
      <EditableAnswer
        answer={answer}
        page={page}
        editing={editingId === answer.id}
        onEditingChange={(editing) => setEditingId(editing ? answer.id : null)}
        expert={answer.answer_type === 'expert'}
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
