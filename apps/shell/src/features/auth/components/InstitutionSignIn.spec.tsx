import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '@cqa/contracts';
import { AuthTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock } from '@cqa/web-core/testing';
import { LoginForm } from './LoginForm';

jest.setTimeout(60_000);

function renderLogin(portal: Role, at = '/') {
  const store = createAppStore({ auth: { status: 'anonymous', user: null, accessToken: null } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <LoginForm portal={portal} onSignedIn={() => undefined} />
      </MemoryRouter>
    </Provider>,
  );
}

describe("'Sign in with your institution'", () => {
  it('appears on the expert and admin login when the server has an identity provider, leading to the start route', async () => {
    for (const portal of ['expert', 'admin'] as const) {
      const api = installFetchMock();
      api.reply('/api/auth/config', { status: 200, body: { institutionSignIn: true } });
      renderLogin(portal);
      const link = await screen.findByRole('link', { name: AuthTexts.institutionSignIn });
      expect(link).toHaveAttribute('href', `/api/auth/oidc/start?portal=${portal}`);
      document.body.innerHTML = '';
    }
  });

  it('stays hidden when not configured, and never shows for patients', async () => {
    const api = installFetchMock();
    api.reply('/api/auth/config', { status: 200, body: { institutionSignIn: false } });
    renderLogin('expert');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.map((c) => c.url)).toEqual(['/api/auth/config']);
    expect(screen.queryByText(AuthTexts.institutionSignIn)).not.toBeInTheDocument();
    document.body.innerHTML = '';
    const patientApi = installFetchMock();
    renderLogin('patient');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(patientApi.calls).toEqual([]);
    expect(screen.queryByText(AuthTexts.institutionSignIn)).not.toBeInTheDocument();
  });

  it('says why a refused institution sign-in was refused', async () => {
    installFetchMock().reply('/api/auth/config', { status: 200, body: { institutionSignIn: true } });
    renderLogin('admin', '/admin/login?sso_error=unverified');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthTexts.institutionEmailUnverified);
  });
});
