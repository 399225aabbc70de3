import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore, routesOf } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import pages from './pages';

describe('patient pages', () => {
  it('has a page for every route the route table gives to patient', () => {
    const keys = routesOf('patient').map((route) => route.page);
    expect(keys.length).toBeGreaterThan(0);
    expect(Object.keys(pages).sort()).toEqual([...new Set(keys)].sort());
  });

  it("titles the dashboard 'Patients Dashboard'", async () => {
    const Dashboard = pages.dashboard;
    installFetchMock();
    render(
      <Provider store={createAppStore({ auth: signedInState('patient') })}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <Dashboard />
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(/^Patients Dashboard$/);
  });


  it.each([
    ['performanceScale', 'Karnofsky Performance Status Scale'],
    ['reviewOfSystems', 'Review of Systems Symptom List'],
  ] as const)('renders the %s reference document from the schema', async (key, title) => {
    const Page = pages[key];
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(title);
  });
});
