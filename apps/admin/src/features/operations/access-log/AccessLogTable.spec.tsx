import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { AdminUserSummary, ProfileAccessLogEntry } from '@cqa/contracts';
import { installFetchMock } from '@cqa/web-core/testing';
import { renderOperationsPage } from '../test-helpers';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const EXPERT_ID = '22222222-2222-4222-8222-222222222222';
const user = (over: Partial<AdminUserSummary>): AdminUserSummary => ({
  id: 'u', email: 'x@x.org', first_name: 'X', last_name: 'Y', full_name: 'X Y', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  email_confirmed_at: null, approval_status: 'approved', is_blocked: false, last_sign_in_at: null, patient_id: null, credentials: null, deletion_due_at: null, ...over,
});
const log = (over: Partial<ProfileAccessLogEntry>): ProfileAccessLogEntry => ({
  id: 1, user_id: EXPERT_ID, user_email: 'eve@x.org', user_role: 'expert', patient_id: PATIENT_ID, action: 'profile.read', detail: null,
  ip_address: '10.0.0.7', created_at: '2026-03-01T10:00:00Z', ...over,
});

describe('Access log tab', () => {
  it('lists who reached which patient, and filters by patient and by user', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [user({ id: 'pu', full_name: 'Pat Lee', email: 'pat@x.org', patient_id: PATIENT_ID })] } });
    api.reply('/api/admin/experts-auth', { status: 200, body: { users: [user({ id: EXPERT_ID, full_name: 'Eve Ray', email: 'eve@x.org' })] } });
    const rows = [log({}), log({ id: 2, action: 'report.download', detail: 'report 9', user_id: 'admin-1', user_email: 'adm@x.org', user_role: 'admin' })];
    api.reply('/api/admin/profile-access-logs?page=1&per_page=25', { status: 200, body: { logs: rows, total: 2, page: 1, per_page: 25 } });
    api.reply(`/api/admin/profile-access-logs?patient_id=${PATIENT_ID}&page=1&per_page=25`, { status: 200, body: { logs: rows, total: 2, page: 1, per_page: 25 } });
    api.reply(`/api/admin/profile-access-logs?patient_id=${PATIENT_ID}&user_id=${EXPERT_ID}&page=1&per_page=25`, {
      status: 200, body: { logs: [rows[0]], total: 1, page: 1, per_page: 25 },
    });

    renderOperationsPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Access log' }));
    const viewed = (await screen.findByText('Viewed profile')).closest('tr') as HTMLElement;
    expect(within(viewed).getByRole('link', { name: 'Pat Lee (pat@x.org)' })).toHaveAttribute('href', `/admin/patient/${PATIENT_ID}/edit`);
    expect(within(viewed).getByText('eve@x.org (expert)')).toBeInTheDocument();
    expect(within(viewed).getByText('10.0.0.7')).toBeInTheDocument();
    const opened = screen.getByText('Opened report').closest('tr') as HTMLElement;
    expect(within(opened).getByText('report 9')).toBeInTheDocument();

    await userEvent.click(within(viewed).getByRole('button', { name: 'Only this patient' }));
    await screen.findByText('Opened report');
    expect(api.calls.some((c) => c.url.includes(`patient_id=${PATIENT_ID}`))).toBe(true);

    const eve = (await screen.findByText('eve@x.org (expert)')).closest('tr') as HTMLElement;
    await userEvent.click(within(eve).getByRole('button', { name: 'Only this user' }));
    expect(await screen.findByText('Viewed profile')).toBeInTheDocument();
    await expect(screen.findByText('Opened report', {}, { timeout: 200 })).rejects.toThrow();
    expect(screen.getByLabelText('Patient')).toBeInTheDocument();
    expect(screen.getByLabelText('Accessed by')).toBeInTheDocument();
  });

  it('says so when nothing was recorded', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [] } });
    api.reply('/api/admin/experts-auth', { status: 200, body: { users: [] } });
    api.reply('/api/admin/profile-access-logs?page=1&per_page=25', { status: 200, body: { logs: [], total: 0, page: 1, per_page: 25 } });
    renderOperationsPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Access log' }));
    expect(await screen.findByText('No access to patient profiles recorded yet.')).toBeInTheDocument();
  });
});
