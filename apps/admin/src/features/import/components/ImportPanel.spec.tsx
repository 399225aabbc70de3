import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { COMMUNITY_ANSWER_LABEL, ImportTexts, Messages, type ImportBatchView, type ImportRowView } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { AnswerCard } from '@cqa/web-ui';
import { answerFixture } from '@cqa/web-ui/testing';
import { ImportPanel } from './ImportPanel';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderPanel(questionId?: number) {
  const store = createAppStore({ auth: signedInState('admin') });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ImportPanel questionId={questionId} />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);
const row = (over: Partial<ImportRowView>): ImportRowView => ({
  id: 1, batch_id: 5, url: 'https://forum.example/t/1', status: 'queued', stage: null, error: null, question_id: null, answers_created: 0,
  ai_run_id: null, ai_note: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...over,
});
const batch = (rows: ImportRowView[]): ImportBatchView => ({ id: 5, cancer_type: 'General', question_id: null, created_at: '2026-01-01T00:00:00Z', rows });
const list = (items: ImportBatchView[]) => ({ status: 200, body: { items, page: 1, per_page: 10, total: items.length } });
const box = () => screen.getByLabelText(ImportTexts.boxLabel);
const processButton = () => screen.getByRole('button', { name: ImportTexts.process });

describe('ImportPanel', () => {
  it("checks the box: 'Please enter a Link URL' when blank, 'Please enter a valid URL' for a bad line, nothing sent", async () => {
    const api = installFetchMock();
    api.reply('/api/import/batches?page=1', list([]));
    renderPanel();
    expect(await screen.findByText(ImportTexts.noImports)).toBeInTheDocument();
    expect(processButton()).toBeDisabled();
    await userEvent.type(box(), '   {Control>}{Enter}{/Control}');
    expect(await screen.findByText(Messages.validation.linkUrlRequired)).toBeInTheDocument();
    await userEvent.clear(box());
    await userEvent.type(box(), 'https://forum.example/t/1{Enter}reddit.com/r/cancer');
    await userEvent.click(processButton());
    expect(await screen.findByText(Messages.validation.linkUrlInvalid)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the trimmed lines with the cancer type (General by default), shows each row live and announces success', async () => {
    const api = installFetchMock();
    const queued = batch([row({}), row({ id: 2, url: 'https://forum.example/t/2', status: 'fetching', stage: 'Fetching the page' })]);
    const saved = batch([row({ status: 'saved', question_id: 40, answers_created: 3 }), row({ id: 2, url: 'https://forum.example/t/2', status: 'saved', question_id: 41, answers_created: 1 })]);
    api.reply('/api/import/batches?page=1', list([]), list([queued]), list([saved]));
    api.reply('/api/import/batches', { status: 201, body: { batch: queued, already_imported: [] } });
    const store = renderPanel();
    await screen.findByText(ImportTexts.noImports);
    await userEvent.type(box(), '  https://forum.example/t/1 {Enter}{Enter}https://forum.example/t/2{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ urls: ['https://forum.example/t/1', 'https://forum.example/t/2'], cancer_type: 'General' }));
    expect(await screen.findByRole('status', { name: 'https://forum.example/t/2: Fetching' })).toBeInTheDocument();
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.importProcessed), { timeout: 6000 });
    expect(screen.getAllByRole('link', { name: ImportTexts.openQuestion }).map((a) => a.getAttribute('href'))).toEqual(['/admin/questions/40', '/admin/questions/41']);
    expect(box()).toHaveValue('');
  });

  it("says 'Failed to process URL. Please try again.' when a link fails, offers Retry, and a paste box for paste-needed rows", async () => {
    const api = installFetchMock();
    const failed = batch([
      row({ status: 'failed', error: 'Address not allowed' }),
      row({ id: 2, url: 'https://www.quora.com/q', status: 'paste_needed', error: 'Quora does not allow crawling: paste the thread text' }),
    ]);
    api.reply('/api/import/batches?page=1&question_id=12', list([]), list([failed]));
    api.reply('/api/import/batches', { status: 201, body: { batch: batch([row({}), row({ id: 2 })]), already_imported: [] } });
    api.reply('/api/import/rows/1/retry', { status: 200, body: row({}) });
    api.reply('/api/import/rows/2/paste', { status: 200, body: row({ id: 2 }) });
    const store = renderPanel(12);
    await screen.findByText(ImportTexts.noImports);
    expect(screen.queryByLabelText(ImportTexts.cancerTypeLabel)).not.toBeInTheDocument();
    await userEvent.type(box(), 'https://forum.example/t/1{Enter}https://www.quora.com/q');
    await userEvent.click(processButton());
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.processUrlFailed), { timeout: 6000 });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ urls: ['https://forum.example/t/1', 'https://www.quora.com/q'], question_id: 12 });
    expect(screen.getByText('Address not allowed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `${ImportTexts.retry} https://forum.example/t/1` }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/import/rows/1/retry' && c.method === 'POST')).toBe(true));
    await userEvent.type(screen.getByLabelText(ImportTexts.pasteLabel), 'Title{Enter}{Enter}A reply');
    await userEvent.click(screen.getByRole('button', { name: ImportTexts.submitPaste }));
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/import/rows/2/paste')?.body).toEqual({ text: 'Title\n\nA reply' }));
  });

  it('reports a refused submission with the server message', async () => {
    const api = installFetchMock();
    api.reply('/api/import/batches?page=1', list([]));
    api.reply('/api/import/batches', { status: 503, body: {} });
    const store = renderPanel();
    await screen.findByText(ImportTexts.noImports);
    await userEvent.type(box(), 'https://forum.example/t/1');
    await userEvent.click(processButton());
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.processUrlFailed), { timeout: 6000 });
  });
});

describe('community answers from an import', () => {
  it('show host, date, score and the anecdotal label', () => {
    render(<AnswerCard answer={answerFixture({ answer_type: 'quora', community: { host: 'www.reddit.com', posted_at: '2025-03-04T12:00:00Z', score: 31, label: COMMUNITY_ANSWER_LABEL } })} />);
    expect(screen.getByText(COMMUNITY_ANSWER_LABEL)).toBeInTheDocument();
    expect(screen.getByText('www.reddit.com · March 4, 2025 · 31 points')).toBeInTheDocument();
  });
});
