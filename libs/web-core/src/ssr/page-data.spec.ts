import { Messages, questionListQueryOf, type AuthUser } from '@cqa/contracts';
import { aiApi } from '../api/ai-api';
import { questionsApi } from '../api/questions-api';
import { sessionStarted } from '../auth/auth.slice';
import { storeWithPageData } from './page-data';

const user = { id: '1', email: 'p@example.org', role: 'patient', firstName: 'P', lastName: 'Q', approvalStatus: 'approved', patientId: '7', profileCompletion: 100 } as AuthUser;
const list = { items: [], page: 1, per_page: 10 };
const notFound = { status: 404, data: { statusCode: 404, error: 'Not Found', message: Messages.errors.questionNotFound } };

describe('a server-rendered page’s store', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    globalThis.fetch = jest.fn(() => Promise.reject(new Error('no network on the server')));
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('holds the API’s answers under the page hooks’ keys, fulfilled or rejected as a request would leave them, fetching nothing', async () => {
    const listArg = questionListQueryOf(new URLSearchParams('filter=answered'));
    const store = await storeWithPageData(
      [
        { endpoint: 'questions', arg: listArg, data: list },
        { endpoint: 'question', arg: '5', error: notFound },
      ],
      (fresh) => fresh.dispatch(sessionStarted({ user, accessToken: 't' })),
    );
    expect(store.getState().auth.user).toEqual(user);
    expect(questionsApi.endpoints.questions.select(questionListQueryOf(new URLSearchParams('filter=answered')))(store.getState() as never)).toMatchObject({ status: 'fulfilled', data: list });
    expect(questionsApi.endpoints.question.select('5')(store.getState() as never)).toMatchObject({ status: 'rejected', error: notFound });
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('answers a query the page did not load with an error, not over the network', async () => {
    const store = await storeWithPageData([], () => undefined);
    await store.dispatch(aiApi.endpoints.aiSettings.initiate());
    expect(aiApi.endpoints.aiSettings.select()(store.getState() as never)).toMatchObject({ status: 'rejected', error: { status: 'CUSTOM_ERROR' } });
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
