import { useState } from 'react';
import { Button, Input, Modal, Space, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import {
  RESEARCH_DECLINE_REASON_MAX, RESEARCH_DECLINE_REASON_MIN, RESEARCH_QUEUE_PAGE_SIZE, ResearchRequestTexts, type ResearchQueueItem,
} from '@cqa/contracts';
import { errorMessage, researchApi, useToast } from '@cqa/web-core';
import { CancerTypeBadge, EmptyState, ErrorState, excerpt, PageTitle, scrollingTable, useHydrated } from '@cqa/web-ui';

export interface ResearchRequestsPageProps {
  /** The question's page in this remote (its Deep Research tab is where the plan is reviewed). */
  questionPath: (questionId: number) => string;
}

const T = ResearchRequestTexts;

/**
 * The "Research requests" review queue of experts and admins (issue 38): open requests oldest first, with the question,
 * its cancer type and how long it has waited. A reviewer starts the run (then edits and approves its plan on the
 * question's Deep Research tab) or declines with a reason the patient sees; when another reviewer was first, the
 * refusal says so and the list refreshes.
 */
export function ResearchRequestsPage({ questionPath }: ResearchRequestsPageProps) {
  const [page, setPage] = useState(1);
  const queue = researchApi.useResearchQueueQuery(page, { refetchOnMountOrArgChange: true });
  const [take, taking] = researchApi.useTakeResearchRequestMutation();
  const [decline, declining] = researchApi.useDeclineResearchRequestMutation();
  const [declineOf, setDeclineOf] = useState<ResearchQueueItem | null>(null);
  const [reason, setReason] = useState('');
  const toast = useToast();
  const navigate = useNavigate();
  // Ages count to when the list arrived, once hydrated: the server's render shows the date instead (same HTML on both).
  const hydrated = useHydrated();
  const now = hydrated && queue.fulfilledTimeStamp ? queue.fulfilledTimeStamp : null;

  const tabOf = (questionId: number) => `${questionPath(questionId)}?tab=deep_research`;
  const onTake = async (item: ResearchQueueItem) => {
    try {
      await take({ id: item.id, questionId: item.questionId }).unwrap();
      toast.success(T.taken);
      navigate(tabOf(item.questionId));
    } catch (error) {
      toast.error(errorMessage(error, T.alreadyTaken));
    }
  };
  const trimmed = reason.trim();
  const reasonOk = trimmed.length >= RESEARCH_DECLINE_REASON_MIN && trimmed.length <= RESEARCH_DECLINE_REASON_MAX;
  const onDecline = async () => {
    if (!declineOf || !reasonOk) return;
    try {
      await decline({ id: declineOf.id, questionId: declineOf.questionId, reason: trimmed }).unwrap();
      toast.success(T.declined);
      setDeclineOf(null);
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, T.alreadyTaken));
      setDeclineOf(null);
    }
  };

  return (
    <section>
      <PageTitle>{T.queueTitle}</PageTitle>
      {queue.isError ? (
        <ErrorState message={errorMessage(queue.error, T.queueLoadFailed)} onRetry={() => void queue.refetch()} />
      ) : (
        <Table<ResearchQueueItem>
          {...scrollingTable}
          rowKey="id"
          loading={queue.isLoading || queue.isFetching}
          dataSource={queue.data?.items ?? []}
          aria-label={T.queueTitle}
          locale={{ emptyText: <EmptyState message={T.queueEmpty} /> }}
          pagination={{
            current: page, pageSize: queue.data?.per_page ?? RESEARCH_QUEUE_PAGE_SIZE, total: queue.data?.total ?? 0, hideOnSinglePage: true,
            showSizeChanger: false, onChange: setPage,
          }}
          columns={[
            {
              title: T.columns.question,
              key: 'question',
              render: (_, item) => <Link to={tabOf(item.questionId)}>{excerpt(item.questionText, 120)}</Link>,
            },
            { title: T.columns.cancerType, key: 'type', render: (_, item) => <CancerTypeBadge value={item.cancerType} /> },
            {
              title: T.columns.age,
              key: 'age',
              render: (_, item) => (now === null ? item.createdAt.slice(0, 16).replace('T', ' ') : T.age(now - Date.parse(item.createdAt))),
            },
            {
              title: T.columns.state,
              key: 'state',
              render: (_, item) => (
                <>
                  <span data-testid={`request-state-${item.id}`}>{T.staffStates[item.state]}</span>
                  {item.error && <Typography.Text type="danger" style={{ display: 'block' }}>{item.error}</Typography.Text>}
                </>
              ),
            },
            {
              title: T.columns.actions,
              key: 'actions',
              render: (_, item) =>
                item.status === 'requested' ? (
                  <Space wrap>
                    <Button type="primary" size="small" loading={taking.isLoading} onClick={() => void onTake(item)} aria-label={`${T.take}: ${excerpt(item.questionText, 60)}`}>
                      {T.take}
                    </Button>
                    <Button size="small" onClick={() => { setDeclineOf(item); setReason(''); }} aria-label={`${T.decline}: ${excerpt(item.questionText, 60)}`}>
                      {T.decline}
                    </Button>
                  </Space>
                ) : (
                  <Link to={tabOf(item.questionId)}>{T.openQuestion}</Link>
                ),
            },
          ]}
        />
      )}
      <Modal
        open={declineOf !== null}
        title={T.declineTitle}
        okText={T.declineConfirm}
        okButtonProps={{ disabled: !reasonOk, danger: true }}
        confirmLoading={declining.isLoading}
        onOk={() => void onDecline()}
        onCancel={() => setDeclineOf(null)}
        destroyOnHidden
      >
        {declineOf && <Typography.Paragraph>{excerpt(declineOf.questionText, 200)}</Typography.Paragraph>}
        <label htmlFor="decline-reason" style={{ display: 'block', marginBottom: 4 }}>{T.declineReasonLabel}</label>
        <Input.TextArea
          id="decline-reason"
          value={reason}
          maxLength={RESEARCH_DECLINE_REASON_MAX}
          autoSize={{ minRows: 3 }}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby="decline-reason-help"
        />
        <Typography.Text id="decline-reason-help" type="secondary">{T.declineReasonInvalid}</Typography.Text>
      </Modal>
    </section>
  );
}
