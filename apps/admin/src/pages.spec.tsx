import { render, screen } from '@testing-library/react';
import { routesOf } from '@cqa/web-core';
import pages from './pages';

describe('admin pages', () => {
  it('has a page for every route the route table gives to admin', () => {
    const keys = routesOf('admin').map((route) => route.page);
    expect(keys.length).toBeGreaterThan(0);
    expect(Object.keys(pages).sort()).toEqual([...new Set(keys)].sort());
  });

  it("titles the dashboard 'Admin Dashboard'", () => {
    const Dashboard = pages.dashboard;
    render(<Dashboard />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Admin Dashboard$/);
  });

  it.each([
    ['questionDetail', 'Admin question detail'],
  ] as const)('names the %s placeholder %s', (key, title) => {
    const Page = pages[key];
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });
});
