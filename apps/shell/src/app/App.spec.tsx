import { render, screen, within } from '@testing-library/react';
import { createAppStore, routesOf, type RemoteName } from '@cqa/web-core';
import { App } from './App';
import { createRemotePageResolver, type RemotePagesLoader } from './routing/remote-pages';

// Stands in for Module Federation: each remote page renders an h1 naming its remote and page key.
const fakeRemotes: RemotePagesLoader = async (remote: RemoteName) => ({
  default: Object.fromEntries(
    routesOf(remote).map(({ page }) => [page, () => <h1>{`${remote} page ${page}`}</h1>]),
  ),
});

function renderAt(path: string, load: RemotePagesLoader = fakeRemotes) {
  window.history.pushState({}, '', path);
  const loader = jest.fn(load);
  render(<App store={createAppStore()} resolver={createRemotePageResolver(loader)} />);
  return loader;
}

describe('App', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('renders the landing page at / inside the page landmarks, without loading any remote', () => {
    const loader = renderAt('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'An AI-powered network of top cancer researchers',
    );
    expect(screen.getByText(/non-FDA-regulated, investigative space for cancer prevention and treatment/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Cancer Q&A`);
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows the landing page for an unknown path', () => {
    renderAt('/this/does/not/exist');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An AI-powered network of top cancer researchers');
  });

  it('lists the disclaimers with a Back link to /', () => {
    renderAt('/disclaimers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Disclaimers');
    const items = within(screen.getByRole('main')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items.some((text) => /not medical advice/.test(text ?? ''))).toBe(true);
    expect(items.some((text) => /911/.test(text ?? ''))).toBe(true);
    expect(items.some((text) => /Food and Drug Administration/.test(text ?? ''))).toBe(true);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password', 'Reset your password'],
    ['/verify-email/abc', 'Verify your email'],
    ['/admin/login', 'Admin login'],
  ])('renders the shell placeholder at %s', (path, title) => {
    const loader = renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(loader).not.toHaveBeenCalled();
  });

  it.each([
    ['/patient/questions', 'patient', 'dashboard'],
    ['/patient/questions/4', 'patient', 'questionDetail'],
    ['/patient-profile-readonly/4', 'patient', 'readonlyProfile'],
    ['/expert/questions', 'expert', 'dashboard'],
    ['/expert/blinded-questions/4', 'expert', 'answerReview'],
    ['/admin', 'admin', 'dashboard'],
    ['/admin/questions', 'admin', 'dashboard'],
    ['/admin/patient/9/edit', 'admin', 'editPatient'],
  ])('renders %s from the %s remote (page %s), without a session', async (path, remote, page) => {
    const loader = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(`${remote} page ${page}`);
    expect(loader.mock.calls).toEqual([[remote]]);
  });

  it('hides the top bar on the consolidated profile', async () => {
    renderAt('/patient-profile-consolidated');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
