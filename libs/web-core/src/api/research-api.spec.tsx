import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createAppStore } from '../store/store';
import { signedInState } from '../testing/auth-fixtures';
import { installFetchMock } from '../testing/fetch-mock';
import { questionsApi } from './questions-api';
import { useDeepResearch } from './research-api';

jest.setTimeout(30_000);

const detail = { id: 5, question_text: 'q', cancer_type: 'General', created_at: '', patient_id: null, answers_count: 0, has_expert_answer: false, answers: { ai: [], quora: [], expert: [], deep_research: [] } };
const latest = (status: string) => ({ run: { id: 3, questionId: 5, status, stage: status === 'completed' ? 'done' : 'extract', steps: [] }, mayControl: true, aiConfigured: true });

function Tab() {
  questionsApi.useQuestionQuery(5);
  useDeepResearch(5);
  return null;
}

describe('useDeepResearch', () => {
  it('polls while the run is active and refetches the question when it completes, so the published answer shows', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/5', { status: 200, body: detail });
    api.reply('/api/questions/5/research', { status: 200, body: latest('running') }, { status: 200, body: latest('completed') });
    const count = (url: string) => api.calls.filter((c) => c.url === url && c.method === 'GET').length;
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <Tab />
      </Provider>,
    );
    await waitFor(() => expect(count('/api/questions/5')).toBe(1));
    await waitFor(() => expect(count('/api/questions/5/research')).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    await waitFor(() => expect(count('/api/questions/5')).toBe(2));
  });

  it("follows the patient's own open request (no run is shown to them) and refetches the question when its state moves on", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/5', { status: 200, body: detail });
    const mine = (state: string) => ({ run: null, mayControl: false, aiConfigured: true, mayRequest: false, request: { id: 1, questionId: 5, state, declineReason: null, createdAt: '' } });
    api.reply('/api/questions/5/research', { status: 200, body: mine('requested') }, { status: 200, body: mine('plan_review') });
    const count = (url: string) => api.calls.filter((c) => c.url === url && c.method === 'GET').length;
    render(
      <Provider store={createAppStore({ auth: signedInState('patient') })}>
        <Tab />
      </Provider>,
    );
    await waitFor(() => expect(count('/api/questions/5')).toBe(1));
    await waitFor(() => expect(count('/api/questions/5/research')).toBeGreaterThanOrEqual(2), { timeout: 8000 });
    await waitFor(() => expect(count('/api/questions/5')).toBe(2));
  });
});
