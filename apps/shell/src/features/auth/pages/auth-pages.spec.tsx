import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AUTH_FORM_ROUTES, AuthTexts, Messages } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock } from '@cqa/web-core/testing';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

function renderAt(at: string) {
  const store = createAppStore({ auth: { status: 'anonymous', user: null, accessToken: null } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/verify-email/:code" element={<VerifyEmailPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('VerifyEmailPage', () => {
  it('verifies once, toasts the server message and goes to / after 3 seconds', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/verify-email/abc', { status: 200, body: { message: AuthTexts.emailVerified } });
    const store = renderAt('/verify-email/abc');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying');
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/');
    expect(store.getState().toasts.map((t) => t.message)).toEqual([AuthTexts.emailVerified]);
    expect(api.calls).toHaveLength(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 3100)));
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('says a link opened again is verified already, offering the sign-in (no toast, no redirect)', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/verify-email/used', { status: 200, body: { message: AuthTexts.alreadyVerified } });
    const store = renderAt('/verify-email/used');
    expect(await screen.findByText(AuthTexts.alreadyVerified)).toBeInTheDocument();
    expect(AuthTexts.alreadyVerified).toBe('This email address is already verified. You can log in.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/?mode=login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 3100)));
    expect(screen.getByText(AuthTexts.alreadyVerified)).toBeInTheDocument();
  });

  it("shows the expired state with Resend when the message contains 'expired'", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/verify-email/old', { status: 400, body: { message: AuthTexts.verificationExpired } });
    renderAt('/verify-email/old');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthTexts.verificationExpired);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Login' })).not.toBeInTheDocument();
  });

  it('shows the error state and resends from the form', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/verify-email/bad', { status: 400, body: { message: AuthTexts.verificationInvalid } });
    api.reply('/api/auth/resend-verification', { status: 200, body: { message: Messages.success.verificationSent } });
    const store = renderAt('/verify-email/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthTexts.verificationInvalid);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fill(screen.getByLabelText('Email'), 'a@x.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Email' }));
    await screen.findByRole('button', { name: 'Resend Verification Email' });
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.success.verificationSent]);
    expect(api.calls.at(-1)?.body).toEqual({ email: 'a@x.org' });
  });

  it('falls back to the catalogue text when resending fails without a message', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/verify-email/bad', { status: 400, body: { message: AuthTexts.verificationInvalid } });
    api.reply('/api/auth/resend-verification', { status: 500, body: {} });
    const store = renderAt('/verify-email/bad');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    fill(screen.getByLabelText('Email'), 'a@x.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Email' }));
    await screen.findByRole('button', { name: 'Send Verification Email' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.errors.resendVerificationFailed]);
  });
});

describe('ForgotPasswordPage', () => {
  it("is a real form, posted to its form route without script, which comes back to 'Check Your Email' or with a notice", () => {
    renderAt('/forgot-password#notice-throttled');
    const form = screen.getByRole('button', { name: 'Send Reset Link' }).closest('form')!;
    expect(form).toHaveAttribute('action', AUTH_FORM_ROUTES.forgotPassword);
    expect(form).toHaveAttribute('method', 'post');
    expect(Object.fromEntries(new FormData(form))).toEqual({ email: '' });
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.platform.tooManyRequests);
    cleanup();
    renderAt('/forgot-password?screen=sent');
    expect(screen.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(Messages.success.resetSent)).toBeInTheDocument();
  });

  it("answers 'Check Your Email'", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/forgot-password', { status: 200, body: { message: Messages.success.resetSent } });
    renderAt('/forgot-password');
    fill(screen.getByLabelText('Email'), 'who@x.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(Messages.success.resetSent)).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it("is a real form carrying the link's token, posted to its form route without script", () => {
    renderAt('/reset-password?token=tok-123#notice-same-password');
    const form = screen.getByRole('button', { name: 'Reset Password' }).closest('form')!;
    expect(form).toHaveAttribute('action', AUTH_FORM_ROUTES.resetPassword);
    expect(Object.fromEntries(new FormData(form))).toEqual({ token: 'tok-123', password: '', confirm: '' });
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.validation.samePassword);
  });

  it('checks length and confirmation with the spec messages', async () => {
    renderAt('/reset-password?token=t1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(Messages.validation.confirmPassword)).toBeInTheDocument();
    fill(screen.getByLabelText('New password'), 'short');
    fill(screen.getByLabelText('Confirm new password'), 'other');
    expect(await screen.findByText(Messages.validation.passwordTooShort)).toBeInTheDocument();
    expect(await screen.findByText(Messages.validation.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('warns about a common password, whatever its case, as the API refuses it', async () => {
    renderAt('/reset-password?token=t1');
    fill(screen.getByLabelText('New password'), 'PASSWORD');
    expect(await screen.findByText(Messages.validation.passwordTooCommon)).toBeInTheDocument();
    fill(screen.getByLabelText('New password'), '12345678');
    expect(await screen.findByText(Messages.validation.passwordTooCommon)).toBeInTheDocument();
  });

  it("shows the server's same-password message, and on success toasts and goes to /", async () => {
    const api = installFetchMock();
    api.reply(
      '/api/auth/reset-password',
      { status: 400, body: { statusCode: 400, error: 'Bad Request', message: Messages.validation.samePassword } },
      { status: 200, body: { message: Messages.success.passwordReset } },
    );
    const store = renderAt('/reset-password?token=t1');
    fill(screen.getByLabelText('New password'), 'long-enough');
    fill(screen.getByLabelText('Confirm new password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.validation.samePassword);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('at /')).toBeInTheDocument();
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.success.passwordReset]);
    expect(api.calls[0].body).toEqual({ token: 't1', password: 'long-enough' });
  });
});
