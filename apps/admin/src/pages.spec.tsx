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

  it.each([
    ['dashboard', 'Admin Dashboard'],
    ['operations', 'Operations'],
  ] as const)("titles the %s page '%s'", async (key, title) => {
    const Page = pages[key];
    installFetchMock();
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(new RegExp(`^${title}$`));
  });

});
