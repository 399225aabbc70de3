import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore, routesOf } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import pages from './pages';

describe('expert pages', () => {
  it('has a page for every route the route table gives to expert', () => {
    const keys = routesOf('expert').map((route) => route.page);
    expect(keys.length).toBeGreaterThan(0);
    expect(Object.keys(pages).sort()).toEqual([...new Set(keys)].sort());
  });

  it("titles the dashboard 'Expert Dashboard'", async () => {
    const Dashboard = pages.dashboard;
    installFetchMock();
    render(
      <Provider store={createAppStore({ auth: signedInState('expert') })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Dashboard />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(/^Expert Dashboard$/);
  });
});
