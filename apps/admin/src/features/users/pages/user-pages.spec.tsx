import { act, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AccountDeletionTexts as D, AccountTexts, ExpertCredentialTexts, ImportTexts, Messages, type AdminUserSummary } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { approvalActions, approvalLabel } from '../approval';
import { ApproveUserPage } from './ApproveUserPage';
import { UserManagementPage } from './UserManagementPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const row = (over: Partial<AdminUserSummary>): AdminUserSummary => ({
  id: 'u1', email: 'ann@x.org', first_name: 'Ann', last_name: 'Lee', full_name: 'Ann Lee', created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z', email_confirmed_at: null, approval_status: 'pending', is_blocked: false, last_sign_in_at: null, patient_id: 'p9', credentials: null, deletion_due_at: null, ...over,
});

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('admin') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/admin/users" element={<UserManagementPage />} />
          <Route path="/admin/approve-user/:userId" element={<ApproveUserPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('approval labels and actions', () => {
  it.each([
    ['pending', 'Pending', ['Approve', 'Reject']],
    ['approved', 'Active', ['Reject', 'Disable']],
    ['rejected', 'Rejected', ['Approve']],
    ['disabled', 'Disabled', ['Approve']],
  ] as const)('%s shows as %s with %j', (status, label, actions) => {
    expect(approvalLabel(status)).toBe(label);
    expect(approvalActions(status).map((a) => a.label)).toEqual(actions);
  });

  it('shows none or empty as Pending, so no status cell starts lower-case', () => {
    expect(approvalLabel(null)).toBe('Pending');
    expect(approvalLabel(undefined)).toBe('Pending');
    for (const status of ['pending', 'approved', 'rejected', 'disabled'] as const) expect(approvalLabel(status)).toMatch(/^[A-Z]/);
  });
});

describe('UserManagementPage', () => {
  it("deletes a patient's account on their request with a note, and cancels a pending deletion (issue 44)", async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', {
      status: 200,
      body: { users: [row({ approval_status: 'approved' }), row({ id: 'u2', full_name: 'Bo Ray', approval_status: 'approved', deletion_due_at: '2026-12-20T10:00:00.000Z' })] },
    });
    api.reply('/api/admin/users/u1/deletion', { status: 200, body: { message: 'ok', due_at: '2026-12-16T10:00:00.000Z' } });
    api.reply('/api/admin/users/u2/deletion', { status: 200, body: { message: D.adminCancelled } });
    renderAt('/admin/users');

    const bo = (await screen.findByText('Bo Ray')).closest('tr')!;
    expect(within(bo as HTMLElement).getByText(D.adminDueTag('2026-12-20'))).toBeInTheDocument();
    await userEvent.click(within(bo as HTMLElement).getByRole('button', { name: `${D.adminCancelButton}: Bo Ray` }));
    expect(await screen.findByText(D.adminCancelled)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith('/api/admin/users/u2/deletion')).map((c) => c.method)).toEqual(['DELETE']);

    await userEvent.click(screen.getByRole('button', { name: `${D.adminButton} Ann Lee` }));
    const dialog = await screen.findByRole('dialog', { name: D.adminDialogTitle('Ann Lee') });
    await userEvent.click(within(dialog).getByRole('button', { name: D.adminConfirm }));
    expect(await within(dialog).findByText(D.adminNoteRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(D.adminNoteLabel), 'Asked by phone on 1 December, identity checked.');
    await userEvent.click(within(dialog).getByRole('button', { name: D.adminConfirm }));
    expect(await screen.findByText(D.adminScheduled('2026-12-16'))).toBeInTheDocument();
    const posted = api.calls.filter((c) => c.url.endsWith('/api/admin/users/u1/deletion'));
    expect(posted.map((c) => [c.method, c.body])).toEqual([['POST', { note: 'Asked by phone on 1 December, identity checked.' }]]);
  });

  it('lists patients with email status, approval label and a link to the edit screen; approves with a banner that clears', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [row({}), row({ id: 'u2', full_name: 'Bo Ray', email_confirmed_at: '2026-01-02T00:00:00Z', approval_status: 'approved', patient_id: 'p2' })] } });
    api.reply('/api/user-approval/u1', { status: 200, body: { success: true, approval_status: 'approved' } });
    renderAt('/admin/users');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User management');
    expect(screen.getByRole('tab', { name: 'Patients' })).toHaveAttribute('aria-selected', 'true');
    // The spec's three tabs, and only those: our own admin views are on the Operations page.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Patients', 'Experts', ImportTexts.tabLabel]);
    const ann = (await screen.findByRole('link', { name: 'Ann Lee' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/admin/patient/p9/edit');
    // Email status and approval status: one capitalisation, the spec's words.
    expect(within(ann).getAllByText('Pending')).toHaveLength(2);
    expect(within(ann).queryByText('pending')).not.toBeInTheDocument();
    expect(within(ann).getByText('Never')).toBeInTheDocument();
    const bo = screen.getByRole('link', { name: 'Bo Ray' }).closest('tr') as HTMLElement;
    expect(within(bo).getByText('Verified')).toBeInTheDocument();
    expect(within(bo).getByText('Active')).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Disable Bo Ray' })).toBeInTheDocument();

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(within(ann).getByRole('button', { name: 'Approve Ann Lee' }));
      expect(await screen.findByText(Messages.success.userStatusChanged('approved'))).toBeInTheDocument();
      expect(api.calls.find((c) => c.url === '/api/user-approval/u1')?.body).toEqual({ approval_status: 'approved' });
      act(() => { jest.advanceTimersByTime(3000); });
      expect(screen.queryByText(Messages.success.userStatusChanged('approved'))).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("blocks and unblocks from either list with 'User {status} successfully!', showing Blocked and the last sign-in", async () => {
    const api = installFetchMock();
    const eve = row({ id: 'e1', full_name: 'Eve Lee', patient_id: null, approval_status: 'approved', last_sign_in_at: '2026-11-20T08:30:00Z' });
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [] } });
    api.reply('/api/admin/experts-auth', { status: 200, body: { users: [eve] } }, { status: 200, body: { users: [{ ...eve, is_blocked: true }] } });
    api.reply('/api/user-block/e1', { status: 200, body: { success: true, is_blocked: true } }, { status: 200, body: { success: true, is_blocked: false } });
    renderAt('/admin/users');
    await userEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    const eveRow = (await screen.findByText('Eve Lee')).closest('tr') as HTMLElement;
    expect(within(eveRow).getByText(new Date('2026-11-20T08:30:00Z').toLocaleString())).toBeInTheDocument();
    await userEvent.click(within(eveRow).getByRole('button', { name: 'Block Eve Lee' }));
    expect(await screen.findByText(Messages.success.userStatusChanged('blocked'))).toBeInTheDocument();
    expect(screen.getByText('User blocked successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/user-block/e1')?.body).toEqual({ is_blocked: true });
    const blockedRow = (await screen.findByText('Blocked')).closest('tr') as HTMLElement;
    await userEvent.click(within(blockedRow).getByRole('button', { name: 'Unblock Eve Lee' }));
    expect(await screen.findByText('User unblocked successfully!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/user-block/e1').map((c) => c.body)).toEqual([{ is_blocked: true }, { is_blocked: false }]);
  });

  it("shows experts' professional details, 'not given' where an expert registered before they were asked has none (issue 44 item 7)", async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [row({})] } });
    api.reply('/api/admin/experts-auth', {
      status: 200,
      body: {
        users: [
          row({ id: 'e1', full_name: 'Eve Lee', patient_id: null, credentials: { specialty: 'medical oncologist', licence_number: 'GMC 1234567', institution: 'Royal Hospital' } }),
          row({ id: 'e2', full_name: 'Old Timer', patient_id: null, credentials: { specialty: null, licence_number: null, institution: null } }),
        ],
      },
    });
    renderAt('/admin/users');
    await screen.findByRole('link', { name: 'Ann Lee' });
    expect(screen.queryByRole('columnheader', { name: 'Professional details' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    const eve = (await screen.findByText('Eve Lee')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Professional details' })).toBeInTheDocument();
    for (const text of ['medical oncologist', 'GMC 1234567', 'Royal Hospital']) expect(within(eve).getByText(text)).toBeInTheDocument();
    const old = screen.getByText('Old Timer').closest('tr') as HTMLElement;
    expect(within(old).getAllByText(ExpertCredentialTexts.notGiven)).toHaveLength(3);
  });

  it("shows 'Error: {message}' when the change is refused", async () => {
    const api = installFetchMock();
    api.reply('/api/admin/experts-auth', { status: 200, body: { users: [row({ id: 'e1', full_name: 'Eve Lee', patient_id: null, approval_status: 'rejected' })] } });
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [] } });
    api.reply('/api/user-approval/e1', { status: 400, body: { statusCode: 400, message: AccountTexts.invalidTransition('rejected', 'approved') } });
    renderAt('/admin/users');
    await userEvent.click(screen.getByRole('tab', { name: 'Experts' }));
    expect(await screen.findByText('Eve Lee')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Eve Lee' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Eve Lee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.errors.errorPrefix(AccountTexts.invalidTransition('rejected', 'approved')));
  });

  it('refreshes the list', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/patients-auth', { status: 200, body: { users: [] } }, { status: 200, body: { users: [row({})] } });
    renderAt('/admin/users');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();
  });
});

