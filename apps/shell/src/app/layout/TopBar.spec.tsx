import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAppStore, type AuthState, type AuthUser } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { TopBar } from './TopBar';

const user = (role: AuthUser['role']): AuthState => signedInState(role);

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p>at {`${pathname}${search}${hash}`}</p>;
}

function renderTopBar(at = '/', auth?: AuthState) {
  const store = createAppStore({ auth: auth ?? { status: 'anonymous', user: null, accessToken: null } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <TopBar />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('TopBar', () => {
  it('offers Disclaimers and Admin when signed out, and the logo goes to /', () => {
    renderTopBar('/disclaimers');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/');
    expect(navLinks()).toEqual([
      ['Disclaimers', '/disclaimers'],
      ['Admin', '/admin/login'],
    ]);
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('draws no links on a signed-in page while the session is restored', () => {
    const unknown: AuthState = { status: 'unknown', user: null, accessToken: null };
    renderTopBar('/expert/questions', unknown);
    expect(screen.getByRole('link', { name: 'Cancer Q&A' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Disclaimers' })).not.toBeInTheDocument();
  });

  it('keeps the signed-out links of a public page while the session is restored (the pre-rendered bar)', () => {
    renderTopBar('/disclaimers', { status: 'unknown', user: null, accessToken: null });
    expect(navLinks()).toEqual([
      ['Disclaimers', '/disclaimers'],
      ['Admin', '/admin/login'],
    ]);
  });

  it('offers Questions, Profile and Sign Out to a patient', () => {
    renderTopBar('/patient/questions', user('patient'));
    expect(screen.getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/patient/questions');
    expect(navLinks()).toEqual([
      ['Questions', '/patient/questions'],
      ['Profile', '/patient-profile-summary'],
      ['Account', '/account'],
    ]);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('offers Questions and Sign Out to an expert, with no Profile or Admin', () => {
    renderTopBar('/expert/questions', user('expert'));
    expect(navLinks()).toEqual([['Questions', '/expert/questions'], ['Research requests', '/expert/research-requests'], ['Account', '/account']]);
  });

  it('offers Questions, Admin, Operations and Sign Out to an admin', () => {
    renderTopBar('/admin/questions', user('admin'));
    expect(screen.getByRole('link', { name: 'Cancer Q&A' })).toHaveAttribute('href', '/admin/questions');
    expect(navLinks()).toEqual([
      ['Questions', '/admin/questions'],
      ['Admin', '/admin/users'],
      ['Operations', '/admin/operations'],
      ['Research requests', '/admin/research-requests'],
      ['Account', '/account'],
    ]);
  });

  it('offers Job queues to admins only', async () => {
    renderTopBar('/expert/questions', user('expert'));
    expect(screen.queryByRole('button', { name: 'Job queues' })).not.toBeInTheDocument();
  });

  it('asks the API for the Bull Board pass before opening Job queues', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/queues-session', { status: 403, body: { statusCode: 403, error: 'Forbidden', message: "You don't have permission to do this." } });
    const store = renderTopBar('/admin/questions', user('admin'));
    await userEvent.click(screen.getByRole('button', { name: 'Job queues' }));
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/admin/queues-session']);
    await waitFor(() => expect(JSON.stringify(store.getState().toasts)).toContain("You don't have permission to do this."));
  });

  it("shows a patient how many of their questions have new answers, as a labelled link to their questions", async () => {
    const api = installFetchMock();
    api.reply('/api/notifications/new-answers', { status: 200, body: { count: 2 } });
    renderTopBar('/patient/questions', user('patient'));
    const link = await screen.findByRole('link', { name: 'New answers: 2 questions' });
    expect(link).toHaveAttribute('href', '/patient/questions');
    expect(link).toHaveTextContent('New answers: 2');
  });

  it('shows no new-answers link when there are none, and never asks for staff', async () => {
    const api = installFetchMock();
    api.reply('/api/notifications/new-answers', { status: 200, body: { count: 0 } });
    renderTopBar('/patient/questions', user('patient'));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/notifications/new-answers'));
    expect(screen.queryByRole('link', { name: /new answers/ })).not.toBeInTheDocument();
    const staff = installFetchMock();
    renderTopBar('/expert/questions', user('expert'));
    await new Promise((r) => setTimeout(r, 50));
    expect(staff.calls.map((c) => c.url)).not.toContain('/api/notifications/new-answers');
  });

  it("signs out through the API to the landing page's login form, which says so", async () => {
    const api = installFetchMock();
    api.reply('/api/auth/logout', { status: 204 });
    const store = renderTopBar('/expert/questions', user('expert'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('at /?mode=login#notice-signed-out')).toBeInTheDocument();
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null, accessToken: null });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(navLinks().map(([label]) => label)).toEqual(['Disclaimers', 'Admin']);
  });

  it.each(['/patients/12/profile', '/patient-profile-consolidated', '/patient-profile-consolidated/12'])(
    'is hidden on %s',
    (path) => {
      renderTopBar(path, user('expert'));
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.getByText(`at ${path}`)).toBeInTheDocument();
    },
  );

  it('shows on an unknown path', () => {
    renderTopBar('/nowhere');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('marks the current page with aria-current', () => {
    renderTopBar('/patient-profile-summary', user('patient'));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Questions' })).not.toHaveAttribute('aria-current');
  });

  describe('on a phone-wide screen', () => {
    const realMatchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = realMatchMedia;
    });

    it('folds the links into a menu that opens, marks the current page and closes with Escape back onto its button', async () => {
      renderTopBar('/admin/users', user('admin'));
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      const menu = screen.getByRole('button', { name: 'Menu' });
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      const controlled = menu.getAttribute('aria-controls') as string;
      expect(document.getElementById(controlled)).not.toBeNull();

      await userEvent.click(menu);
      expect(menu).toHaveAttribute('aria-expanded', 'true');
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(nav).toHaveAttribute('id', controlled);
      expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
      expect(navLinks()).toEqual([
        ['Questions', '/admin/questions'],
        ['Admin', '/admin/users'],
        ['Operations', '/admin/operations'],
        ['Research requests', '/admin/research-requests'],
        ['Account', '/account'],
      ]);
      expect(within(nav).getByRole('button', { name: 'Job queues' })).toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
      await waitFor(() => expect(menu).toHaveFocus());
    });

    it('closes the menu when a link is followed', async () => {
      renderTopBar('/patient/questions', user('patient'));
      await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
      await userEvent.click(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }));
      expect(await screen.findByText('at /patient-profile-summary')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
