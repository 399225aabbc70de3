import { fireEvent, render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { type AuthUser, NotificationPaths, type Role, type SessionResponse, TwoFactorPaths, TwoFactorTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock } from '@cqa/web-core/testing';
import { LoginForm } from '../auth/components/LoginForm';
import { AccountSecurityPage } from './pages/AccountSecurityPage';
import { TwoFactorScreenTexts as T } from './texts';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

const user: AuthUser = {
  id: 'u1', email: 'admin@example.test', role: 'admin', firstName: 'A', lastName: 'Admin', approvalStatus: 'approved', patientId: null, profileCompletion: null,
};
const session: SessionResponse = { user, accessToken: 'token-1', expiresIn: 900 };

function renderLogin(at = '/admin/login', portal: Role = 'admin') {
  const store = createAppStore({ auth: { status: 'anonymous', user: null, accessToken: null } });
  const onSignedIn = jest.fn();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}><LoginForm portal={portal} onSignedIn={onSignedIn} /></MemoryRouter>
    </Provider>,
  );
  return { store, onSignedIn };
}

async function submitPassword() {
  fill(screen.getByLabelText('Email'), user.email);
  fill(screen.getByLabelText('Password'), 'Correct-horse-9');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('two-factor sign-in step', () => {
  it('asks for the code after the password, announces a wrong one, and signs in with the right one', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 200, body: { twoFactorRequired: true, challenge: 'c1', enrolmentRequired: false, expiresIn: 300 } });
    api.reply(TwoFactorPaths.verify, { status: 401, body: { message: TwoFactorTexts.invalidCode } }, { status: 200, body: session });
    const { store, onSignedIn } = renderLogin();
    await submitPassword();

    expect(await screen.findByRole('heading', { name: T.codeStepTitle })).toBeInTheDocument();
    expect(screen.getByText(T.codePrompt)).toBeInTheDocument();
    const code = screen.getByLabelText(T.codeLabel);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(store.getState().auth.status).toBe('anonymous');

    fill(code, '12a');
    await userEvent.click(screen.getByRole('button', { name: T.verify }));
    expect(await screen.findByText(TwoFactorTexts.codeFormat)).toBeInTheDocument();

    fill(screen.getByLabelText(T.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: T.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TwoFactorTexts.invalidCode);

    fill(screen.getByLabelText(T.codeLabel), '654321');
    await userEvent.click(screen.getByRole('button', { name: T.verify }));
    await screen.findByRole('button', { name: T.verify });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSignedIn).toHaveBeenCalledWith(user);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', accessToken: 'token-1' });
    const bodies = api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.verify)).map((c) => c.body);
    expect(bodies).toEqual([{ challenge: 'c1', code: '123456' }, { challenge: 'c1', code: '654321' }]);
  });

  it('takes a recovery code instead', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 200, body: { twoFactorRequired: true, challenge: 'c2', enrolmentRequired: false, expiresIn: 300 } });
    api.reply(TwoFactorPaths.verify, { status: 200, body: session });
    const { onSignedIn } = renderLogin();
    await submitPassword();
    await userEvent.click(await screen.findByRole('button', { name: T.useRecoveryCode }));
    fill(screen.getByLabelText(T.recoveryLabel), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: T.verify }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onSignedIn).toHaveBeenCalledWith(user);
  });

  it('walks an admin who must enrol through the QR code, the confirmation and the recovery codes before the session', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 200, body: { twoFactorRequired: true, challenge: 'c3', enrolmentRequired: true, expiresIn: 300 } });
    api.reply(TwoFactorPaths.enrolSetup, { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' } });
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i + 2}-bbbbb`);
    api.reply(TwoFactorPaths.enrolConfirm, { status: 200, body: { ...session, recoveryCodes: codes } });
    const { store, onSignedIn } = renderLogin();
    await submitPassword();

    expect(await screen.findByRole('heading', { name: T.enrolTitle })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: T.qrAlt })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    fill(screen.getByLabelText(T.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));

    const list = await screen.findByRole('list', { name: T.recoveryListLabel });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: T.copy })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.download })).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('anonymous');
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: T.continueAfterCodes }));
    expect(onSignedIn).toHaveBeenCalledWith(user);
    expect(store.getState().auth.status).toBe('authenticated');
  });

  describe('after an institution sign-in (the challenge is an httpOnly cookie, only the step is in the URL)', () => {
    it('asks for the code at once and sends it without a challenge of its own', async () => {
      const api = installFetchMock();
      api.reply('/api/auth/config', { status: 200, body: { institutionSignIn: true } });
      api.reply(TwoFactorPaths.verify, { status: 200, body: session });
      const { store, onSignedIn } = renderLogin('/admin/login?two_factor=code');

      expect(await screen.findByRole('heading', { name: T.codeStepTitle })).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      fill(screen.getByLabelText(T.codeLabel), '123456');
      await userEvent.click(screen.getByRole('button', { name: T.verify }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onSignedIn).toHaveBeenCalledWith(user);
      expect(store.getState().auth.status).toBe('authenticated');
      expect(api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.verify)).map((c) => c.body)).toEqual([{ code: '123456' }]);
    });

    it("sends an admin to enrolment, and 'start over' goes back to the password form", async () => {
      const api = installFetchMock();
      api.reply('/api/auth/config', { status: 200, body: { institutionSignIn: true } });
      api.reply(TwoFactorPaths.enrolSetup, { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' } });
      renderLogin('/admin/login?two_factor=enrol');

      expect(await screen.findByRole('heading', { name: T.enrolTitle })).toBeInTheDocument();
      expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
      expect(api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.enrolSetup)).map((c) => c.body)).toEqual([{}]);
      await userEvent.click(screen.getByRole('button', { name: T.startOver }));
      expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    });

    it('shows the step on the patient login too: the sign-in form posted without script comes back with it', async () => {
      installFetchMock();
      renderLogin('/?role=patient&mode=login&two_factor=code', 'patient');
      expect(screen.getByRole('heading', { name: T.codeStepTitle })).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    });
  });
});

describe('account security page', () => {
  function renderSecurity() {
    const store = createAppStore({ auth: { status: 'authenticated', user: { ...user, role: 'expert' }, accessToken: 'token-1' } });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/account/security']}><AccountSecurityPage /></MemoryRouter>
      </Provider>,
    );
  }

  it('asks for the password before setting up, and sends it again with the first code', async () => {
    const api = installFetchMock();
    api.reply(TwoFactorPaths.status, { status: 200, body: { enabled: false, required: false, recoveryCodesLeft: 0 } });
    api.reply(
      TwoFactorPaths.setup,
      { status: 400, body: { message: TwoFactorTexts.wrongPassword } },
      { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,AAAA' } },
    );
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i + 2}-bbbbb`);
    api.reply(TwoFactorPaths.confirm, { status: 200, body: { recoveryCodes: codes } });
    // The page's e-mail settings card loads too; answered, so the only alert is the one this test provokes.
    api.reply(NotificationPaths.settings, { status: 200, body: { answerEmails: false, expertDigest: false } });
    renderSecurity();

    await userEvent.click(await screen.findByRole('button', { name: T.turnOn }));
    expect(screen.getByText(T.turnOnPrompt)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.continueSetup }));
    expect(await screen.findByText(T.passwordRequired)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.setup))).toHaveLength(0);

    fill(screen.getByLabelText(T.passwordLabel), 'Not-the-password-1');
    await userEvent.click(screen.getByRole('button', { name: T.continueSetup }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TwoFactorTexts.wrongPassword);
    fill(screen.getByLabelText(T.passwordLabel), 'Correct-horse-9');
    await userEvent.click(screen.getByRole('button', { name: T.continueSetup }));

    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    fill(screen.getByLabelText(T.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    const list = await screen.findByRole('list', { name: T.recoveryListLabel });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.setup)).map((c) => c.body)).toEqual([
      { password: 'Not-the-password-1' }, { password: 'Correct-horse-9' },
    ]);
    expect(api.calls.filter((c) => c.url.endsWith(TwoFactorPaths.confirm)).map((c) => c.body)).toEqual([{ password: 'Correct-horse-9', code: '123456' }]);
  });
});
