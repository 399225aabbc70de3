import { useState } from 'react';
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Messages, QuestionTexts, type CreateQuestionRequest, type QuestionSummary } from '@cqa/contracts';
import {
  failureText,
  paths,
  useCreateQuestionMutation,
  useDashboardStatsQuery,
  useDeleteQuestionMutation,
  useQuestionsQuery,
  useToast,
  useSimilarQuestions,
} from '@cqa/web-core';
import {
  ConfirmDialog,
  PageTitle,
  QaUiTexts,
  QuestionFormModal,
  QuestionBrowser,
  StatTiles,
  excerpt,
  useQuestionListParams,
} from '@cqa/web-ui';
import { AdminDashboardTexts } from '../texts';

export function AdminDashboardPage() {
  const params = useQuestionListParams();
  const list = useQuestionsQuery(params.query);
  const stats = useDashboardStatsQuery(params.cancerType || undefined);
  const counts = stats.isError ? undefined : stats.data;
  const [createQuestion] = useCreateQuestionMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<QuestionSummary | null>(null);
  const toast = useToast();

  const create = async (body: CreateQuestionRequest) => {
    try {
      const created = await createQuestion(body).unwrap();
      if (!created?.id) {
        toast.error(Messages.errors.noResponse);
        return false;
      }
      toast.success(Messages.success.questionSubmitted);
      return true;
    } catch (error) {
      toast.error(failureText(error, Messages.errors.submitQuestionFailed));
      return false;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteQuestion(deleting.id).unwrap();
      toast.success(Messages.success.questionDeleted);
      setDeleting(null);
    } catch (error) {
      toast.error(failureText(error, Messages.errors.deleteQuestionFailed));
    }
  };

  return (
    <section>
      <div className="cqa-page-head" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 16 }}>
        <PageTitle>{QuestionTexts.adminDashboardTitle}</PageTitle>
        <Button type="primary" size="large" onClick={() => setCreating(true)}>
          {QuestionTexts.createQuestionManually}
        </Button>
      </div>
      <StatTiles
        tiles={[
          { label: QaUiTexts.patients, value: counts?.totalPatients },
          { label: QaUiTexts.experts, value: counts?.totalExperts },
          { label: params.cancerType ? QaUiTexts.questionsOf(params.cancerType) : QaUiTexts.questions, value: counts?.totalQuestions },
        ]}
      />
      <QuestionBrowser
        params={params}
        list={list}
        emptyText={Messages.errors.noQuestions}
        linkTo={paths.adminQuestion}
        useSimilar={useSimilarQuestions}
        renderActions={(question) => (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(question)} aria-label={AdminDashboardTexts.deleteQuestionNamed(excerpt(question.question_text, 60))}>
            {QaUiTexts.delete}
          </Button>
        )}
      />
      <QuestionFormModal open={creating} title={QuestionTexts.createQuestionManually} onSubmit={create} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={AdminDashboardTexts.deleteQuestionTitle}
        body={AdminDashboardTexts.deleteQuestionBody}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
