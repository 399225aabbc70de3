import type { INestApplicationContext } from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, AI_QUOTA_EXHAUSTED_MESSAGE, aiRateLimitGaveUpMessage, JobName, QuestionDetail, ResearchLatest, ResearchRunView,
} from '@cqa/contracts';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { startFakeAi, FakeAi } from '../../../../../../tools/fake-ai/fake-ai-server';
import { FixtureServer, fixtureKey, startFixtureServer } from '../../../../../../tools/literature-fixtures/fixture-server';
import { loadConfig } from '../../../config/app-config';
import { redisConnectionOptions } from '../../../queues/redis-connection';
import { createWorker } from '../../../worker/create-worker';
import { checkSupportRules } from '../../ai/citations/support-rules';

jest.setTimeout(120_000);

const QUESTION = 'Does exercise help fatigue during chemotherapy for breast cancer?';
/** What the fixtures hold for the fake's queries: PubMed 3, Europe PMC 2 (one shared), ClinicalTrials.gov 1. */
const RETRIEVED = new Set(['pmid:90000001', 'pmid:90000002', 'doi:10.5555/preprint.2024.010', 'nct:NCT09000001']);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('deep research: plan, flow, report, control', () => {
  let fakeAi: FakeAi;
  let fixtures: FixtureServer;
  let api: RunningApi;
  let env: NodeJS.ProcessEnv;
  let worker: INestApplicationContext | undefined;
  let admin: string;
  let patient: string;
  let queue: Queue;

  const startWorker = async (extra: NodeJS.ProcessEnv = {}) => {
    worker = await createWorker(loadConfig({ ...process.env, ...env, ...extra }, 'worker'));
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = undefined;
  };
  const ask = async () => {
    const res = await call<{ id: number }>(api, 'POST', '/api/questions', { token: admin, body: { question_text: QUESTION, cancer_type: 'Breast Cancer' } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const latest = async (questionId: number, token = admin) =>
    (await call<ResearchLatest>(api, 'GET', `/api/questions/${questionId}/research`, { token })).body;
  const untilStatus = (questionId: number, statuses: string[]) =>
    waitFor(() => latest(questionId), (l) => Boolean(l.run && statuses.includes(l.run.status))).then((l) => l.run!);
  const start = async (questionId: number) => {
    const res = await call<ResearchRunView>(api, 'POST', `/api/questions/${questionId}/research`, { token: admin });
    expect(res.status).toBe(201);
    return res.body;
  };
  const approve = async (questionId: number, runId: number) => {
    const res = await call<ResearchRunView>(api, 'POST', `/api/questions/${questionId}/research/${runId}/approve`, { token: admin });
    expect(res.status).toBe(200);
  };
  const planned = async () => {
    const questionId = await ask();
    const run = await start(questionId);
    await untilStatus(questionId, ['awaiting_approval']);
    return { questionId, runId: run.id };
  };
  const deepAnswers = async (questionId: number) =>
    (await call<QuestionDetail>(api, 'GET', `/api/questions/${questionId}`, { token: admin })).body.answers.deep_research;
  const schemaCalls = (name: string) => fakeAi.stats().bySchema[name] ?? 0;

  beforeAll(async () => {
    fakeAi = await startFakeAi({ port: 0 });
    fixtures = await startFixtureServer({ port: 0 });
    env = {
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_research`,
      AI_BASE_URL: fakeAi.url,
      AI_API_KEY: 'fake',
      AI_MODEL: 'fake-model',
      AI_MODEL_FAST: 'fake-model-fast',
      NCBI_EUTILS_BASE_URL: fixtures.baseUrls.eutils,
      EUROPEPMC_BASE_URL: fixtures.baseUrls.europepmc,
      CTGOV_BASE_URL: fixtures.baseUrls.ctgov,
      CROSSREF_BASE_URL: fixtures.baseUrls.crossref,
      RESEARCH_RECHECK_CRON: '',
      // The second API (without AI) must accept the first one's tokens.
      JWT_SECRET: 'research-integration-secret-research-integration',
    };
    api = await startApi(env);
    admin = (await signIn(api, await createUser(api, 'admin'))).token;
    patient = (await signIn(api, await createUser(api, 'patient'))).token;
    queue = new Queue('research', { connection: redisConnectionOptions(api.config.redisUrl), prefix: api.config.queuePrefix });
  });
  afterAll(async () => {
    await stopWorker();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await api?.close();
    await fakeAi?.close();
    await fixtures?.close();
  });
  afterEach(async () => {
    await stopWorker();
    fakeAi.setDelay(0);
    fakeAi.setFault(null);
    fixtures.failApi('europepmc', null);
  });

  it('refuses anonymous callers (401) and patients (403); 503 when no AI provider is configured', async () => {
    const questionId = await ask();
    expect((await call(api, 'POST', `/api/questions/${questionId}/research`)).status).toBe(401);
    for (const path of ['research', 'research/1/approve', 'research/1/cancel', 'research/1/retry']) {
      expect((await call(api, 'POST', `/api/questions/${questionId}/${path}`, { token: patient })).status).toBe(403);
    }
    expect((await call(api, 'PUT', `/api/questions/${questionId}/research/1/plan`, { token: patient, body: {} })).status).toBe(403);
    expect((await call(api, 'GET', '/api/admin/research/flags', { token: patient })).status).toBe(403);
    const bare = await startApi({ ...env, AI_BASE_URL: '', AI_API_KEY: '', AI_MODEL: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '' });
    try {
      const res = await call(bare, 'POST', `/api/questions/${questionId}/research`, { token: admin });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, message: AI_NOT_CONFIGURED_MESSAGE });
    } finally {
      await bare.close();
    }
  });

  let firstRun: ResearchRunView;

  it('runs from an edited, approved plan to a published report whose every reference is a retrieved record', async () => {
    await startWorker();
    const before = fakeAi.stats().bySchema;
    const { questionId, runId } = await planned();
    const waiting = (await latest(questionId)).run!;
    expect(waiting.plan!.subQuestions.length).toBeGreaterThanOrEqual(2);
    expect(waiting.plan!.subQuestions[0].queries).toEqual({ pubmed: 'exercise fatigue chemotherapy', europepmc: 'exercise fatigue chemotherapy', ctgov: 'breast cancer fatigue' });
    // Nothing is searched before approval.
    expect(fixtures.requests()).toHaveLength(0);

    const bad = await call<{ message: string }>(api, 'PUT', `/api/questions/${questionId}/research/${runId}/plan`, {
      token: admin, body: { ...waiting.plan, subQuestions: [waiting.plan!.subQuestions[0]], yearFrom: 2030, yearTo: 2001 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Give 2 to 5 sub-questions/);
    const edited = { ...waiting.plan!, inclusionCriteria: [...waiting.plan!.inclusionCriteria, 'Adults only'], yearFrom: 2015 };
    const put = await call<ResearchRunView>(api, 'PUT', `/api/questions/${questionId}/research/${runId}/plan`, { token: admin, body: edited });
    expect(put.status).toBe(200);
    expect(put.body.plan!.inclusionCriteria).toContain('Adults only');

    await approve(questionId, runId);
    const done = await untilStatus(questionId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const report = done.report!;
    expect(report.counts).toMatchObject({ found: 11, afterDedupe: 5, screened: 5, excluded: 1, included: 4, extracted: 4 });
    expect(report.counts.excludedReasons).toEqual([{ reason: 'Retracted publication', count: 1 }]);
    expect(report.queries).toHaveLength(5);
    expect(report.queries.every((q) => /^\d{4}-\d{2}-\d{2}T/.test(q.searchedAt) && q.error === null)).toBe(true);
    expect(report.plan.yearFrom).toBe(2015);
    expect(report.references.length).toBeGreaterThan(0);
    for (const ref of report.references) {
      const keys = [ref.pmid && `pmid:${ref.pmid}`, ref.doi && `doi:${ref.doi}`, ref.nctId && `nct:${ref.nctId}`].filter(Boolean) as string[];
      expect(keys.some((k) => RETRIEVED.has(k))).toBe(true);
      expect(ref.retraction).not.toBe('retracted');
    }
    expect(report.evidenceTable).toHaveLength(4);
    expect(report.partial).toBe(false);
    expect(report.markdown).toMatch(/## Summary for patients[\s\S]*## What the evidence says[\s\S]*## Evidence table[\s\S]*## Open trials[\s\S]*## Limits[\s\S]*## References/);
    expect(fixtures.unmatched()).toEqual([]);

    const answers = await deepAnswers(questionId);
    expect(answers).toHaveLength(1);
    expect(answers[0].answer_text).toBe(report.markdown);
    expect(done.answerId).toBe(answers[0].id);
    // Model calls per stage: one plan, one screening, one extraction per included record, one report.
    const after = fakeAi.stats().bySchema;
    const used = (n: string) => (after[n] ?? 0) - (before[n] ?? 0);
    expect([used('research_plan'), used('research_screening'), used('research_extraction'), used('research_report')]).toEqual([1, 1, 4, 1]);
    // The support judge saw the report's claims (a batch of up to 8 per call).
    expect(used('claim_support_verdicts')).toBeGreaterThanOrEqual(1);
    // The certainty rating with its reasons, in the report and its markdown.
    expect(report.certainty!.reasons[0]).toMatch(/^Starts /);
    expect(report.markdown).toContain('**Evidence certainty:**');
    expect(report.support_check).toBe('rules_and_judge');
    // Staff see every claim as the verifier decided it; patients (below) do not.
    expect(done.claimChecks.length).toBeGreaterThan(0);
    expect(done.claimChecks.filter((c) => c.published).every((c) => c.judge?.verdict === 'supported')).toBe(true);
    expect(done.claimChecks.filter((c) => !c.published)).toHaveLength(report.withheldClaims);
    // Patients see the published report only.
    const seen = await latest(questionId, patient);
    expect(seen.mayControl).toBe(false);
    expect(seen.run!.report!.markdown).toBe(report.markdown);
    expect(seen.run!.plan).toBeNull();
    expect(seen.run!.steps).toEqual([]);
    expect(seen.run!.claimChecks).toEqual([]);
    // Each published statement, and only those, opens to its verbatim quotes, for the patient too; withheld ones stay staff-only.
    const published = done.claimChecks.filter((c) => c.published);
    const statements = seen.run!.report!.statements!;
    expect(statements.map((st) => st.section)).toEqual(published.map((c) => c.section));
    for (const st of statements) {
      expect(st.quotes.length).toBeGreaterThan(0);
      for (const q of st.quotes) expect(report.references.map((r) => r.number)).toContain(q.source);
    }
    const seenText = JSON.stringify(seen);
    for (const c of done.claimChecks.filter((cl) => !cl.published)) expect(seenText).not.toContain(c.text.replace(/\s*\[\d+\]/g, ''));
    // The evidence table's model-written cells are marked; each row carries its quote only when it is in the study word for word.
    expect(report.markdown).toContain('Key result (AI) | Quote from the study');
    const texts = (await api.app.get(DataSource).query('SELECT url, title, text, source, publication_types FROM literature_records')) as Array<{ url: string; title: string; text: string; source: 'pubmed'; publication_types: string[] | string }>;
    for (const row of report.evidenceTable) {
      if (!row.quote) continue;
      const record = texts.find((t) => t.url === row.url)!;
      expect(`${record.title} ${record.text}`.replace(/\s+/g, ' ')).toContain(row.quote);
    }
    expect(report.evidenceTable.some((row) => row.quote)).toBe(true);
    // Its model-written cells are checked before they are shown: a key result only beside its word-for-word quote and
    // passing the support rules against it (else '–'), participants and design only as the study states them.
    for (const row of report.evidenceTable) {
      const record = texts.find((t) => t.url === row.url)!;
      if (row.keyResult) {
        expect(row.quote).toBeTruthy();
        const rules = checkSupportRules({ claim: row.keyResult, sources: [{ record: { source: record.source, title: record.title, text: record.text, publicationTypes: typeof record.publication_types === 'string' ? JSON.parse(record.publication_types) : record.publication_types }, quotes: [row.quote!] }] });
        expect(rules.filter((r) => !r.passed)).toEqual([]);
      }
      if (row.sampleSize) for (const n of row.sampleSize.match(/\d[\d,]*/g) ?? []) expect(`${record.title} ${record.text}`).toContain(n);
    }
    firstRun = done;
  });

  it("links the run's deduplicated records as research_run_records rows, marking those its report cites", async () => {
    const ds = api.app.get(DataSource);
    const [dedupe] = (await ds.query("SELECT output FROM research_steps WHERE run_id = ? AND step_key = 'dedupe'", [firstRun.id])) as { output: unknown }[];
    const output = (typeof dedupe.output === 'string' ? JSON.parse(dedupe.output) : dedupe.output) as { records: Array<{ url: string }> };
    const rows = (await ds.query(
      'SELECT rr.number, rr.cited, lr.url FROM research_run_records rr JOIN literature_records lr ON lr.id = rr.record_id WHERE rr.run_id = ? ORDER BY rr.number',
      [firstRun.id],
    )) as { number: number; cited: number; url: string }[];
    expect(rows.map((r) => Number(r.number))).toEqual(output.records.map((_, i) => i + 1));
    expect(rows.map((r) => r.url)).toEqual(output.records.map((r) => r.url));
    const cited = rows.filter((r) => Number(r.cited) === 1).map((r) => r.url);
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited)).toEqual(new Set(firstRun.report!.references.map((r) => r.url)));
  });

  it('lists, per literature record, the AI answers and deep research reports citing it (admins only)', async () => {
    const ds = api.app.get(DataSource);
    const [row] = (await ds.query(
      'SELECT rr.record_id FROM research_run_records rr WHERE rr.run_id = ? AND rr.cited ORDER BY rr.number LIMIT 1',
      [firstRun.id],
    )) as { record_id: string }[];
    const recordId = Number(row.record_id);
    // An AI answer on another question whose run retrieved the same record.
    const other = await ask();
    const aiRun = (await ds.query(
      "INSERT INTO ai_runs (question_id, job_key, generation, trigger_kind, status) VALUES (?, ?, 1, 'admin', 'succeeded')",
      [other, `ai_answer:${other}:records-test`],
    )) as { insertId: number };
    await ds.query('INSERT INTO ai_run_records (run_id, number, record_id) VALUES (?, 1, ?)', [aiRun.insertId, recordId]);
    const aiAnswer = (await ds.query(
      "INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, ai_run_id) VALUES (?, 'ai', 'An AI answer. [[1]](u)', '[]', ?)",
      [other, aiRun.insertId],
    )) as { insertId: number };
    const path = `/api/admin/literature-records/${recordId}/answers`;
    const res = await call<{ items: Array<Record<string, unknown>>; total: number }>(api, 'GET', path, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(expect.arrayContaining([
      { answer_id: Number(aiAnswer.insertId), source_kind: 'ai', run_id: Number(aiRun.insertId), question_id: other, question_title: QUESTION },
      { answer_id: firstRun.answerId, source_kind: 'deep_research', run_id: firstRun.id, question_id: firstRun.questionId, question_title: QUESTION },
    ]));
    expect(res.body.total).toBe(res.body.items.length);
    const paged = await call<{ items: unknown[]; total: number }>(api, 'GET', `${path}?per_page=1&page=2`, { token: admin });
    expect(paged.body).toMatchObject({ total: res.body.total, items: [res.body.items[1]] });
    expect((await call(api, 'GET', path, { token: patient })).status).toBe(403);
    expect((await call(api, 'GET', path)).status).toBe(401);
    expect((await call(api, 'GET', '/api/admin/literature-records/999999999/answers', { token: admin })).status).toBe(404);
    await ds.query('DELETE FROM cancer_answers WHERE id = ?', [aiAnswer.insertId]);
  });

  it('resumes after the worker is stopped mid-extraction without repeating finished steps or making a second answer', async () => {
    await startWorker({ WORKER_CONCURRENCY: '1' });
    const { questionId, runId } = await planned();
    fakeAi.setDelay(400);
    const extractionsBefore = schemaCalls('research_extraction');
    await approve(questionId, runId);
    await waitFor(() => latest(questionId), (l) => {
      const ex = l.run!.steps.filter((s) => s.stage === 'extract');
      return ex.some((s) => s.status === 'done') && ex.some((s) => s.status !== 'done');
    });
    await stopWorker(); // the steps in hand finish; the waiting ones stay queued
    const mid = (await latest(questionId)).run!;
    expect(mid.status).toBe('running');
    const doneAtStop = mid.steps.filter((s) => s.status === 'done').map((s) => s.key);
    await startWorker();
    const done = await untilStatus(questionId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(schemaCalls('research_extraction') - extractionsBefore).toBe(4);
    for (const key of doneAtStop) expect(done.steps.find((s) => s.key === key)!.finishedAt).toBe(mid.steps.find((s) => s.key === key)!.finishedAt);
    expect(await deepAnswers(questionId)).toHaveLength(1);
  });

  it('cancel leaves no answer and no running step or job', async () => {
    await startWorker();
    const { questionId, runId } = await planned();
    fakeAi.setDelay(1500);
    await approve(questionId, runId);
    await waitFor(() => latest(questionId), (l) => l.run!.steps.some((s) => s.stage === 'extract' && s.status === 'running'));
    const res = await call<ResearchRunView>(api, 'POST', `/api/questions/${questionId}/research/${runId}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    await waitFor(async () => (await queue.getActiveCount()) + (await queue.getWaitingCount()), (n) => n === 0, 10_000);
    const after = (await latest(questionId)).run!;
    expect(after.status).toBe('cancelled');
    expect(after.steps.filter((s) => s.status === 'running')).toEqual([]);
    expect(after.answerId).toBeNull();
    expect(await deepAnswers(questionId)).toEqual([]);
    expect((await call(api, 'POST', `/api/questions/${questionId}/research/${runId}/cancel`, { token: admin })).status).toBe(409);
  });

  it('ends with what it has, marked partial, when the token budget is spent', async () => {
    const tokensOf = (stage: string) => firstRun.steps.filter((s) => s.stage === stage).reduce((n, s) => n + s.tokens, 0);
    const budget = tokensOf('plan') + tokensOf('screen') + 1;
    await startWorker({ RESEARCH_MAX_TOKENS: String(budget), WORKER_CONCURRENCY: '1' });
    const { questionId, runId } = await planned();
    await approve(questionId, runId);
    const done = await untilStatus(questionId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.partial).toBe(true);
    expect(done.report!.partial).toBe(true);
    expect(done.report!.counts.extracted).toBe(1);
    expect(done.steps.filter((s) => s.status === 'skipped').length).toBe(3);
    expect(done.report!.markdown).toContain('Partial report');
    expect(await deepAnswers(questionId)).toHaveLength(1);
  });

  it('names a database that could not be searched and still publishes', async () => {
    await startWorker();
    fixtures.failApi('europepmc', 500);
    const { questionId, runId } = await planned();
    await approve(questionId, runId);
    const done = await untilStatus(questionId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.report!.unsearched).toEqual(['Europe PMC']);
    expect(done.report!.queries.filter((q) => q.error).map((q) => q.database)).toEqual(['europepmc', 'europepmc']);
    expect(done.report!.markdown).toContain('Could not search Europe PMC');
    expect(await deepAnswers(questionId)).toHaveLength(1);
  });

  it('runs to a report with a reasoning model that refuses any temperature: none is sent unless configured', async () => {
    await startWorker();
    fakeAi.reset();
    fakeAi.setFault({ fault: 'rejects_temperature' });
    const { questionId, runId } = await planned();
    await approve(questionId, runId);
    const done = await untilStatus(questionId, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const requests = fakeAi.stats().requests;
    expect(requests.length).toBeGreaterThan(4);
    expect(requests.filter((r) => r.temperature !== null || r.status !== 200)).toEqual([]);
    expect(await deepAnswers(questionId)).toHaveLength(1);
  });

  it('with AI_TEMPERATURE set, a model that refuses it is asked once more without it and never again', async () => {
    await startWorker({ AI_TEMPERATURE: '0' });
    fakeAi.reset();
    fakeAi.setFault({ fault: 'rejects_temperature' });
    const { questionId, runId } = await planned();
    await approve(questionId, runId);
    expect((await untilStatus(questionId, ['completed', 'failed'])).status).toBe('completed');
    // One refusal per model (main and fast), then no temperature to either.
    const refused = fakeAi.stats().requests.filter((r) => r.status === 400);
    expect(refused.map((r) => [r.model, r.temperature]).sort()).toEqual([['fake-model', 0], ['fake-model-fast', 0]]);
    const firstOf = (model: string) => fakeAi.stats().requests.findIndex((r) => r.model === model);
    for (const model of ['fake-model', 'fake-model-fast']) {
      expect(fakeAi.stats().requests.slice(firstOf(model) + 1).filter((r) => r.model === model && r.temperature !== null)).toEqual([]);
    }
  });

  it("fails the run at once on OpenAI's insufficient_quota 429, without waiting", async () => {
    await startWorker();
    fakeAi.reset();
    fakeAi.setFault({ fault: 'insufficient_quota' });
    const questionId = await ask();
    await start(questionId);
    const failed = await waitFor(() => latest(questionId), (l) => l.run?.status === 'failed', 15_000).then((l) => l.run!);
    expect(failed).toMatchObject({ status: 'failed', error: AI_QUOTA_EXHAUSTED_MESSAGE, failedStep: 'plan' });
    expect(fakeAi.stats().requests.map((r) => r.status)).toEqual([429]);
    const health = await call<{ status: string; ai: string }>(api, 'GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', ai: 'quota_exhausted' });
  });

  it('fails a step after AI_RATE_LIMIT_MAX_DELAYS consecutive 429 waits, with the reason', async () => {
    await startWorker({ AI_RATE_LIMIT_MAX_DELAYS: '2' });
    fakeAi.reset();
    fakeAi.setFault({ fault: 'rate_limit', retryAfterSeconds: 1, retryAfterMs: 100 });
    const questionId = await ask();
    await start(questionId);
    const failed = await waitFor(() => latest(questionId), (l) => l.run?.status === 'failed', 15_000).then((l) => l.run!);
    expect(failed).toMatchObject({ status: 'failed', error: aiRateLimitGaveUpMessage(2), failedStep: 'plan' });
    expect(fakeAi.stats().requests.map((r) => r.status)).toEqual([429, 429, 429]);
    fakeAi.setFault(null);
    // A successful call clears the health report the quota test left.
    expect((await call<{ ai: string }>(api, 'GET', '/api/health')).body.ai).toBe('quota_exhausted');
    await stopWorker();
    await startWorker();
    const { questionId: ok } = await planned();
    expect(ok).toBeGreaterThan(0);
    expect((await call<{ ai: string }>(api, 'GET', '/api/health')).body.ai).toBe('configured');
  });

  it('one re-check pass asks Crossref once per DOI, however many answers of either source cite it', async () => {
    await startWorker();
    const cited = firstRun.report!.references.find((r) => r.doi === '10.5555/rct.2021.001');
    expect(cited).toBeDefined();
    // A published AI answer on the same question cites the report's paper: both sources hold its DOI.
    const ds = api.app.get(DataSource);
    const aiSource = { ...cited!, number: 1, retraction: 'clear' };
    const aiInsert = (await ds.query(
      "INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, ai_run_id, ai_details) VALUES (?, 'ai', 'An AI answer. [[1]](u)', '[]', ?, ?)",
      [firstRun.questionId, 980000000 + firstRun.id, JSON.stringify({ run_id: 0, status: 'answered', insufficient_evidence: false, sources: [aiSource], grade: 'high', model: 'm', generated_at: new Date().toISOString(), unsupported_claims: [], excluded_sources: [], profile_fields_used: [] })],
    )) as { insertId: number };
    try {
      fixtures.reset();
      const job = await queue.add(JobName.ResearchRecheck, {}, { jobId: 'recheck-once-test' });
      await waitFor(async () => (await job.getState()) as string, (s) => s === 'completed' || s === 'failed');
      const asked = fixtures.requests().map((r) => r.key).filter((key) => key.startsWith('GET /crossref/works/'));
      expect(asked.filter((key) => key === 'GET /crossref/works/10.5555/rct.2021.001')).toHaveLength(1);
      expect(asked.length).toBe(new Set(asked).size);
      const done = await queue.getJob('recheck-once-test');
      expect(done!.returnvalue).toEqual({ checked: asked.length, flagged: 0 });
    } finally {
      await ds.query('DELETE FROM cancer_answers WHERE id = ?', [aiInsert.insertId]);
    }
  });

  it('the nightly re-check flags a report whose source is now retracted', async () => {
    await startWorker();
    const cited = firstRun.report!.references.find((r) => r.doi === '10.5555/rct.2021.001');
    expect(cited).toBeDefined();
    fixtures.override(fixtureKey('GET', 'crossref', '/works/10.5555/rct.2021.001', {}), {
      status: 200,
      contentType: 'application/json',
      body: {
        status: 'ok',
        message: {
          DOI: '10.5555/rct.2021.001', type: 'journal-article', title: ['Supervised exercise during adjuvant chemotherapy'],
          'updated-by': [{ DOI: '10.5555/retraction-notice.2099.001', type: 'retraction', label: 'Retraction', updated: { 'date-parts': [[2026, 1, 1]] } }],
        },
      },
    });
    // A published AI answer on the same question cites the same paper: the re-check covers it too.
    const ds = api.app.get(DataSource);
    const aiSource = { ...cited!, number: 1, retraction: 'clear' };
    const aiInsert = (await ds.query(
      "INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources, ai_run_id, ai_details) VALUES (?, 'ai', 'An AI answer. [[1]](u)', '[]', ?, ?)",
      [firstRun.questionId, 990000000 + firstRun.id, JSON.stringify({ run_id: 0, status: 'answered', insufficient_evidence: false, sources: [aiSource], grade: 'high', model: 'm', generated_at: new Date().toISOString(), unsupported_claims: [], excluded_sources: [], profile_fields_used: [] })],
    )) as { insertId: number };
    try {
      const job = await queue.add(JobName.ResearchRecheck, {}, { jobId: 'recheck-test' });
      await waitFor(async () => (await job.getState()) as string, (s) => s === 'completed' || s === 'failed');
      const flags = await call<Array<{ runId: number; doi: string }>>(api, 'GET', '/api/admin/research/flags', { token: admin });
      expect(flags.status).toBe(200);
      expect(flags.body.some((f) => f.runId === firstRun.id && f.doi === '10.5555/rct.2021.001')).toBe(true);
      // Read from the run's record rows: the shared record is now known retracted for every answer citing it.
      const [stored] = (await ds.query("SELECT retraction FROM literature_records WHERE doi = '10.5555/rct.2021.001'")) as { retraction: string }[];
      expect(stored.retraction).toBe('retracted');
      const view = (await latest(firstRun.questionId, patient)).run!;
      expect(view.flags.length).toBeGreaterThan(0);
      expect(view.report!.references.find((r) => r.doi === '10.5555/rct.2021.001')!.retraction).toBe('retracted');
      // Every reader of the question sees the flag on the published answer.
      for (const token of [patient, admin]) {
        const detail = await call<QuestionDetail>(api, 'GET', `/api/questions/${firstRun.questionId}`, { token });
        const answer = detail.body.answers.deep_research.find((a) => a.id === firstRun.answerId)!;
        expect(answer.retracted_sources).toEqual([cited!.title]);
        const aiAnswer = detail.body.answers.ai.find((a) => a.id === Number(aiInsert.insertId))!;
        expect(aiAnswer.retracted_sources).toEqual([cited!.title]);
        expect(aiAnswer.ai_details!.sources[0].retraction).toBe('retracted');
      }
    } finally {
      fixtures.override(fixtureKey('GET', 'crossref', '/works/10.5555/rct.2021.001', {}), null);
    }
  });
  it('RESEARCH_AUTO plans research for every new patient question: it waits for approval, or runs on without plan review', async () => {
    const askOn = async (on: RunningApi) => {
      const res = await call<{ id: number }>(on, 'POST', '/api/questions', { token: patient, body: { question_text: QUESTION, cancer_type: 'Breast Cancer' } });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    // Off by default: a new question gets no run.
    const plain = await askOn(api);
    expect((await latest(plain)).run).toBeNull();
    // On without an AI provider: the question is still saved, no run is made.
    const bare = await startApi({ ...env, RESEARCH_AUTO: 'true', AI_BASE_URL: '', AI_API_KEY: '', AI_MODEL: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '' });
    try {
      expect((await latest(await askOn(bare))).run).toBeNull();
    } finally {
      await bare.close();
    }

    const auto = await startApi({ ...env, RESEARCH_AUTO: 'true' });
    try {
      await startWorker();
      const reviewed = await askOn(auto);
      const waiting = await untilStatus(reviewed, ['awaiting_approval']);
      expect(waiting.plan!.subQuestions.length).toBeGreaterThanOrEqual(2);
      expect(waiting.planApprovedAt).toBeNull();
      expect(await deepAnswers(reviewed)).toEqual([]);
      // The automatic run is the question's run: a second start is refused while it waits.
      expect((await call(api, 'POST', `/api/questions/${reviewed}/research`, { token: admin })).status).toBe(409);
      await approve(reviewed, waiting.id);
      expect((await untilStatus(reviewed, ['completed', 'failed'])).status).toBe('completed');

      await stopWorker();
      await startWorker({ RESEARCH_PLAN_REVIEW: 'false' });
      const unreviewed = await askOn(auto);
      const done = await untilStatus(unreviewed, ['completed', 'failed']);
      expect(done.status).toBe('completed');
      expect(done.planApprovedAt).not.toBeNull();
      expect(await deepAnswers(unreviewed)).toHaveLength(1);
    } finally {
      await auto.close();
    }
  });
});
