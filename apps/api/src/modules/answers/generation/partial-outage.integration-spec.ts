import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import {
  aiAnswerJobId, AiRunQueryView, AiTexts, ClaimCheckView, failedSearchesText, QuestionDetail, QueueName, ResearchLatest, ResearchRunView, ResearchTexts,
} from '@cqa/contracts';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { fixtureKey, type FixtureRequest } from '../../../../../../tools/literature-fixtures/fixture-server';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiFakes, finishedRun, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, latestRun, startAiFakes, startTestWorker, waitFor } from '../ai/test/ai-test-env';

jest.setTimeout(120_000);

/** The literature searches (not the id look-ups, not Crossref) of each service. */
const isSearch = ({ api, path }: FixtureRequest) =>
  (api === 'eutils' && path === '/esearch.fcgi') || (api === 'europepmc' && path === '/search') || (api === 'ctgov' && path === '/studies');
const searchTerms = ({ query }: FixtureRequest) => query.term ?? query.query ?? query['query.term'] ?? '';
/** What the fake planner asks first for the fixture question (tools/fake-ai), each answered by a fixture. */
const FIRST_SEARCHES = new Set(['exercise fatigue chemotherapy', 'breast cancer exercise fatigue chemotherapy']);
const CTGOV_FIRST = fixtureKey('GET', 'ctgov', '/studies', {
  'query.term': 'breast cancer exercise fatigue chemotherapy', 'filter.overallStatus': 'RECRUITING', pageSize: '10', sort: '@relevance', format: 'json', markupFormat: 'markdown',
});

/**
 * A partial outage degrades, never sinks: the literature services refuse the later, broader searches (the fixture
 * server fails them by their query), and an AI answer and a deep research run go on with what the earlier searches found.
 */
