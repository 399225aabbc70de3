import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { NotificationPaths, NotificationTexts as T, type Role } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { NotificationSettingsCard } from './NotificationSettingsCard';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderCard(role: Role) {
  render(
    <Provider store={createAppStore({ auth: signedInState(role) })}>
      <MemoryRouter><NotificationSettingsCard /></MemoryRouter>
    </Provider>,
  );
}

describe('NotificationSettingsCard', () => {
  it('lets a patient turn answer e-mails off with a labelled switch, saving only their own setting', async () => {
    const api = installFetchMock();
    api.reply(NotificationPaths.settings, { status: 200, body: { answerEmails: true, expertDigest: false } });
    renderCard('patient');
    const toggle = await screen.findByRole('switch', { name: T.answerEmailsLabel });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(T.answerEmailsHelp);
    api.reply(NotificationPaths.settings, { status: 200, body: { answerEmails: false, expertDigest: false } });
    await userEvent.click(toggle);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ answerEmails: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: T.answerEmailsLabel })).not.toBeChecked());
  });

  it('offers an expert the daily digest, off by default', async () => {
    const api = installFetchMock();
    api.reply(NotificationPaths.settings, { status: 200, body: { answerEmails: true, expertDigest: false } });
    renderCard('expert');
    const toggle = await screen.findByRole('switch', { name: T.expertDigestLabel });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ expertDigest: true }]));
  });

  it('shows admins nothing and asks nothing', async () => {
    const api = installFetchMock();
    renderCard('admin');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