describe('ApproveUserPage', () => {
  it('shows the user and approves', async () => {
    const api = installFetchMock();
    api.reply('/api/user/u1', {
      status: 200,
      body: { id: 'u1', email: 'ann@x.org', email_confirmed_at: null, approval_status: 'pending', app_specific_data: { role: 'expert', first_name: 'Ann', last_name: 'Lee', registration_date: '2026-01-01T00:00:00Z' },
        credentials: { specialty: 'radiation oncologist', licence_number: 'GMC 7654321', institution: null },
      },
    });
    api.reply('/api/user-approval/u1', { status: 200, body: { success: true, approval_status: 'approved' } });
    renderAt('/admin/approve-user/u1');
    expect(await screen.findByText('ann@x.org')).toBeInTheDocument();
    expect(screen.getByText('expert')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    // The expert's professional details, to judge the registration by (issue 44 item 7).
    expect(screen.getByRole('row', { name: `${ExpertCredentialTexts.specialty} radiation oncologist` })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: `${ExpertCredentialTexts.licenceNumber} GMC 7654321` })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: `${ExpertCredentialTexts.institution} ${ExpertCredentialTexts.notGiven}` })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(Messages.success.userApproved)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('rejects with the reason the admin typed, which the e-mail to the user repeats', async () => {
    const api = installFetchMock();
    api.reply('/api/user/u2', {
      status: 200,
      body: { id: 'u2', email: 'bo@x.org', email_confirmed_at: null, approval_status: 'pending', app_specific_data: { role: 'patient', first_name: 'Bo', last_name: 'Ng', registration_date: '2026-01-01T00:00:00Z' }, credentials: null },
    });
    api.reply('/api/user-approval/u2', { status: 200, body: { success: true, approval_status: 'rejected' } });
    renderAt('/admin/approve-user/u2');
    await userEvent.type(await screen.findByLabelText(/Reason for a rejection/), '  No diagnosis on file.  ');
    expect(screen.queryByText(ExpertCredentialTexts.specialty)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(Messages.success.userStatusChanged('rejected'))).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/api/user-approval/u2'))?.body).toEqual({ approval_status: 'rejected', reason: 'No diagnosis on file.' });
  });

  it("says 'User not found' for an unknown id", async () => {
    const api = installFetchMock();
    api.reply('/api/user/zz', { status: 404, body: { statusCode: 404, message: Messages.errors.userNotFound } });
    renderAt('/admin/approve-user/zz');
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.errors.userNotFound);
  });
});
