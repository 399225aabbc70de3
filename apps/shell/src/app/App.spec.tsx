import { render, screen, within } from '@testing-library/react';
import { Messages } from '@cqa/contracts';
import { createAppStore, routesOf, type AuthState, type RemoteName } from '@cqa/web-core';
import { installFetchMock, signedInState, testUser } from '@cqa/web-core/testing';
import { App } from './App';
import { createRemotePageResolver, type RemotePagesLoader } from './routing/remote-pages';

// Stands in for Module Federation: each remote page renders an h1 naming its remote and page key.
const fakeRemotes: RemotePagesLoader = async (remote: RemoteName) => ({
  default: Object.fromEntries(
    routesOf(remote).map(({ page }) => [page, () => <h1>{`${remote} page ${page}`}</h1>]),
  ),
});

const anonymous: AuthState = { status: 'anonymous', user: null, accessToken: null };

function renderAt(path: string, load: RemotePagesLoader = fakeRemotes, auth: AuthState = anonymous) {
  window.history.pushState({}, '', path);
  const loader = jest.fn(load);
  const store = createAppStore({ auth });
  render(<App store={store} resolver={createRemotePageResolver(loader)} />);
  return Object.assign(loader, { store });
}

describe('App', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('renders the landing page at / inside the page landmarks, without loading any remote', async () => {
    const loader = renderAt('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(
      'An AI-powered network of top cancer researchers',
    );
    expect(screen.getByText(/non-FDA-regulated, investigative space for cancer prevention and treatment/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Cancer Q&A`);
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows the landing page for an unknown path', async () => {
    renderAt('/this/does/not/exist');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent('An AI-powered network of top cancer researchers');
  });

  it('lists the disclaimers with a Back link to /', async () => {
    renderAt('/disclaimers');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent('Disclaimers');
    const items = within(screen.getByRole('main')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items.some((text) => /not medical advice/.test(text ?? ''))).toBe(true);
    expect(items.some((text) => /911/.test(text ?? ''))).toBe(true);
    expect(items.some((text) => /Food and Drug Administration/.test(text ?? ''))).toBe(true);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Reset your password'],
    ['/admin/login', 'Admin login'],
  ])('renders the shell page at %s', async (path, title) => {
    const loader = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(title);
    expect(loader).not.toHaveBeenCalled();
  });

  it.each([
    ['/patient/questions', 'patient', 'dashboard'],
    ['/patient/questions/4', 'patient', 'questionDetail'],
    ['/patient-profile-readonly/77', 'patient', 'readonlyProfile'],
    ['/expert/questions', 'expert', 'dashboard'],
    ['/expert/blinded-questions/4', 'expert', 'answerReview'],
    ['/admin', 'admin', 'dashboard'],
    ['/admin/questions', 'admin', 'dashboard'],
    ['/admin/patient/9/edit', 'patient', 'editPatient'],
  ] as const)('renders %s from the %s remote (page %s)', async (path, remote, page) => {
    const role = path.startsWith('/admin') ? 'admin' : remote;
    const loader = renderAt(path, fakeRemotes, signedInState(role));
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(`${remote} page ${page}`);
    expect(loader.mock.calls).toEqual([[remote]]);
  });

  it('sends a visitor with no session from a guarded route to /, without loading the remote', () => {
    const loader = renderAt('/expert/questions');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An AI-powered network of top cancer researchers');
    expect(window.location.pathname).toBe('/');
    expect(loader).not.toHaveBeenCalled();
  });

  it('sends a signed-in user of another role to their own questions page', async () => {
    const loader = renderAt('/expert/questions', fakeRemotes, signedInState('patient'));
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent('patient page dashboard');
    expect(window.location.pathname).toBe('/patient/questions');
    expect(loader.mock.calls).toEqual([['patient']]);
  });

  it("sends a non-admin away from an admin screen with the toast 'You don't have permission to access this page'", () => {
    const { store } = renderAt('/admin/users', fakeRemotes, signedInState('expert'));
    expect(window.location.pathname).toBe('/');
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.portal.noPermission]);
  });

  it("shows 'Loading' on a guarded route while the session is restored, then the page", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/refresh', { status: 200, body: { user: testUser('admin'), accessToken: 'a', expiresIn: 900 } });
    renderAt('/admin/users', fakeRemotes, { status: 'unknown', user: null, accessToken: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'admin page users' })).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/refresh']);
  });

  it('toasts the spec message when the session cannot be restored for a refused account', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/refresh', { status: 403, body: { statusCode: 403, message: Messages.errors.unableToAccess } });
    const { store } = renderAt('/patient/questions', fakeRemotes, { status: 'unknown', user: null, accessToken: null });
    expect(await screen.findByText(Messages.errors.unableToAccess)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('hides the top bar on the consolidated profile', async () => {
    renderAt('/patient-profile-consolidated', fakeRemotes, signedInState('patient'));
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
