import { useCallback, useState } from 'react';
import { Button, Space, Table, Tabs, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ImportTexts, Messages, type AdminUserSummary, type ApprovalStatus } from '@cqa/contracts';
import { errorMessage, errorStatus, paths } from '@cqa/web-core';
import { ErrorState, PageTitle } from '@cqa/web-ui';
import { useAdminUsersQuery, useChangeApprovalMutation } from '../api';
import { approvalActions, approvalLabel } from '../approval';
import { ResearchFlagsTable } from '../../research/ResearchFlagsTable';
import { AccessLogTable } from '../access-log/AccessLogTable';
import { AiRunsTable } from '../ai-runs/AiRunsTable';
import { AuthLogTable } from '../components/AuthLogTable';
import { StatusBanner, type Banner } from '../components/StatusBanner';
import { ImportPanel } from '../../import/components/ImportPanel';

type ListRole = 'patient' | 'expert';
type TabKey = ListRole | 'import' | 'log' | 'access' | 'ai' | 'research';

/**
 * Spec section 2: Patients, Experts and Import tabs (community link import), Refresh, status and actions;
 * plus the sign-in log, so admins see failed sign-ins, the access log of patient profiles (the audit trail), and the
 * deep research reports flagged for citing a retracted paper.
 */
export function UserManagementPage() {
  const [tab, setTab] = useState<TabKey>('patient');
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);
  const isList = tab === 'patient' || tab === 'expert';
  const listRole: ListRole = isList ? tab : 'patient';
  const list = useAdminUsersQuery(listRole, { skip: !isList });

  return (
    <section>
      <PageTitle>User management</PageTitle>
      <StatusBanner banner={banner} onClear={clearBanner} />
      {isList && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            Refresh
          </Button>
        </div>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'patient', label: 'Patients' },
          { key: 'expert', label: 'Experts' },
          { key: 'import', label: ImportTexts.tabLabel },
          { key: 'log', label: 'Sign-in log' },
          { key: 'access', label: 'Access log' },
          { key: 'ai', label: 'AI runs' },
          { key: 'research', label: 'Research flags' },
        ]}
      />
      {tab === 'import' ? (
        <ImportPanel />
      ) : tab === 'log' ? (
        <AuthLogTable />
      ) : tab === 'access' ? (
        <AccessLogTable />
      ) : tab === 'ai' ? (
        <AiRunsTable />
      ) : tab === 'research' ? (
        <ResearchFlagsTable />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, Messages.errors.fetchUserFailed)} />
      ) : (
        <UsersTable role={listRole} users={list.data?.users ?? []} loading={list.isLoading} onBanner={setBanner} />
      )}
    </section>
  );
}

function UsersTable({ role, users, loading, onBanner }: { role: ListRole; users: AdminUserSummary[]; loading: boolean; onBanner: (b: Banner) => void }) {
  const [changeApproval, { isLoading: changing }] = useChangeApprovalMutation();

  const act = async (user: AdminUserSummary, to: ApprovalStatus, verb: string) => {
    try {
      await changeApproval({ userId: user.id, approval_status: to }).unwrap();
      onBanner({ kind: 'success', text: Messages.success.userStatusChanged(to), at: Date.now() });
    } catch (error) {
      const fallback = Messages.errors.userActionFailed(verb, Messages.errors.httpStatus(errorStatus(error) ?? 0));
      onBanner({ kind: 'error', text: Messages.errors.errorPrefix(errorMessage(error, fallback)), at: Date.now() });
    }
  };

  return (
    <Table<AdminUserSummary>
      rowKey="id"
      loading={loading}
      dataSource={users}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      columns={[
        {
          title: 'Name',
          key: 'name',
          render: (_, user) =>
            role === 'patient' && user.patient_id ? <Link to={paths.adminEditPatient(user.patient_id)}>{user.full_name}</Link> : user.full_name,
        },
        { title: 'Email', dataIndex: 'email', key: 'email' },
        {
          title: 'Email status',
          key: 'emailStatus',
          render: (_, user) => (user.email_confirmed_at ? <Tag>Verified</Tag> : <Tag>Pending</Tag>),
        },
        { title: 'Approval status', key: 'approval', render: (_, user) => approvalLabel(user.approval_status) },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, user) => (
            <Space>
              {approvalActions(user.approval_status).map(({ to, label }) => (
                <Button
                  key={to}
                  size="small"
                  danger={to !== 'approved'}
                  type={to === 'approved' ? 'primary' : 'default'}
                  disabled={changing}
                  aria-label={`${label} ${user.full_name}`}
                  onClick={() => void act(user, to, label.toLowerCase())}
                >
                  {label}
                </Button>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
