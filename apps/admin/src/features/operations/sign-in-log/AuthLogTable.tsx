import { useState } from 'react';
import { Button, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { AuthLogEntry } from '@cqa/contracts';
import { errorMessage, paths } from '@cqa/web-core';
import { EmptyState, ErrorState, scrollingTable } from '@cqa/web-ui';
import { useAuthLogsQuery } from '../../users/api';
import { EVENT_LABELS, OperationsColumnTexts } from '../texts';

const PER_PAGE = 25;

/** Sign-in activity, newest first, failed attempts included (auth_logs), one server page at a time. */
export function AuthLogTable() {
  const [page, setPage] = useState(1);
  const logs = useAuthLogsQuery({ page, perPage: PER_PAGE });
  if (logs.isError) {
    return <ErrorState message={errorMessage(logs.error, 'Failed to fetch sign-in activity')} onRetry={() => void logs.refetch()} />;
  }
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Button onClick={() => void logs.refetch()} loading={logs.isFetching}>
          Refresh log
        </Button>
      </div>
      <Table<AuthLogEntry>
        {...scrollingTable}
        rowKey="id"
        loading={logs.isLoading}
        dataSource={logs.data?.logs ?? []}
        locale={{ emptyText: <EmptyState message="No sign-in activity yet." /> }}
        pagination={{ current: page, pageSize: PER_PAGE, total: logs.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: OperationsColumnTexts.when, key: 'when', fixed: 'left', render: (_, log) => new Date(log.created_at).toLocaleString() },
          {
            title: OperationsColumnTexts.event,
            key: 'event',
            render: (_, log) => <Tag color={log.event_type === 'login_failed' ? 'red' : undefined}>{EVENT_LABELS[log.event_type]}</Tag>,
          },
          {
            title: OperationsColumnTexts.account,
            key: 'account',
            render: (_, log) => (log.user_id ? <Link to={paths.adminApproveUser(log.user_id)}>View account</Link> : 'Unknown email'),
          },
          { title: OperationsColumnTexts.ipAddress, dataIndex: 'ip_address', key: 'ip' },
          { title: OperationsColumnTexts.browser, dataIndex: 'user_agent', key: 'ua', ellipsis: true },
        ]}
      />
    </>
  );
}
