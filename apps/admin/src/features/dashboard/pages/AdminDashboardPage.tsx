import { useState } from 'react';
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Messages, QuestionTexts, type QuestionSummary } from '@cqa/contracts';
import { failureText, paths, useDashboardStatsQuery, useDeleteQuestionMutation, useToast } from '@cqa/web-core';
import { ConfirmDialog, PageTitle, QaUiTexts, StatTiles, excerpt, useQuestionListParams } from '@cqa/web-ui';
import { AskQuestionModal, DashboardQuestions } from '@cqa/web-qa';
import { AdminDashboardTexts } from '../texts';

export function AdminDashboardPage() {
  const params = useQuestionListParams();
  const stats = useDashboardStatsQuery(params.cancerType || undefined);
  const counts = stats.isError ? undefined : stats.data;
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<QuestionSummary | null>(null);
  const toast = useToast();

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
        <Button type="primary" size="large" onClick={() => setCreating(true)} onPointerEnter={AskQuestionModal.preload} onFocus={AskQuestionModal.preload}>
          {QuestionTexts.createQuestionManually}
        </Button>
      </div>
      <StatTiles
        tiles={[
          { label: QaUiTexts.patients, value: counts?.totalPatients },
          { label: QaUiTexts.experts, value: counts?.totalExperts },
          { label: params.cancerType ? QaUiTexts.questionsOf(params.cancerType) : QaUiTexts.questions, value: counts?.totalQuestions },
          {
            label: AdminDashboardTexts.waitingRegistrations,
            value: counts?.waitingRegistrations,
            link: counts?.waitingRegistrations ? { to: paths.adminUsers, text: AdminDashboardTexts.reviewRegistrations } : undefined,
          },
        ]}
      />
      <DashboardQuestions
        params={params}
        emptyText={Messages.errors.noQuestions}
        linkTo={paths.adminQuestion}
        renderActions={(question) => (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(question)} aria-label={AdminDashboardTexts.deleteQuestionNamed(excerpt(question.question_text, 60))}>
            {QaUiTexts.delete}
          </Button>
        )}
      />
      <AskQuestionModal open={creating} title={QuestionTexts.createQuestionManually} onClose={() => setCreating(false)} />
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
