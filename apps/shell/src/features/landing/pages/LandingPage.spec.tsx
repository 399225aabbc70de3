import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AUTH_FORM_ROUTES, AuthTexts, CREDENTIAL_PROBLEMS, ExpertCredentialTexts, Messages, PASSWORD_MIN_LENGTH } from '@cqa/contracts';
import { createAppStore, toastShown } from '@cqa/web-core';
import { installFetchMock, testUser } from '@cqa/web-core/testing';
import { TwoFactorScreenTexts } from '../../two-factor/texts';
import { HAS_ACCOUNT_KEY } from '../has-account';
import { LandingPage, ROLE_PROMPT } from './LandingPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

function renderLanding(at = '/') {
  const store = createAppStore({ auth: { status: 'anonymous', user: null, accessToken: null } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const session = (user = testUser('patient', { profileCompletion: 0 })) => ({ status: 200, body: { user, accessToken: 'tok', expiresIn: 900 } });

describe('LandingPage', () => {
  beforeEach(() => localStorage.clear());

  it('asks for the role and starts in register mode on a first visit; each choice is a link to its state', () => {
    renderLanding();
    const chooser = screen.getByRole('group', { name: ROLE_PROMPT });
    expect(within(chooser).getByRole('link', { name: 'Patient' })).toHaveAttribute('aria-current', 'true');
    expect(within(chooser).getByRole('link', { name: 'Expert' })).not.toHaveAttribute('aria-current');
    expect(within(chooser).getByRole('link', { name: 'Expert' })).toHaveAttribute('href', '/?role=expert');
    expect(screen.getByRole('button', { name: 'Register' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/?mode=login');
    expect(ROLE_PROMPT).toBe('I am logging in/registering as a...');
  });

  it('remembers the chosen mode in the hasAccount flag, and the role keeps it', async () => {
    renderLanding();
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(localStorage.getItem(HAS_ACCOUNT_KEY)).toBe('true');
    expect(screen.getByRole('link', { name: 'Expert' })).toHaveAttribute('href', '/?role=expert&mode=login');
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Register' })).toHaveAttribute('type', 'submit');
    expect(localStorage.getItem(HAS_ACCOUNT_KEY)).toBe('false');
  });

  it("shows each URL's state: role, mode, the outcome screens, and a form post's notice", async () => {
    renderLanding('/?role=expert&mode=login#notice-use-patient');
    expect(screen.getByRole('heading', { name: 'Expert Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Expert' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.portal.usePortal('Patient'));
    cleanup();
    renderLanding('/?mode=login#notice-password-reset');
    expect(screen.getByRole('status')).toHaveTextContent(Messages.success.passwordReset);
    cleanup();
    renderLanding('/?mode=login#notice-signed-out');
    expect(screen.getByRole('status')).toHaveTextContent(AuthTexts.signedOut);
    cleanup();
    renderLanding('/?screen=registered');
    expect(screen.getByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/?mode=login');
    cleanup();
    renderLanding('/?screen=rejected');
    expect(screen.getByText(Messages.errors.registrationRejected)).toBeInTheDocument();
  });

  it('draws real forms, posted to the form routes when no script runs', () => {
    renderLanding('/?role=expert&mode=register');
    const register = screen.getByRole('button', { name: 'Register' }).closest('form')!;
    expect(register).toHaveAttribute('action', AUTH_FORM_ROUTES.register);
    expect(register).toHaveAttribute('method', 'post');
    expect(Object.fromEntries(new FormData(register))).toEqual({
      role: 'expert', first_name: '', last_name: '', email: '', password: '', specialty: '', licence_number: '', institution: '',
    });
    cleanup();
    renderLanding('/?mode=login');
    const login = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect(login).toHaveAttribute('action', AUTH_FORM_ROUTES.login);
    expect(Object.fromEntries(new FormData(login))).toEqual({ role: 'patient', email: '', password: '' });
  });

  describe('as pre-rendered, then hydrated', () => {
    function prerendered() {
      const page = () => (
        <Provider store={createAppStore({ auth: { status: 'anonymous', user: null, accessToken: null } })}>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={<LandingPage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(page());
      document.body.appendChild(container);
      const hydrate = async () => {
        const problems: unknown[] = [];
        await act(async () => {
          hydrateRoot(container, page(), { onRecoverableError: (error) => problems.push(error) });
        });
        return problems;
      };
      return { container, hydrate };
    }
    afterEach(() => { document.body.innerHTML = ''; });

    it('is taken over as it is: no notice left in sight, the browser checks off, a returning visitor then gets the login', async () => {
      localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
      const { container, hydrate } = prerendered();
      // Before the script: the registration (built without a visitor), checked by the browser, with its notices held for CSS.
      expect(container.querySelector('form')).not.toHaveAttribute('novalidate');
      expect(container.querySelectorAll('.cqa-notice').length).toBeGreaterThan(5);
      expect(await hydrate()).toEqual([]);
      expect(await screen.findByRole('heading', { name: 'Patient Login' })).toBeInTheDocument();
      expect(container.querySelector('form')).toHaveAttribute('novalidate');
      expect(container.querySelectorAll('.cqa-notice')).toHaveLength(0);
    });

    it('keeps what was typed before the script ran: the returning visitor stays on the registration they started', async () => {
      localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
      const { container, hydrate } = prerendered();
      fill(container.querySelector<HTMLInputElement>('input[name="email"]')!, 'early@x.org');
      expect(await hydrate()).toEqual([]);
      await act(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });
      expect(screen.getByRole('heading', { name: 'Patient Registration' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('early@x.org');
    });
  });

  it('shows the login validation messages', async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    renderLanding();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(Messages.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(Messages.validation.passwordRequired)).toBeInTheDocument();
    fill(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText(Messages.validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('signs a patient with an incomplete profile in to /patient-profile with the success toast', async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', session());
    const store = renderLanding();
    fill(screen.getByLabelText('Email'), 'p@x.org');
    fill(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('at /patient-profile')).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({ email: 'p@x.org', password: 'secret-pass', role: 'patient' });
    expect(store.getState().auth.accessToken).toBe('tok');
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.success.login]);
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok');
  });

  it("shows the server's portal message on a role mismatch", async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 403, body: { statusCode: 403, error: 'Forbidden', message: Messages.portal.usePortal('Expert') } });
    const store = renderLanding();
    fill(screen.getByLabelText('Email'), 'e@x.org');
    fill(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are registered as a Expert. Please use the Expert Login.');
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it("adds the line the server gives a pending registration under the spec's refusal (issue 44)", async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', {
      status: 403, body: { statusCode: 403, error: 'Forbidden', message: Messages.errors.unableToLogin, detail: AuthTexts.registrationAwaitingApproval },
    });
    renderLanding();
    fill(screen.getByLabelText('Email'), 'p@x.org');
    fill(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${Messages.errors.unableToLogin} ${AuthTexts.registrationAwaitingApproval}`);
  });

  it('shows the registration validation messages, with the patient consents', async () => {
    renderLanding();
    fill(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    for (const text of [
      Messages.validation.firstNameRequired,
      Messages.validation.lastNameRequired,
      Messages.validation.emailRequired,
      Messages.validation.passwordTooShort,
      Messages.validation.disclaimersRequired,
      Messages.validation.hipaaRequired,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'disclaimers' })).toHaveAttribute('href', '/disclaimers');
  });

  it('says the password rule under its field before anything is sent', () => {
    renderLanding();
    const password = screen.getByLabelText('Password');
    expect(AuthTexts.passwordRule).toContain(`${PASSWORD_MIN_LENGTH} characters`);
    expect(screen.getByText(AuthTexts.passwordRule)).toBeInTheDocument();
    const describedBy = (password.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(AuthTexts.passwordRule);
  });

  it("takes the disclaimers' toast down once they are ticked, and it never follows to the success screen", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/register', { status: 201, body: { user: { id: 'u1' }, message: Messages.success.registration } });
    const store = renderLanding();
    const toasts = () => store.getState().toasts.map((t) => t.message);
    fill(screen.getByLabelText('First name'), 'Ann');
    fill(screen.getByLabelText('Last name'), 'Lee');
    fill(screen.getByLabelText('Email'), 'ann@x.org');
    fill(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toasts()).toEqual([Messages.validation.agreeToDisclaimers]));
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    await waitFor(() => expect(toasts()).toEqual([]));
    // Not ticked in time: the toast is up when the form is sent, and goes with the form.
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toasts()).toEqual([Messages.validation.agreeToDisclaimers]));
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /HIPAA/ }));
    store.dispatch(toastShown('error', Messages.validation.agreeToDisclaimers));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('offers the other mode above the form, so a phone reaches it without scrolling past the form', () => {
    renderLanding();
    const toLogin = screen.getByRole('link', { name: 'Login' });
    const form = screen.getByRole('button', { name: 'Register' }).closest('form')!;
    expect(toLogin.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toLogin.parentElement).toHaveTextContent('Already have an account? Login');
  });

  it('leaves the patient fields out for an expert', async () => {
    renderLanding();
    await userEvent.click(screen.getByRole('link', { name: 'Expert' }));
    expect(await screen.findByRole('heading', { name: 'Expert Registration' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Cancer type')).not.toBeInTheDocument();
    expect(screen.queryByText(/HIPAA/)).not.toBeInTheDocument();
    // Its professional details instead (issue 44 item 7), each checked with the contracts' rule before anything is sent.
    const api = installFetchMock();
    fill(screen.getByLabelText('First name'), 'Eve');
    fill(screen.getByLabelText('Last name'), 'Lee');
    fill(screen.getByLabelText('Email'), 'eve@x.org');
    fill(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    fill(screen.getByLabelText(ExpertCredentialTexts.licenceNumber), 'x'.repeat(61));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(CREDENTIAL_PROBLEMS.required.specialty)).toBeInTheDocument();
    expect(screen.getByText(CREDENTIAL_PROBLEMS.tooLong.licence_number)).toBeInTheDocument();
    expect(screen.getByText(CREDENTIAL_PROBLEMS.required.institution)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByLabelText(ExpertCredentialTexts.specialty)).toHaveAttribute('list');
  });

  it('asks a patient for no professional details', () => {
    renderLanding();
    expect(screen.getByRole('heading', { name: 'Patient Registration' })).toBeInTheDocument();
    expect(screen.queryByLabelText(ExpertCredentialTexts.specialty)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(ExpertCredentialTexts.institution)).not.toBeInTheDocument();
  });

  it("registers a patient and shows 'Registration Successful!' with Return to Login", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/register', { status: 201, body: { user: { id: 'u1' }, message: Messages.success.registration } });
    renderLanding();
    fill(screen.getByLabelText('First name'), 'Ann');
    fill(screen.getByLabelText('Last name'), 'Lee');
    fill(screen.getByLabelText('Email'), 'ann@x.org');
    fill(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /HIPAA/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration Successful!' })).toBeInTheDocument();
    expect(screen.getByText(Messages.success.registration)).toBeInTheDocument();
    expect(screen.getByText(/spam folder/)).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({
      email: 'ann@x.org', password: 'long-enough', role: 'patient', first_name: 'Ann', last_name: 'Lee', agreeToTerms: true, hipaa_consent: true,
    });
    await userEvent.click(screen.getByRole('link', { name: 'Return to Login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('switches to login mode when the email is already registered', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/register', { status: 409, body: { statusCode: 409, error: 'Conflict', message: Messages.errors.emailRegistered } });
    const store = renderLanding();
    await userEvent.click(screen.getByRole('link', { name: 'Expert' }));
    await screen.findByRole('heading', { name: 'Expert Registration' });
    fill(screen.getByLabelText('First name'), 'Eve');
    fill(screen.getByLabelText('Last name'), 'Lee');
    fill(screen.getByLabelText('Email'), 'eve@x.org');
    fill(screen.getByLabelText('Password'), 'long-enough');
    fill(screen.getByLabelText(ExpertCredentialTexts.specialty), ' medical oncologist ');
    fill(screen.getByLabelText(ExpertCredentialTexts.licenceNumber), 'GMC 1');
    fill(screen.getByLabelText(ExpertCredentialTexts.institution), 'Clinic');
    await userEvent.click(screen.getByRole('checkbox', { name: /disclaimers/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 10_000 })).toHaveAttribute('type', 'submit');
    expect(api.calls[0]?.body).toMatchObject({ role: 'expert', specialty: 'medical oncologist', licence_number: 'GMC 1', institution: 'Clinic' });
    expect(screen.getByRole('heading', { name: 'Expert Login' })).toBeInTheDocument();
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.errors.emailRegistered]);
    expect(localStorage.getItem(HAS_ACCOUNT_KEY)).toBe('true');
  });

  it('shows an invalid-credentials answer', async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 401, body: { statusCode: 401, message: AuthTexts.invalidCredentials } });
    renderLanding();
    fill(screen.getByLabelText('Email'), 'e@x.org');
    fill(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthTexts.invalidCredentials);
  });

  it("signs out and says 'Your account role does not match this login portal.' when a session names another role", async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', session(testUser('expert')));
    api.reply('/api/auth/logout', { status: 204 });
    const store = renderLanding();
    fill(screen.getByLabelText('Email'), 'e@x.org');
    fill(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.portal.roleMismatch);
    await waitFor(() => expect(store.getState().auth.status).toBe('anonymous'));
    expect(api.calls.map((c) => c.url)).toContain('/api/auth/logout');
  });

  it("says 'Invalid login response' when the answer carries no session", async () => {
    localStorage.setItem(HAS_ACCOUNT_KEY, 'true');
    const api = installFetchMock();
    api.reply('/api/auth/login', { status: 200, body: { user: null } });
    const store = renderLanding();
    fill(screen.getByLabelText('Email'), 'p@x.org');
    fill(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.errors.invalidLoginResponse);
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('opens the expert login at the two-factor step when an institution sign-in needs the code', async () => {
    installFetchMock().reply('/api/auth/config', { status: 200, body: { institutionSignIn: true } });
    renderLanding('/?two_factor=code');
    expect(screen.getByRole('link', { name: 'Expert' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { name: 'Expert Login' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: TwoFactorScreenTexts.codeStepTitle })).toBeInTheDocument();
  });
});
