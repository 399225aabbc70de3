import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AccountDeletionPaths, CredentialPaths, AccountDeletionTexts as D, AccountPageTexts as T, AccountPaths, Messages, TwoFactorPaths, type Role } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { AccountPage } from './pages/AccountPage';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const SESSIONS = {
  sessions: [
    { id: 'f1', device: 'Chrome on Linux', started_at: '2026-11-30T10:00:00Z', last_used_at: '2026-12-01T09:00:00Z', current: true },
    { id: 'f2', device: 'Safari on iOS', started_at: '2026-11-20T10:00:00Z', last_used_at: '2026-11-29T18:00:00Z', current: false },
  ],
};

const NO_ARCHIVE = { status: 200, body: { export: null } };

function renderAccount(role: Role = 'patient') {
  const store = createAppStore({ auth: signedInState(role) });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account']}><AccountPage /></MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the account page (issue 44)', () => {
  it('changes the password: the current one, the new one twice; the form checks first, then says what the server says', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.sessions, { status: 200, body: SESSIONS });
    api.reply(AccountPaths.export, NO_ARCHIVE);
    api.reply(
      AccountPaths.password,
      { status: 400, body: { statusCode: 400, message: T.currentPasswordWrong } },
      { status: 200, body: { message: T.passwordChanged } },
    );
    renderAccount();
    await userEvent.click(screen.getByRole('button', { name: T.changePassword }));
    expect(await screen.findByText(T.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(Messages.validation.passwordRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(T.currentPassword), 'Wrong-pass-1');
    await userEvent.type(screen.getByLabelText(T.newPassword), 'New-pass-2026!');
    await userEvent.type(screen.getByLabelText(T.confirmPassword), 'New-pass-2026?');
    await userEvent.click(screen.getByRole('button', { name: T.changePassword }));
    expect(await screen.findByText(Messages.validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.endsWith(AccountPaths.password))).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(T.confirmPassword));
    await userEvent.type(screen.getByLabelText(T.confirmPassword), 'New-pass-2026!');
    await userEvent.click(screen.getByRole('button', { name: T.changePassword }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.currentPasswordWrong);
    expect(api.calls.find((call) => call.url.endsWith(AccountPaths.password))?.body).toEqual({ current_password: 'Wrong-pass-1', new_password: 'New-pass-2026!' });

    await userEvent.clear(screen.getByLabelText(T.currentPassword));
    await userEvent.type(screen.getByLabelText(T.currentPassword), 'Right-pass-1');
    await userEvent.click(screen.getByRole('button', { name: T.changePassword }));
    expect(await screen.findByText(T.passwordChanged)).toBeInTheDocument();
    // The fields are emptied: a password is never left on screen.
    expect(screen.getByLabelText(T.currentPassword)).toHaveValue('');
  });

  it('lists the sessions, marks this one, and ends another with its own button', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.sessions, { status: 200, body: SESSIONS }, { status: 200, body: { sessions: [SESSIONS.sessions[0]] } });
    api.reply(AccountPaths.session('f2'), { status: 200, body: { message: T.sessionEnded } });
    api.reply(AccountPaths.export, NO_ARCHIVE);
    renderAccount();
    const list = (await screen.findByText(T.thisSession)).closest('ul')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(T.thisSession)).toBeInTheDocument();
    // Only the other session has a button, named for its device.
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: T.endSessionLabel('Safari on iOS') }));
    expect(await screen.findByText(T.sessionEnded)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url.endsWith(AccountPaths.session('f2')))).toBe(true);
    expect(await screen.findByText(T.noOtherSessions)).toBeInTheDocument();
  });

  it('says so when the sessions cannot be loaded, and links to the two-factor settings', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.sessions, { status: 500, body: { statusCode: 500, message: 'x' } });
    renderAccount();
    expect(await screen.findByText(T.sessionsFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.securityLink })).toHaveAttribute('href', '/account/security');
  });

  describe('Delete my account', () => {
    const DUE = '2026-12-15T10:00:00.000Z';

    it('says what goes, what stays and the grace period; asks for the password, then a confirmation; a wrong password is told, a right one signs out', async () => {
      const api = installFetchMock();
      api.reply(AccountPaths.sessions, { status: 200, body: SESSIONS });
      api.reply(AccountPaths.export, NO_ARCHIVE);
      api.reply(TwoFactorPaths.status, { status: 200, body: { enabled: false, required: false, recoveryCodesLeft: 0 } });
      api.reply('/api/auth/config', { status: 200, body: { institutionSignIn: false, accountDeletionGraceDays: 21 } });
      api.reply(
        AccountDeletionPaths.own,
        { status: 400, body: { statusCode: 400, message: D.passwordWrong } },
        { status: 200, body: { message: D.scheduled('2026-12-15'), due_at: DUE } },
      );
      const store = renderAccount();
      expect(screen.getByText(D.whatGoes)).toBeInTheDocument();
      expect(screen.getByText(D.whatStays)).toBeInTheDocument();
      // The configured grace period (ACCOUNT_DELETION_GRACE_DAYS), as the server states it.
      expect(await screen.findByText(D.grace(21))).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: D.start }));
      expect(await screen.findByText(D.passwordRequired)).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText(D.passwordLabel), 'Wrong-pass-1');
      await userEvent.click(screen.getByRole('button', { name: D.start }));
      // Nothing is sent before the confirmation, which takes the focus.
      const confirm = await screen.findByRole('button', { name: D.confirm });
      expect(confirm).toHaveFocus();
      expect(api.calls.filter((call) => call.url.endsWith(AccountDeletionPaths.own))).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: D.cancel }));
      expect(screen.queryByRole('button', { name: D.confirm })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: D.start }));
      await userEvent.click(await screen.findByRole('button', { name: D.confirm }));
      expect(await screen.findByRole('alert')).toHaveTextContent(D.passwordWrong);
      expect(api.calls.find((call) => call.url.endsWith(AccountDeletionPaths.own))?.body).toEqual({ password: 'Wrong-pass-1' });
      expect(store.getState().auth.status).toBe('authenticated');

      await userEvent.clear(screen.getByLabelText(D.passwordLabel));
      await userEvent.type(screen.getByLabelText(D.passwordLabel), 'Right-pass-1');
      await userEvent.click(screen.getByRole('button', { name: D.start }));
      await userEvent.click(await screen.findByRole('button', { name: D.confirm }));
      await waitFor(() => expect(store.getState().auth.status).toBe('anonymous'));
      expect(store.getState().toasts.map((t) => t.message)).toContain(`${D.scheduled('2026-12-15')} ${D.signedOutNotice}`);
    });

    it('asks for the authenticator code when two-factor sign-in is on and sends it', async () => {
      const api = installFetchMock();
      api.reply(AccountPaths.sessions, { status: 200, body: SESSIONS });
      api.reply(AccountPaths.export, NO_ARCHIVE);
      api.reply(TwoFactorPaths.status, { status: 200, body: { enabled: true, required: false, recoveryCodesLeft: 10 } });
      api.reply(CredentialPaths.credentials, { status: 200, body: { specialty: 'medical oncologist', licence_number: 'GMC-1', institution: 'Royal Hospital' } });
      api.reply(AccountDeletionPaths.own, { status: 400, body: { statusCode: 400, message: D.codeWrong } });
      renderAccount('expert');
      const code = await screen.findByLabelText(D.codeLabel);
      await userEvent.type(screen.getByLabelText(D.passwordLabel), 'Right-pass-1');
      await userEvent.click(screen.getByRole('button', { name: D.start }));
      expect(await screen.findByText(D.codeRequired)).toBeInTheDocument();
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: D.start }));
      await userEvent.click(await screen.findByRole('button', { name: D.confirm }));
      expect(await screen.findByRole('alert')).toHaveTextContent(D.codeWrong);
      expect(api.calls.find((call) => call.url.endsWith(AccountDeletionPaths.own))?.body).toEqual({ password: 'Right-pass-1', two_factor_code: '123456' });
    });

    it('is not offered to admins', async () => {
      const api = installFetchMock();
      api.reply(AccountPaths.sessions, { status: 200, body: SESSIONS });
      renderAccount('admin');
      expect(await screen.findByRole('heading', { name: T.passwordTitle })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: D.title })).not.toBeInTheDocument();
    });
  });
});
