import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { QuestionTexts, type AnswerView } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector, useQuestionActions, useQuestionQuery } from '@cqa/web-core';
import {
  AnswerCard,
  AnswerForm,
  AnswerRating,
  AnswerTabs,
  CancerTypeBadge,
  ConfirmDialog,
  EmptyState,
  QaUiTexts,
  QuestionLoadState,
  QuestionMeta,
} from '@cqa/web-ui';
import { isOwnAnswer, ratingPrompt } from '../../answers/expert-answer-rules';

export function ExpertQuestionPage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { data: question, isLoading, error, refetch } = useQuestionQuery(id, { skip: !validId });
  const actions = useQuestionActions(id);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AnswerView | null>(null);

  if (!validId || isLoading || error || !question) {
    return <QuestionLoadState isLoading={isLoading} error={error} invalidId={!validId} onRetry={refetch} backTo={paths.expertQuestions} />;
  }

  const expertAnswers = question.answers.expert ?? [];
  const hasOwn = expertAnswers.some((answer) => isOwnAnswer(answer, user?.id));
  const bannerText = hasOwn ? QaUiTexts.bannerOwn : expertAnswers.length > 0 ? QaUiTexts.bannerOtherExpert : QaUiTexts.bannerNoExpert;

  const renderAnswer = (answer: AnswerView) => {
    const own = isOwnAnswer(answer, user?.id);
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
        actions={
          own && (
            <Space>
              <Button size="small" onClick={() => setEditingId(answer.id)}>
                {QaUiTexts.editThisAnswer}
              </Button>
              <Button size="small" danger onClick={() => setDeleting(answer)}>
                {QaUiTexts.deleteThisAnswer}
              </Button>
            </Space>
          )
        }
        rating={
          !own && (
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

  return (
    <section>
      <p style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
        <Link to={paths.expertQuestions}>{QaUiTexts.backToQuestions}</Link>
        <Link to={paths.expertAnswerReview(question.id)}>{QaUiTexts.reviewAnswers}</Link>
      </p>
      <QuestionMeta
        createdAt={question.created_at}
        patientId={question.patient_id}
        profileHref={question.patient_id ? paths.readonlyProfile(question.patient_id) : undefined}
        profileInNewTab
        cancerType={<CancerTypeBadge value={question.cancer_type} />}
      />
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, whiteSpace: 'pre-wrap' }}>
        {question.question_text}
      </Typography.Title>
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
      <h2 style={{ fontSize: 20 }}>{QaUiTexts.answersHeading}</h2>
      <AnswerTabs
        answers={question.answers}
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
