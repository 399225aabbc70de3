import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore, routesOf } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import pages from './pages';

describe('admin pages', () => {
  it('has a page for every route the route table gives to admin', () => {
    const keys = routesOf('admin').map((route) => route.page);
    expect(keys.length).toBeGreaterThan(0);
    expect(Object.keys(pages).sort()).toEqual([...new Set(keys)].sort());
  });

  it("titles the dashboard 'Admin Dashboard'", async () => {
    const Dashboard = pages.dashboard;
    installFetchMock();
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Dashboard />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(/^Admin Dashboard$/);
  });

  it("titles the operations page 'Operations'", async () => {
    const Operations = pages.operations;
    installFetchMock();
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Operations />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(/^Operations$/);
  });

});
