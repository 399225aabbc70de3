import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AccountExportTexts as T, AccountPaths, type AccountExport, type Role } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { DataExportCard, EXPORT_POLL_MS } from './components/DataExportCard';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const archive = (status: AccountExport['status'], extra: Partial<AccountExport> = {}): AccountExport => ({
  id: '9b2f0a34-5b7e-4a57-9a43-4f6a3d3f1c11', status, requested_at: '2026-12-01T10:00:00Z', ready_at: null, expires_at: null, size_bytes: null, ...extra,
});
const READY = archive('ready', { ready_at: '2026-12-01T10:02:00Z', expires_at: '2026-12-04T10:02:00Z', size_bytes: 5 * 1024 * 1024 });

function renderCard(role: Role = 'patient') {
  const store = createAppStore({ auth: signedInState(role) });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account']}><DataExportCard /></MemoryRouter>
    </Provider>,
  );
}

describe('the "Download my data" card (issue 44 item 3)', () => {
  it('says what the archive holds, prepares one, tells its progress politely, and offers the download when ready', async () => {
    const api = installFetchMock();
    api.reply(
      AccountPaths.export,
      { status: 200, body: { export: null } },
      { status: 200, body: { export: archive('requested') } },
      { status: 200, body: { export: READY } },
    );
    renderCard();
    const card = await screen.findByRole('heading', { name: T.title });
    expect(card.closest('#data-export')).not.toBeNull();
    for (const item of T.includes.patient) expect(screen.getByText(item)).toBeInTheDocument();
    expect(screen.getByText(T.never)).toBeInTheDocument();

    api.reply(AccountPaths.export, { status: 202, body: { export: archive('requested'), message: T.started } }, { status: 200, body: { export: archive('requested') } }, { status: 200, body: { export: READY } });
    await userEvent.click(await screen.findByRole('button', { name: T.prepare }));
    expect(await screen.findByText(T.started)).toBeInTheDocument();
    const progress = await screen.findByText(T.preparing);
    expect(progress.closest('[aria-live="polite"]')).toHaveAttribute('aria-busy', 'true');
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.endsWith(AccountPaths.export))).toHaveLength(1);

    // The card polls while the archive is being prepared, then offers it.
    const download = await screen.findByRole('button', { name: T.downloadLabel('5.0 MB') }, { timeout: EXPORT_POLL_MS * 2 });
    expect(download).toHaveTextContent(T.download);
    expect(screen.getByText(T.signedInNote)).toBeInTheDocument();
  });

  it('offers to try again after a failure, and says so clearly when the daily limit refuses', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.export, { status: 200, body: { export: archive('failed') } });
    renderCard();
    expect(await screen.findByText(T.failed)).toBeInTheDocument();
    api.reply(AccountPaths.export, { status: 429, body: { statusCode: 429, message: T.tooMany(3) } });
    await userEvent.click(screen.getByRole('button', { name: T.tryAgain }));
    expect((await screen.findByText(T.tooMany(3))).closest('[role="alert"]')).not.toBeNull();
    // The refusal leaves the failed archive's state in place.
    expect(screen.getByText(T.failed)).toBeInTheDocument();
  });

  it('tells an expired download as gone, and shows an expert what their archive holds', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.export, { status: 200, body: { export: READY } });
    api.reply(AccountPaths.exportFile(READY.id), { status: 410, body: { statusCode: 410, message: T.gone } });
    renderCard('expert');
    for (const item of T.includes.expert) expect(screen.getByText(item)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: T.downloadLabel('5.0 MB') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.gone)).toBeInTheDocument();
  });
});
