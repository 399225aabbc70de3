import { Messages, SERVER_PAGES, type PageQuery } from '@cqa/contracts';
import { Roles } from '../common/access/access.decorator';
import type { QuestionsController } from '../modules/questions/questions.controller';
import { questionsPageLoaders } from '../modules/questions/questions.page-data';
import type { QuestionDetailController } from '../modules/answers/views/question-detail.controller';
import { questionDetailPageLoaders } from '../modules/answers/views/question-detail.page-data';
import type { AiAnswersController } from '../modules/answers/ai/ai-answers.controller';
import { aiAnswersPageLoaders } from '../modules/answers/ai/ai-answers.page-data';
import { handlerAllows, pageDataLoader, type PageLoaders } from './page-data';

const patient = { id: '7', role: 'patient' as const };

function controllers() {
  const questions = {
    list: jest.fn(async () => ({ items: [{ id: 1, created_at: new Date('2026-03-04T09:00:00.000Z'), answers_count: 0, has_new_answers: undefined }], page: 1, per_page: 10 })),
    detail: jest.fn(async (_caller: unknown, id: number) => ({ id })),
    stats: jest.fn(async () => ({ totalPatients: 1, totalQuestions: 2 })),
  };
  const ai = { settings: jest.fn(() => ({ configured: false, phiAllowed: false, autoAnswer: false })), latestRun: jest.fn(async () => ({ run: null, configured: false })) };
  const all: PageLoaders = {
    ...questionsPageLoaders(questions as unknown as QuestionsController),
    ...questionDetailPageLoaders(questions as unknown as QuestionDetailController),
    ...aiAnswersPageLoaders(ai as unknown as AiAnswersController),
  };
  return { questions, ai, all };
}

// Stand-ins for the controllers (jest.fn()s); the access rules read are the real handlers' @Roles metadata.
describe('the server-rendered pages’ data loaders', () => {
  it.each(SERVER_PAGES.map((page) => [page.path, page] as const))('%s: every query it loads is one its role may call on the API', (_path, page) => {
    const queries: PageQuery[] = page.queries({ params: { id: '12' }, search: new URLSearchParams('cancer_type=Lung+Cancer') });
    expect(queries.length).toBeGreaterThan(0);
    const { all } = controllers();
    for (const query of queries) expect(handlerAllows(all[query.endpoint].handler, page.access)).toBe(true);
  });

  it('reads a route’s rule from its handler: a role it does not list, or no rule at all, is refused', () => {
    class Sample {
      @Roles('admin')
      adminOnly() {}
      undeclared() {}
    }
    expect(handlerAllows(Sample.prototype.adminOnly, 'admin')).toBe(true);
    expect(handlerAllows(Sample.prototype.adminOnly, 'patient')).toBe(false);
    expect(handlerAllows(Sample.prototype.undeclared, 'admin')).toBe(false);
  });

  it('calls the API’s handlers with the caller and the query as the API’s pipes make it, and answers their JSON', async () => {
    const { questions, all } = controllers();
    const load = pageDataLoader(all);
    const [list, stats] = await load(patient, [
      { endpoint: 'questions', arg: { filter: 'answered', cancer_type: 'Lung Cancer', q: ' pain ', page: 2, per_page: 10 } },
      { endpoint: 'dashboardStats', arg: 'Lung Cancer' },
    ]);
    expect(questions.list).toHaveBeenCalledWith(patient, expect.objectContaining({ filter: 'answered', cancer_type: 'Lung Cancer', q: 'pain', page: 2, per_page: 10 }));
    expect(questions.stats).toHaveBeenCalledWith(patient, expect.objectContaining({ cancer_type: 'Lung Cancer' }));
    // As the browser receives it: a date as its string, undefined fields left out.
    expect('data' in list && list.data).toEqual({ items: [{ id: 1, created_at: '2026-03-04T09:00:00.000Z', answers_count: 0 }], page: 1, per_page: 10 });
    expect(JSON.stringify(list)).not.toContain('has_new_answers');
    expect(stats).toMatchObject({ endpoint: 'dashboardStats', arg: 'Lung Cancer', data: { totalPatients: 1, totalQuestions: 2 } });
  });

  it('answers what the API refuses with its refusal: a list query its validation rejects (400), an id that is no record (404)', async () => {
    const { questions, ai, all } = controllers();
    const [list, question, aiRun] = await pageDataLoader(all)(patient, [
      { endpoint: 'questions', arg: { filter: 'all', q: 'x'.repeat(500), page: 1, per_page: 10 } },
      { endpoint: 'question', arg: '0' },
      { endpoint: 'aiRun', arg: '1e3' },
    ]);
    expect(list).toMatchObject({ endpoint: 'questions', error: { status: 400, data: { statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^q /) } } });
    const notFound = { status: 404, data: { statusCode: 404, error: 'Not Found', message: Messages.errors.questionNotFound } };
    expect(question).toEqual({ endpoint: 'question', arg: '0', error: notFound });
    expect(aiRun).toEqual({ endpoint: 'aiRun', arg: '1e3', error: notFound });
    expect(questions.list).not.toHaveBeenCalled();
    expect(questions.detail).not.toHaveBeenCalled();
    expect(ai.latestRun).not.toHaveBeenCalled();
  });

  it('loads a question and its AI run by number, for this caller', async () => {
    const { questions, ai, all } = controllers();
    const data = await pageDataLoader(all)(patient, [{ endpoint: 'question', arg: '12' }, { endpoint: 'aiRun', arg: '12' }, { endpoint: 'aiSettings', arg: undefined }]);
    expect(questions.detail).toHaveBeenCalledWith(patient, 12);
    expect(ai.latestRun).toHaveBeenCalledWith(patient, 12);
    expect(data.map((query) => query.endpoint)).toEqual(['question', 'aiRun', 'aiSettings']);
  });

  it('fails the page on a server error (the page then goes out as the plain app), never answering it as data', async () => {
    const { questions, all } = controllers();
    questions.detail.mockRejectedValueOnce(new Error('connection lost'));
    await expect(pageDataLoader(all)(patient, [{ endpoint: 'question', arg: '12' }])).rejects.toThrow('connection lost');
  });
});
