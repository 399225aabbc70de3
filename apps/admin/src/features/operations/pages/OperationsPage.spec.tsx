import { screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { installFetchMock } from '@cqa/web-core/testing';
import { renderOperationsPage } from '../test-helpers';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

describe('OperationsPage', () => {
  it('is titled Operations, with the sign-in log, access log, AI runs and research flags tabs', () => {
    installFetchMock();
    renderOperationsPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Operations$/);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Sign-in log', 'Access log', 'AI runs', 'Research flags']);
    expect(screen.getByRole('tab', { name: 'Sign-in log' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists sign-in activity with failed attempts, newest first from the server, linking each account', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/auth-logs?page=1&per_page=25', {
      status: 200,
      body: {
        total: 2, page: 1, per_page: 25,
        logs: [
          { id: 'l2', user_id: 'u7', event_type: 'login_failed', ip_address: '203.0.113.9', user_agent: 'Firefox', created_at: '2026-11-21T10:00:00Z' },
          { id: 'l1', user_id: null, event_type: 'login_failed', ip_address: '203.0.113.8', user_agent: 'curl', created_at: '2026-11-21T09:00:00Z' },
        ],
      },
    });
    renderOperationsPage();
    const panel = screen.getByRole('tabpanel');
    expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
    // The open tab's content is inside its tabpanel.
    expect(panel).toContainElement(screen.getByText('203.0.113.9'));
    expect(screen.getAllByText('Failed sign-in')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'View account' })).toHaveAttribute('href', '/admin/approve-user/u7');
    expect(screen.getByText('Unknown email')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'AI runs' }));
    expect(screen.getByRole('tab', { name: 'AI runs' })).toHaveAttribute('aria-selected', 'true');
  });
});
