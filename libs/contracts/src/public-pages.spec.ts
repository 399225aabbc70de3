import { AuthTexts, Messages, TwoFactorTexts } from './messages';
import { prerenderedFile, prerenderedShowsAll, prerenderedUrls, RESET_TOKEN_PLACEHOLDER } from './prerendered-pages';
import { FORM_NOTICE_SETS, FORM_NOTICES, landingHref, loginPageHref, noticeForMessages, SIGNED_OUT_HREF } from './public-pages';

const query = (search: string) => new URLSearchParams(search);

describe('the public pages, one URL per state', () => {
  it('pre-renders each state of each page once, under a file name its query names', () => {
    const urls = prerenderedUrls();
    expect(urls).toEqual(expect.arrayContaining([
      { url: '/', file: 'landing' },
      { url: '/?role=expert&mode=login', file: 'landing.role-expert.mode-login' },
      { url: '/?mode=register', file: 'landing.mode-register' },
      { url: '/?screen=registered', file: 'landing.screen-registered' },
      { url: '/disclaimers', file: 'disclaimers' },
      { url: '/admin/login', file: 'admin-login' },
      { url: '/forgot-password?screen=sent', file: 'forgot-password.screen-sent' },
      { url: '/reset-password', file: 'reset-password' },
      { url: `/reset-password?token=${RESET_TOKEN_PLACEHOLDER}`, file: `reset-password.token-${RESET_TOKEN_PLACEHOLDER}` },
    ]));
    // The landing page: role (2) × mode (none, login, register) × the second factor's code step (2), and its two screens.
    expect(urls.filter((u) => u.file.startsWith('landing'))).toHaveLength(14);
    expect(urls).toEqual(expect.arrayContaining([
      { url: '/?role=expert&mode=login&two_factor=code', file: 'landing.role-expert.mode-login.two_factor-code' },
      { url: '/admin/login?two_factor=code', file: 'admin-login.two_factor-code' },
    ]));
    expect(new Set(urls.map((u) => u.file)).size).toBe(urls.length);
  });

  it("finds a request's document: its state's, whatever else the query holds, or the page's plain one", () => {
    expect(prerenderedFile('/', query('mode=login&role=expert&two_factor=code'))).toBe('landing.role-expert.mode-login.two_factor-code');
    // The enrolment step needs the page's script: its URL gets the login form's document.
    expect(prerenderedFile('/', query('mode=login&role=expert&two_factor=enrol'))).toBe('landing.role-expert.mode-login');
    expect(prerenderedFile('/admin/login', query('two_factor=code'))).toBe('admin-login.two_factor-code');
    expect(prerenderedFile('/', query('role=patient&mode=login'))).toBe('landing.mode-login');
    expect(prerenderedFile('/', query('role=admin&mode=../../etc'))).toBe('landing');
    // A screen stands alone.
    expect(prerenderedFile('/', query('screen=rejected&role=expert&mode=login'))).toBe('landing.screen-rejected');
    expect(prerenderedFile('/', query('screen=nonsense&role=expert'))).toBe('landing.role-expert');
    expect(prerenderedFile('/disclaimers', query('role=expert'))).toBe('disclaimers');
    expect(prerenderedFile('/patient/questions', query(''))).toBeNull();
    // Every URL the pages link to is one of the pre-rendered states.
    const files = new Set(prerenderedUrls().map((u) => u.file));
    for (const href of [
      landingHref({ role: 'expert', mode: 'register' }), loginPageHref('patient'), landingHref({ screen: 'registered' }),
      loginPageHref('expert', { twoFactor: 'code' }), loginPageHref('patient', { twoFactor: 'code' }), loginPageHref('admin', { twoFactor: 'code' }),
    ]) {
      const url = new URL(href, 'http://x');
      expect(files.has(prerenderedFile(url.pathname, url.searchParams)!)).toBe(true);
    }
  });

  it("tells whether a pre-rendered document shows the URL's whole state, so that the page's script may wait", () => {
    expect(prerenderedShowsAll('/', query(''))).toBe(true);
    expect(prerenderedShowsAll('/', query('role=expert&mode=login&two_factor=code'))).toBe(true);
    expect(prerenderedShowsAll('/', query('role=patient&mode=register'))).toBe(true);
    expect(prerenderedShowsAll('/reset-password', query('token=AbCdEfGhIjKlMnOpQrSt_-12'))).toBe(true);
    // What only the app draws: the enrolment step, an institution's refusal, a reset link that is not one, the unknown.
    expect(prerenderedShowsAll('/', query('role=expert&mode=login&two_factor=enrol'))).toBe(false);
    expect(prerenderedShowsAll('/', query('sso_error=refused'))).toBe(false);
    expect(prerenderedShowsAll('/reset-password', query('token=short'))).toBe(false);
    expect(prerenderedShowsAll('/disclaimers', query('utm_source=mail'))).toBe(false);
    expect(prerenderedShowsAll('/verify-email', query(''))).toBe(false);
  });

  it('writes the state and a notice into the URL, never more (the notice in the fragment)', () => {
    expect(landingHref({})).toBe('/');
    expect(landingHref({ role: 'patient', mode: 'register' }, 'password-common')).toBe('/?mode=register#notice-password-common');
    expect(loginPageHref('expert', { notice: 'credentials' })).toBe('/?role=expert&mode=login#notice-credentials');
    expect(loginPageHref('admin', { twoFactor: 'enrol' })).toBe('/admin/login?two_factor=enrol');
    // The patient's two-factor step names the role: a step without one is an institution's (experts).
    expect(loginPageHref('patient', { twoFactor: 'code' })).toBe('/?role=patient&mode=login&two_factor=code');
    // Signing out lands on the login form, which says so (a pre-rendered state, so it shows without script too).
    expect(SIGNED_OUT_HREF).toBe('/?mode=login#notice-signed-out');
    expect(FORM_NOTICE_SETS.login).toContain('signed-out');
    expect(FORM_NOTICES['signed-out']).toBe(AuthTexts.signedOut);
  });

  it("tells a refusal's notice by its text among the form's, else the form's catch-all", () => {
    expect(noticeForMessages('login', [AuthTexts.invalidCredentials])).toBe('credentials');
    expect(noticeForMessages('login', [Messages.portal.usePortal('Expert')])).toBe('use-expert');
    expect(noticeForMessages('register', ['some field problem', Messages.validation.hipaaRequired])).toBe('hipaa-required');
    expect(noticeForMessages('register', [Messages.platform.unexpected])).toBe('registration-failed');
    expect(noticeForMessages('forgotPassword', [Messages.validation.passwordTooShort])).toBe('send-reset-failed');
    // Each form's catch-all is its own failure text.
    expect(Object.fromEntries(Object.entries(FORM_NOTICE_SETS).map(([form, notices]) => [form, FORM_NOTICES[notices[notices.length - 1]!]]))).toEqual({
      login: Messages.errors.loginFailed, register: Messages.errors.authenticationFailed,
      forgotPassword: Messages.errors.sendResetFailed, resetPassword: Messages.errors.resetFailed, twoFactor: Messages.errors.loginFailed,
    });
    // The second factor's step tells a wrong code, and the refusals that end its challenge, as the JSON route says them.
    expect(noticeForMessages('twoFactor', [TwoFactorTexts.invalidCode])).toBe('code-invalid');
    expect(noticeForMessages('twoFactor', [TwoFactorTexts.tooManyAttempts])).toBe('too-many-codes');
    expect(noticeForMessages('twoFactor', [TwoFactorTexts.challengeExpired])).toBe('sign-in-expired');
  });
});
