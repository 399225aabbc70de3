import { useCallback, useState } from 'react';
import { Button, Space, Table, Tabs, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { blockStatusWord, ImportTexts, Messages, type AdminUserSummary, type ApprovalStatus } from '@cqa/contracts';
import { errorMessage, errorStatus, paths } from '@cqa/web-core';
import { ErrorState, PageTitle, scrollingTable } from '@cqa/web-ui';
import { useAdminUsersQuery, useChangeApprovalMutation, useChangeBlockedMutation } from '../api';
import { approvalActions, blockActionLabel } from '../approval';
import { StatusBanner, type Banner } from '../components/StatusBanner';
import { AccountDeletionControl } from '../components/AccountDeletionControl';
import { CredentialsSummary } from '../components/CredentialValue';
import { ApprovalStatusTag, EmailStatusTag } from '../components/StatusTag';
import { ImportPanel } from '../../import/components/ImportPanel';
import { UserTexts } from '../texts';

type ListRole = 'patient' | 'expert';
type TabKey = ListRole | 'import';

/**
 * Spec section 2: Patients, Experts and Import tabs (community link import), Refresh, status and actions. Our own
 * admin views (sign-in log, access log, AI runs, research flags) are on the Operations page.
 */
const TABS: ReadonlyArray<{ key: TabKey; label: string }> = [
  { key: 'patient', label: UserTexts.tabs.patient },
  { key: 'expert', label: UserTexts.tabs.expert },
  { key: 'import', label: ImportTexts.tabLabel },
];

export function UserManagementPage() {
  const [tab, setTab] = useState<TabKey>('patient');
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);
  const isList = tab === 'patient' || tab === 'expert';
  const listRole: ListRole = isList ? tab : 'patient';
  const list = useAdminUsersQuery(listRole, { skip: !isList });

  const content =
    tab === 'import' ? (
      <ImportPanel />
    ) : list.isError ? (
      <ErrorState message={errorMessage(list.error, Messages.errors.fetchUserFailed)} />
    ) : (
      <UsersTable role={listRole} users={list.data?.users ?? []} loading={list.isLoading} onBanner={setBanner} />
    );

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
      {/* The open tab's content sits inside its tabpanel, so a screen reader moving into the panel finds it. */}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={TABS.map(({ key, label }) => ({ key, label, children: key === tab ? content : null }))}
      />
    </section>
  );
}

function UsersTable({ role, users, loading, onBanner }: { role: ListRole; users: AdminUserSummary[]; loading: boolean; onBanner: (b: Banner) => void }) {
  const [changeApproval, { isLoading: changingApproval }] = useChangeApprovalMutation();
  const [changeBlocked, { isLoading: changingBlock }] = useChangeBlockedMutation();
  const changing = changingApproval || changingBlock;

  const report = async (verb: string, status: string, run: () => Promise<unknown>) => {
    try {
      await run();
      onBanner({ kind: 'success', text: Messages.success.userStatusChanged(status), at: Date.now() });
    } catch (error) {
      const fallback = Messages.errors.userActionFailed(verb, Messages.errors.httpStatus(errorStatus(error) ?? 0));
      onBanner({ kind: 'error', text: Messages.errors.errorPrefix(errorMessage(error, fallback)), at: Date.now() });
    }
  };
  const act = (user: AdminUserSummary, to: ApprovalStatus, verb: string) =>
    report(verb, to, () => changeApproval({ userId: user.id, approval_status: to }).unwrap());
  const toggleBlock = (user: AdminUserSummary) => {
    const block = !user.is_blocked;
    return report(blockActionLabel(user.is_blocked).toLowerCase(), blockStatusWord(block), () => changeBlocked({ userId: user.id, is_blocked: block }).unwrap());
  };

  return (
    <Table<AdminUserSummary>
      rowKey="id"
      loading={loading}
      dataSource={users}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      {...scrollingTable}
      columns={[
        {
          title: UserTexts.columns.name,
          key: 'name',
          fixed: 'left',
          render: (_, user) =>
            role === 'patient' && user.patient_id ? <Link to={paths.adminEditPatient(user.patient_id)}>{user.full_name}</Link> : user.full_name,
        },
        { title: UserTexts.columns.email, dataIndex: 'email', key: 'email' },
        ...(role === 'expert'
          ? [{
              title: UserTexts.columns.credentials,
              key: 'credentials',
              render: (_: unknown, user: AdminUserSummary) => user.credentials && <CredentialsSummary credentials={user.credentials} />,
            }]
          : []),
        {
          title: UserTexts.columns.emailStatus,
          key: 'emailStatus',
          render: (_, user) => <EmailStatusTag confirmedAt={user.email_confirmed_at} />,
        },
        {
          title: UserTexts.columns.approvalStatus,
          key: 'approval',
          render: (_, user) => (
            <Space size={4} wrap>
              <ApprovalStatusTag status={user.approval_status} />
              {user.is_blocked && <Tag color="red">{UserTexts.blocked}</Tag>}
            </Space>
          ),
        },
        {
          title: UserTexts.columns.lastSignIn,
          key: 'lastSignIn',
          render: (_, user) => (user.last_sign_in_at ? new Date(user.last_sign_in_at).toLocaleString() : 'Never'),
        },
        {
          title: UserTexts.columns.actions,
          key: 'actions',
          render: (_, user) => (
            <Space wrap>
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
              <Button
                size="small"
                danger={!user.is_blocked}
                disabled={changing}
                aria-label={`${blockActionLabel(user.is_blocked)} ${user.full_name}`}
                onClick={() => void toggleBlock(user)}
              >
                {blockActionLabel(user.is_blocked)}
              </Button>
              <AccountDeletionControl user={user} onBanner={onBanner} />
            </Space>
          ),
        },
      ]}
    />
  );
}
