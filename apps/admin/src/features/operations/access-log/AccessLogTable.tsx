import { useMemo, useState } from 'react';
import { Button, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { PROFILE_AUDIT_ACTION_LABELS, type AdminUserSummary, type ProfileAccessLogEntry } from '@cqa/contracts';
import { errorMessage, paths } from '@cqa/web-core';
import { EmptyState, ErrorState, scrollingTable } from '@cqa/web-ui';
import { useAdminUsersQuery } from '../../users/api';
import { ACCESS_LOG_TEXTS, OperationsColumnTexts } from '../texts';
import { useProfileAccessLogsQuery } from './access-log-api';

const PER_PAGE = 25;

const userLabel = (user: AdminUserSummary) => `${user.full_name} (${user.email})`;

/**
 * The profile access audit trail: who reached which patient's profile or reports, when, from where. Filtered by
 * patient or by the user who reached the data; newest first, one server page at a time.
 */
export function AccessLogTable() {
  const [page, setPage] = useState(1);
  const [patientId, setPatientId] = useState<string | undefined>();
  const [userId, setUserId] = useState<string | undefined>();
  const patients = useAdminUsersQuery('patient');
  const experts = useAdminUsersQuery('expert');
  const logs = useProfileAccessLogsQuery({ patient_id: patientId, user_id: userId, page, per_page: PER_PAGE });

  const patientOptions = useMemo(
    () => (patients.data?.users ?? []).filter((u) => u.patient_id).map((u) => ({ value: u.patient_id as string, label: userLabel(u) })),
    [patients.data],
  );
  const patientNames = useMemo(() => new Map(patientOptions.map((o) => [o.value, o.label])), [patientOptions]);
  const userOptions = useMemo(
    () => [...(experts.data?.users ?? []), ...(patients.data?.users ?? [])].map((u) => ({ value: u.id, label: userLabel(u) })),
    [experts.data, patients.data],
  );

  const filterBy = (next: { patientId?: string; userId?: string }) => {
    setPage(1);
    setPatientId(next.patientId);
    setUserId(next.userId);
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <label htmlFor="access-log-patient">{ACCESS_LOG_TEXTS.patientFilter}</label>
          <Select
            id="access-log-patient"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 'min(260px, 100%)' }}
            placeholder={OperationsColumnTexts.allPatients}
            options={patientOptions}
            value={patientId}
            onChange={(value?: string) => filterBy({ patientId: value, userId })}
          />
          <label htmlFor="access-log-user">{ACCESS_LOG_TEXTS.userFilter}</label>
          <Select
            id="access-log-user"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 'min(260px, 100%)' }}
            placeholder={OperationsColumnTexts.everyone}
            options={userOptions}
            value={userId}
            onChange={(value?: string) => filterBy({ patientId, userId: value })}
          />
        </Space>
        <Button onClick={() => void logs.refetch()} loading={logs.isFetching}>
          Refresh access log
        </Button>
      </Space>
      {logs.isError ? (
        <ErrorState message={errorMessage(logs.error, ACCESS_LOG_TEXTS.fetchFailed)} onRetry={() => void logs.refetch()} />
      ) : (
        <Table<ProfileAccessLogEntry>
          {...scrollingTable}
          rowKey="id"
          loading={logs.isLoading}
          dataSource={logs.data?.logs ?? []}
          locale={{ emptyText: <EmptyState message={ACCESS_LOG_TEXTS.empty} /> }}
          pagination={{ current: page, pageSize: PER_PAGE, total: logs.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: OperationsColumnTexts.when, key: 'when', fixed: 'left', render: (_, log) => new Date(log.created_at).toLocaleString() },
            { title: OperationsColumnTexts.action, key: 'action', render: (_, log) => <Tag>{PROFILE_AUDIT_ACTION_LABELS[log.action]}</Tag> },
            {
              title: OperationsColumnTexts.patient,
              key: 'patient',
              render: (_, log) => (
                <Space>
                  <Link to={paths.adminEditPatient(log.patient_id)}>{patientNames.get(log.patient_id) ?? ACCESS_LOG_TEXTS.unknownPatient}</Link>
                  {patientId !== log.patient_id && (
                    <Button size="small" type="link" onClick={() => filterBy({ patientId: log.patient_id, userId })}>
                      Only this patient
                    </Button>
                  )}
                </Space>
              ),
            },
            {
              title: OperationsColumnTexts.accessedBy,
              key: 'user',
              render: (_, log) => (
                <Space>
                  <span>{`${log.user_email ?? 'Deleted account'} (${log.user_role})`}</span>
                  {log.user_id && userId !== log.user_id && (
                    <Button size="small" type="link" onClick={() => filterBy({ patientId, userId: log.user_id ?? undefined })}>
                      Only this user
                    </Button>
                  )}
                </Space>
              ),
            },
            { title: OperationsColumnTexts.detail, dataIndex: 'detail', key: 'detail' },
            { title: OperationsColumnTexts.ipAddress, dataIndex: 'ip_address', key: 'ip' },
          ]}
        />
      )}
    </>
  );
}
