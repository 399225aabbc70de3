import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { Messages, QUESTIONS_PER_PAGE, type AuthUser, type QuestionListQuery } from '@cqa/contracts';
import { installFetchMock } from '../testing/fetch-mock';
import { createAppStore, type AppStore } from '../store/store';
import { sessionStarted } from '../auth/auth.slice';
import { questionsApi, useQuestionsQuery } from '../api/questions-api';
import { PAGE_STATE_ID, pageStateOf, serializePageState, storeFromPageState, takePageState } from './page-state';

const patient: AuthUser = {
  id: 'u1', email: 'pat@example.org', role: 'patient', firstName: 'Pat', lastName: 'P', approvalStatus: 'approved', patientId: '7', profileCompletion: 100,
};
const query: QuestionListQuery = { filter: 'all', page: 1, per_page: QUESTIONS_PER_PAGE };
const list = { items: [{ id: 10, question_text: 'Is </script><script>alert(1)</script> safe?', cancer_type: 'Lung Cancer', created_at: '2026-03-04T09:00:00.000Z', patient_id: '7', answers_count: 0, has_expert_answer: false }], page: 1, per_page: 10 };

function Questions() {
  const { data, isLoading } = useQuestionsQuery(query);
  return <ul>{isLoading ? <li>Loading…</li> : data?.items.map((q) => <li key={q.id}>{q.question_text}</li>)}</ul>;
}

/** What the page server does: a store signed in, the list loaded, rendered and its state serialized. */
async function serverPage(): Promise<{ html: string; state: string }> {
  const server = createAppStore();
  server.dispatch(sessionStarted({ user: patient, accessToken: 'token-1' }));
  await server.dispatch(questionsApi.util.upsertQueryData('questions', query, list));
  const html = renderToString(<Provider store={server}><Questions /></Provider>);
  return { html, state: serializePageState(pageStateOf(server, false)) };
}

function putPage({ html, state }: { html: string; state: string }) {
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${PAGE_STATE_ID}">${state}</script>`;
  return document.getElementById('root')!;
}

describe('a server-rendered page taken over by the browser (page state)', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('starts signed in with the rendered data, hydrates without drawing anything again, and fetches nothing', async () => {
    const fetchMock = installFetchMock();
    const container = putPage(await serverPage());
    const state = takePageState();
    // Read once: the block (with the access token) leaves the page.
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
    const store: AppStore = storeFromPageState(state);
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: patient, accessToken: 'token-1' });

    const item = container.querySelector('li');
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <Provider store={store}><Questions /></Provider>, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // The very node the server sent: React took it over instead of drawing the list again.
    expect(container.querySelector('li')).toBe(item);
    expect(item!.textContent).toBe(list.items[0]!.question_text);
    expect(fetchMock.calls).toEqual([]);
  });

  it('without the rendered data, hydration would not match (the state is what makes it work)', async () => {
    installFetchMock();
    const page = await serverPage();
    const container = putPage(page);
    const { api: _dropped, ...sessionOnly } = takePageState()!;
    const store = storeFromPageState(sessionOnly);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <Provider store={store}><Questions /></Provider>, { onRecoverableError: recoverable });
    });
    expect(recoverable).toHaveBeenCalled();
  });

  it('keeps the JSON inert inside the page: no tag can close the block', async () => {
    const { state } = await serverPage();
    expect(state).not.toMatch(/[<>&]/);
    expect(JSON.parse(state).api.queries).toBeDefined();
  });

  it('a page whose session was refused starts signed out with the spec’s message', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${PAGE_STATE_ID}">{"refused":true}</script>`;
    const store = storeFromPageState(takePageState());
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().toasts.map((t) => t.message)).toEqual([Messages.errors.unableToAccess]);
  });

  it('ignores a missing or broken block (the app restores the session itself)', () => {
    expect(takePageState()).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_STATE_ID}">{not json</script>`;
    expect(takePageState()).toBeNull();
    expect(storeFromPageState(null).getState().auth.status).toBe('unknown');
  });
});