describe('literature searches failing part way', () => {
  let fakes: AiFakes;
  let api: RunningApi;
  let worker: INestApplicationContext;
  let patient: { token: string };
  let admin: { token: string };
  let ds: DataSource;
  let env: Record<string, string>;

  beforeAll(async () => {
    fakes = await startAiFakes();
    // Its own queues: no job of another suite reaches this suite's worker and its failing literature services.
    env = { ...fakes.env, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_outage`, RESEARCH_RECHECK_CRON: '' };
    api = await startApi(env);
    worker = await startTestWorker(env);
    patient = await signIn(api, await createUser(api, 'patient'));
    admin = await signIn(api, await createUser(api, 'admin'));
    ds = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await fakes?.close();
  });
  beforeEach(() => {
    fakes.ai.reset();
    fakes.literature.reset();
  });
  afterEach(() => {
    fakes.literature.failWhen(null);
    fakes.literature.override(CTGOV_FIRST, null);
    expect(fakes.literature.unmatched()).toEqual([]);
  });

  const ask = async () => {
    const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token: patient.token, body: { question_text: FIXTURE_QUESTION, cancer_type: FIXTURE_CANCER_TYPE } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const detail = async (id: number, token: string) => (await call<QuestionDetail>(api, 'GET', `/api/questions/${id}`, { token })).body;
  const searchesSent = () => fakes.literature.requests().filter((r) => /esearch|\/europepmc\/search|\/ctgov\/studies\?/.test(r.key));

  it('publishes the AI answer from the records the first search found, through the same checks, naming the broader searches that failed', async () => {
    // No trial this time: four relevant records, fewer than the five that make a search enough, so the run broadens.
    fakes.literature.override(CTGOV_FIRST, { status: 200, contentType: 'application/json', body: { studies: [], totalCount: 0 } });
    fakes.literature.failWhen((request) => isSearch(request) && !FIRST_SEARCHES.has(searchTerms(request)));
    const id = await ask();
    const run = (await finishedRun(api, patient.token, id, 40_000))!;
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    // The broader searches were sent, and refused by every service.
    expect(searchesSent().length).toBe(6);

    const [answer] = (await detail(id, patient.token)).answers.ai;
    const details = answer.ai_details!;
    const failed = [{ step: 1, database: 'pubmed' }, { step: 1, database: 'europepmc' }, { step: 1, database: 'ctgov' }];
    expect(details.failed_searches).toEqual(failed);
    expect(failedSearchesText(details.failed_searches!)).toBe(
      'Some literature searches could not be run (PubMed, Europe PMC, ClinicalTrials.gov): this answer uses only the records the other searches found.',
    );
    // Staff see the same, and each search with where it failed (never its query in the error).
    expect((await detail(id, admin.token)).answers.ai[0].ai_details!.failed_searches).toEqual(failed);
    const audit = (await call<AiRunQueryView[]>(api, 'GET', `/api/admin/ai-runs/${run.id}/queries`, { token: admin.token })).body;
    expect(audit.filter((q) => q.step === 0).map((q) => q.error)).toEqual([null, null, null]);
    const broader = audit.filter((q) => q.step === 1);
    expect(broader.map((q) => [q.database, q.found])).toEqual([['pubmed', null], ['europepmc', null], ['ctgov', null]]);
    for (const q of broader) expect(q.error).toMatch(/^127\.0\.0\.1:\d+\/\w+\/[\w.]+ answered 503$/);

    // Made from the first search's records only, and checked as any answer is: the retracted paper withheld, claims judged.
    expect(details).toMatchObject({ status: 'answered', support_check: 'rules_and_judge' });
    expect(details.sources.length).toBeGreaterThan(0);
    for (const source of details.sources) expect(['90000001', '90000002', null]).toContain(source.pmid);
    expect(details.sources.every((s) => s.nctId === null)).toBe(true);
    expect(details.excluded_sources).toEqual([expect.objectContaining({ retraction: 'retracted', url: 'https://pubmed.ncbi.nlm.nih.gov/90000003/' })]);
    const claims = (await call<ClaimCheckView[]>(api, 'GET', `/api/admin/ai-runs/${run.id}/claims`, { token: admin.token })).body;
    expect(claims.filter((c) => c.published).length).toBeGreaterThan(0);
    for (const c of claims.filter((x) => x.published)) expect(c).toMatchObject({ reasons: [], judge: { verdict: 'supported' } });
    // Answered at the first attempt: nothing was retried.
    const [row] = (await ds.query('SELECT attempts FROM ai_runs WHERE id = ?', [run.id])) as Array<{ attempts: number }>;
    expect(Number(row.attempts)).toBe(1);
  });

  it('fails as before, after its attempts, when every search fails and nothing is in hand', async () => {
    fakes.literature.failWhen(isSearch);
    const id = await ask();
    const run = (await finishedRun(api, admin.token, id, 60_000))!;
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^Literature search failed: 127\.0\.0\.1:\d+\/eutils\/esearch\.fcgi answered 503; /);
    expect(run.error).not.toMatch(/exercise|fatigue/i);
    expect((await latestRun(api, patient.token, id)).run).toMatchObject({ status: 'failed', error: AiTexts.failed });
    expect((await detail(id, patient.token)).answers.ai).toEqual([]);
    const queue = api.app.get<Queue>(getQueueToken(QueueName.Ai), { strict: false });
    const job = (await queue.getJob(aiAnswerJobId(run.id)))!;
    await waitFor(() => job.getState(), (s) => s === 'failed', 5000);
    expect((await queue.getJob(aiAnswerJobId(run.id)))!.attemptsMade).toBe(3);
    // Each attempt searched the first step only: nothing relevant was in hand to broaden from.
    expect(searchesSent()).toHaveLength(9);
  });

  it('completes a deep research run whose later sub-question searches fail, its report naming them', async () => {
    const res = await call<{ id: number }>(api, 'POST', '/api/questions', {
      token: admin.token, body: { question_text: 'Does exercise help fatigue during chemotherapy for breast cancer?', cancer_type: 'Breast Cancer' },
    });
    const questionId = res.body.id;
    const latest = async () => (await call<ResearchLatest>(api, 'GET', `/api/questions/${questionId}/research`, { token: admin.token })).body;
    const until = (statuses: string[]) => waitFor(latest, (l) => Boolean(l.run && statuses.includes(l.run.status)), 90_000).then((l) => l.run!);
    const started = await call<ResearchRunView>(api, 'POST', `/api/questions/${questionId}/research`, { token: admin.token });
    expect(started.status).toBe(201);
    const plan = (await until(['awaiting_approval'])).plan!;
    // The second sub-question searches something of its own, which every service refuses.
    const [first, second] = plan.subQuestions;
    const edited = { ...plan, subQuestions: [first, { ...second, queries: { pubmed: 'exercise fatigue survivors', europepmc: 'exercise fatigue survivors', ctgov: '' } }] };
    expect((await call(api, 'PUT', `/api/questions/${questionId}/research/${started.body.id}/plan`, { token: admin.token, body: edited })).status).toBe(200);
    fakes.literature.failWhen((request) => isSearch(request) && searchTerms(request).includes('survivors'));
    expect((await call(api, 'POST', `/api/questions/${questionId}/research/${started.body.id}/approve`, { token: admin.token })).status).toBe(200);

    const done = await until(['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const report = done.report!;
    expect(report.queries.filter((q) => q.error).map((q) => [q.subQuestion, q.database])).toEqual([[2, 'pubmed'], [2, 'europepmc']]);
    // PubMed and Europe PMC answered the first sub-question: they were searched, two of their searches were not.
    expect(report.unsearched).toEqual([]);
    expect(report.failedSearches).toEqual([{ subQuestion: 2, database: 'pubmed' }, { subQuestion: 2, database: 'europepmc' }]);
    const line = ResearchTexts.someSearchesFailed(report.failedSearches!);
    expect(line).toBe('Some searches could not be run (sub-question 2: PubMed, Europe PMC): the report uses only the records the other searches found.');
    expect(report.limits).toContain(line);
    expect(report.markdown).toContain(`> ${line}`);
    expect(report.markdown).not.toContain('Could not search');
    // The first sub-question's records (PubMed 3, Europe PMC 2, ClinicalTrials.gov 1) carried the report.
    expect(report.counts).toMatchObject({ found: 6, afterDedupe: 5 });
    expect(report.references.length).toBeGreaterThan(0);
    const answers = (await detail(questionId, patient.token)).answers.deep_research;
    expect(answers.map((a) => a.answer_text)).toEqual([report.markdown]);
  });
});
