import { createAppStore } from '../store/store';
import { signedInState } from '../testing/auth-fixtures';
import { installFetchMock } from '../testing/fetch-mock';
import { failureText, questionListUrl, questionsApi, statsUrl } from './questions-api';

const detail = { id: 5, question_text: 'q', cancer_type: 'General', created_at: '', patient_id: null, answers_count: 0, has_expert_answer: false, answers: { ai: [], quora: [], expert: [], deep_research: [] } };

describe('questions API', () => {
  it('builds list and stats URLs in a fixed order, leaving out what is empty', () => {
    expect(questionListUrl({})).toBe('/questions?filter=all&page=1&per_page=10');
    expect(questionListUrl({ filter: 'unanswered', cancer_type: 'Head & Neck Cancer', q: '  chemo fatigue ', page: 3, per_page: 10 })).toBe(
      '/questions?filter=unanswered&cancer_type=Head+%26+Neck+Cancer&q=chemo+fatigue&page=3&per_page=10',
    );
    expect(questionListUrl({ q: '   ' })).toBe('/questions?filter=all&page=1&per_page=10');
    expect(statsUrl()).toBe('/stats');
    expect(statsUrl('Lung Cancer')).toBe('/stats?cancer_type=Lung%20Cancer');
  });

  it('refreshes the question and the lists after a rating or an answer change', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/5', { status: 200, body: detail });
    api.reply('/api/questions?filter=all&page=1&per_page=10', { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/answers/9/rating', { status: 200, body: {} });
    api.reply('/api/questions/5/answers', { status: 201, body: {} });
    const store = createAppStore({ auth: signedInState('patient') });
    const detailSub = store.dispatch(questionsApi.endpoints.question.initiate(5));
    const listSub = store.dispatch(questionsApi.endpoints.questions.initiate({}));
    await detailSub;
    await listSub;
    const count = (url: string) => api.calls.filter((c) => c.url === url && c.method === 'GET').length;
    expect(count('/api/questions/5')).toBe(1);

    await store.dispatch(questionsApi.endpoints.rateAnswer.initiate({ questionId: 5, answerId: 9, rating: 4, feedback: 'Good' }));
    const rating = api.calls.find((c) => c.url === '/api/answers/9/rating');
    expect(rating).toMatchObject({ method: 'PUT', body: { rating: 4, feedback: 'Good' }, auth: 'Bearer token' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(count('/api/questions/5')).toBe(2);
    expect(count('/api/questions?filter=all&page=1&per_page=10')).toBe(1);

    await store.dispatch(questionsApi.endpoints.createAnswer.initiate({ questionId: 5, answer_type: 'expert', answer_text: 'a', sources: ['s'] }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.find((c) => c.url === '/api/questions/5/answers')).toMatchObject({ method: 'POST', body: { answer_type: 'expert', answer_text: 'a', sources: ['s'] } });
    expect(count('/api/questions/5')).toBe(3);
    expect(count('/api/questions?filter=all&page=1&per_page=10')).toBe(2);
    detailSub.unsubscribe();
    listSub.unsubscribe();
  });

  it("shows the server's words for refusals and the spec's fallback for everything else", () => {
    expect(failureText({ status: 403, data: { message: 'Expert ID is required' } }, 'Failed to submit rating. Please try again.')).toBe('Expert ID is required');
    expect(failureText({ status: 500, data: { message: 'Something went wrong on our side.' } }, 'Failed to submit rating. Please try again.')).toBe(
      'Failed to submit rating. Please try again.',
    );
    expect(failureText({ status: 'FETCH_ERROR', error: 'x' }, 'Failed to delete answer. Please try again.')).toBe('Failed to delete answer. Please try again.');
  });
});
