import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ResearchRequestTexts, type ResearchQueueItem, type ResearchQueueResponse } from '@cqa/contracts';
import { createAppStore, paths } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { ResearchRequestsPage } from './ResearchRequestsPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const T = ResearchRequestTexts;

const item = (over: Partial<ResearchQueueItem>): ResearchQueueItem => ({
  id: 7, questionId: 12, questionText: 'Does exercise help fatigue during chemotherapy?', cancerType: 'Breast Cancer',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(), status: 'requested', state: 'requested', runId: null, error: null, mine: false, ...over,
});
const page = (items: ResearchQueueItem[], total = items.length): ResearchQueueResponse => ({ items, total, page: 1, per_page: 20 });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage() {
  const store = createAppStore({ auth: signedInState('expert') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/expert/research-requests']}>
        <Routes>
          <Route path="*" element={<><ResearchRequestsPage questionPath={paths.expertQuestion} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('Research requests queue (issue 38)', () => {
  it('lists each request with its question, cancer type and age, and says so when none waits', async () => {
    const api = installFetchMock();
    api.reply('/api/research-requests?page=1', { status: 200, body: page([item({}), item({ id: 8, questionId: 13, questionText: 'Is proton therapy better?', status: 'taken', state: 'not_completed', error: 'Literature search failed', runId: 4 })]) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: T.queueTitle })).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: 'Does exercise help fatigue during chemotherapy?' })).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Does exercise help fatigue during chemotherapy?' })).toHaveAttribute('href', '/expert/questions/12?tab=deep_research');
    expect(within(first).getByText('Breast Cancer')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('3 h')).toBeInTheDocument());
    expect(within(first).getByRole('button', { name: `${T.take}: Does exercise help fatigue during chemotherapy?` })).toBeInTheDocument();
    const second = screen.getByText('Is proton therapy better?').closest('tr') as HTMLElement;
    expect(within(second).getByText(T.staffStates.not_completed)).toBeInTheDocument();
    expect(within(second).getByText('Literature search failed')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: T.openQuestion })).toHaveAttribute('href', '/expert/questions/13?tab=deep_research');
  });

  it('shows the empty state', async () => {
    const api = installFetchMock();
    api.reply('/api/research-requests?page=1', { status: 200, body: page([]) });
    renderPage();
    expect(await screen.findByText(T.queueEmpty)).toBeInTheDocument();
  });

  it('starts the run and opens its plan review; when another reviewer was first, says so and refreshes', async () => {
    const api = installFetchMock();
    api.reply('/api/research-requests?page=1', { status: 200, body: page([item({}), item({ id: 9, questionId: 14, questionText: 'Second question here?' })]) });
    api.reply('/api/research-requests/9/take', { status: 409, body: { message: T.alreadyTaken } });
    api.reply('/api/research-requests/7/take', { status: 200, body: { id: 3, questionId: 12, status: 'planning' } });
    const store = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `${T.take}: Second question here?` }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(T.alreadyTaken));
    await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/research-requests?page=1')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: `${T.take}: Does exercise help fatigue during chemotherapy?` }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/expert/questions/12?tab=deep_research'));
    expect(store.getState().toasts.map((t) => t.message)).toContain(T.taken);
  });

  it('declines with a reason of enough words', async () => {
    const api = installFetchMock();
    api.reply('/api/research-requests?page=1', { status: 200, body: page([item({})]) });
    api.reply('/api/research-requests/7/decline', { status: 200, body: { id: 7, questionId: 12, state: 'declined', declineReason: 'x', createdAt: '' } });
    const store = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: `${T.decline}: Does exercise help fatigue during chemotherapy?` }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: T.declineConfirm });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(T.declineReasonLabel), 'A specialist consultation fits better.');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/research-requests/7/decline')?.body).toEqual({ reason: 'A specialist consultation fits better.' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(T.declined));
  });
});
