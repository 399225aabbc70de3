import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import {
  AI_NOT_CONFIGURED_MESSAGE, AI_QUOTA_EXHAUSTED_MESSAGE, aiAnswerJobId, aiRateLimitGaveUpMessage, AiRunListResponse, AiRunView, AiSettings, AiTexts,
  ClaimCheckView, JobName, QuestionDetail, QueueName,
} from '@cqa/contracts';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, signIn } from '../../../../test/accounts-helpers';
import { AiAnswerProcessor } from './ai-answer.processor';
import { AiRunsRepository } from './ai-runs.repository';
import { AiFakes, finishedRun, FIXTURE_CANCER_TYPE, FIXTURE_QUESTION, latestRun, startAiFakes, startTestWorker, waitFor } from './test/ai-test-env';

describe('AI answers through API, queue, worker, fake provider and literature fixtures', () => {
  let fakes: AiFakes;
  let api: RunningApi;
  let worker: INestApplicationContext | undefined;
  let patient: { token: string };
  let admin: { token: string };
  let expert: { token: string };
  let ds: DataSource;
  let queue: Queue;

  beforeAll(async () => {
    fakes = await startAiFakes();
    api = await startApi(fakes.env);
    worker = await startTestWorker({ ...fakes.env, AI_PHI_ALLOWED: 'true' });
    patient = await signIn(api, await createUser(api, 'patient'));
    admin = await signIn(api, await createUser(api, 'admin'));
    expert = await signIn(api, await createUser(api, 'expert'));
    ds = api.app.get(DataSource);
    queue = api.app.get<Queue>(getQueueToken(QueueName.Ai), { strict: false });
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
    expect(fakes.literature.unmatched()).toEqual([]);
  });

  /** Another API on the same database, accepting the same tokens. */
  const otherApi = (env: Record<string, string>) => startApi({ JWT_SECRET: api.config.jwtSecret, ...env });
  const ask = async (token: string, body: Record<string, unknown> = {}, on = api) => {
    const res = await call<{ id: number }>(on, 'POST', '/api/questions', { token, body: { question_text: FIXTURE_QUESTION, cancer_type: FIXTURE_CANCER_TYPE, ...body } });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const detail = async (id: number, token = admin.token) => (await call<QuestionDetail>(api, 'GET', `/api/questions/${id}`, { token })).body;
  const generate = (id: number, body: Record<string, unknown> = {}, token = admin.token, on = api) =>
    call<AiRunView>(on, 'POST', `/api/questions/${id}/ai-answer`, { token, body });
  const retrievedIds = async (runId: number) => {
    const rows = (await ds.query(
      'SELECT r.pmid, r.doi, r.nct_id FROM ai_run_records rr JOIN literature_records r ON r.id = rr.record_id WHERE rr.run_id = ?',
      [runId],
    )) as Array<{ pmid: string | null; doi: string | null; nct_id: string | null }>;
    return rows;
  };

  it('reports the provider in /api/health and the settings route', async () => {
    const health = (await call<{ status: string; ai: string }>(api, 'GET', '/api/health')).body;
    expect(health).toMatchObject({ status: 'ok', ai: 'configured' });
    const settings = await call<AiSettings>(api, 'GET', '/api/ai/settings', { token: patient.token });
    expect(settings.body).toEqual({ configured: true, phiAllowed: false, autoAnswer: true });
  });

  it('answers a new patient question; every citation is a record retrieved for the run, the retracted one is badged', async () => {
    const id = await ask(patient.token);
    const run = (await finishedRun(api, patient.token, id))!;
    expect(run).toMatchObject({ status: 'succeeded', stage: 'done', done: 4, total: 4, error: null });
    const { answers, answers_count } = await detail(id, patient.token);
    expect(answers_count).toBe(1);
    const [answer] = answers.ai;
    expect(answer.id).toBe(run.answer_id);
    const details = answer.ai_details!;
    expect(details).toMatchObject({ run_id: run.id, status: 'answered', insufficient_evidence: false, model: 'fake-model', profile_fields_used: [] });
    expect(details.sources.length).toBeGreaterThan(0);
    // Every [n] in the markdown names a listed source and links where it says.
    const cited = [...answer.answer_text.matchAll(/\[\[(\d+)\]\]\(([^)]+)\)/g)];
    expect(cited.length).toBeGreaterThan(0);
    for (const [, n, url] of cited) expect(details.sources[Number(n) - 1]?.url).toBe(url);
    // Every source is a record this run retrieved and stored.
    const retrieved = await retrievedIds(run.id);
    for (const source of details.sources) {
      expect(retrieved).toContainEqual(expect.objectContaining(source.pmid ? { pmid: source.pmid } : { nct_id: source.nctId }));
      expect(source.retraction).not.toBe('retracted');
    }
    expect(answer.sources).toHaveLength(details.sources.length);
    expect(answer.sources[0]).toMatch(/^\[1\] .+ https:\/\//);
    // The retracted paper the fake cited is withheld and badged, in the answer and on its stored record.
    expect(details.excluded_sources).toEqual([expect.objectContaining({ retraction: 'retracted', url: 'https://pubmed.ncbi.nlm.nih.gov/90000003/' })]);
    // Patients see how many claims were withheld, never which or why; staff see the reasons.
    expect(details.unsupported_claims).toEqual([]);
    const staffDetails = (await detail(id)).answers.ai[0].ai_details!;
    expect(staffDetails.unsupported_claims.flatMap((c) => c.reasons)).toContain('[3] is retracted');
    expect(details.withheld_count).toBe(staffDetails.unsupported_claims.length);
    expect(details.support_check).toBe('rules_and_judge');
    expect(details.grade_reasons?.[0]).toMatch(/^Starts /);
    const [stored] = (await ds.query("SELECT retraction, retraction_checked_at FROM literature_records WHERE pmid = '90000003'")) as Array<{ retraction: string; retraction_checked_at: Date | null }>;
    expect(stored.retraction).toBe('retracted');
    expect(stored.retraction_checked_at).not.toBeNull();
    // Usage and cost are recorded for admins.
    const runs = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs?page=1', { token: admin.token })).body;
    const row = runs.items.find((r) => r.id === run.id)!;
    expect(row).toMatchObject({ trigger: 'auto', status: 'succeeded', model: 'fake-model', question_id: id });
    expect(row.prompt_tokens).toBeGreaterThan(0);
    expect(row.completion_tokens).toBeGreaterThan(0);
    expect(row.timings).toEqual(expect.objectContaining({ retrieval: expect.any(Number), model: expect.any(Number), verification: expect.any(Number), publish: expect.any(Number) }));
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('catches a fabricated PMID and never publishes it as supported', async () => {
    const id = await ask(admin.token);
    expect((await latestRun(api, admin.token, id)).run).toBeNull();
    fakes.ai.setFault({ fault: 'fabricated_pmid', times: 1, schema: 'cited_answer' });
    const started = await generate(id);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ question_id: id, status: expect.stringMatching(/queued|running/) });
    const run = (await finishedRun(api, admin.token, id))!;
    expect(run.status).toBe('succeeded');
    const [answer] = (await detail(id)).answers.ai;
    expect(answer.answer_text).not.toContain('39999999');
    expect(answer.sources.join('\n')).not.toContain('39999999');
    expect(answer.ai_details!.sources.map((s) => s.pmid)).not.toContain('39999999');
    expect(answer.ai_details!.unsupported_claims.flatMap((c) => c.reasons)).toEqual(
      expect.arrayContaining([expect.stringMatching(/names PMID 39999999, which was not retrieved/)]),
    );
  });

  it('withholds claims that misrepresent their verbatim quotes: patients see the count, staff each reason and verdict', async () => {
    const id = await ask(admin.token);
    fakes.ai.setFault({ fault: 'misrepresent_claims', times: 1, schema: 'cited_answer' });
    await generate(id);
    const run = (await finishedRun(api, admin.token, id))!;
    expect(run.status).toBe('succeeded');
    const [answer] = (await detail(id)).answers.ai;
    const details = answer.ai_details!;
    expect(answer.answer_text).not.toMatch(/proven cure|97%/);
    const withheld = details.unsupported_claims;
    const byText = (part: string) => withheld.find((c) => c.text.includes(part));
    expect(byText('a proven cure')!.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^strong words: says .*"proven"/)]));
    expect(byText('97%')!.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^numbers: "97%" is not in the quotes/)]));
    expect(details.status).toBe('answered');
    expect(details.withheld_count).toBe(withheld.length);
    const patientView = (await detail(id, patient.token)).answers.ai[0].ai_details!;
    expect(patientView.unsupported_claims).toEqual([]);
    expect(patientView.withheld_count).toBe(withheld.length);
    // Every published statement opens to its verbatim quotes and their sources, for the patient too; no withheld one is there.
    const statements = patientView.statements!;
    expect(statements.length).toBeGreaterThan(0);
    expect(statements).toEqual(details.statements);
    const stored = ((await ds.query('SELECT r.title, r.text FROM ai_run_records rr JOIN literature_records r ON r.id = rr.record_id WHERE rr.run_id = ?', [run.id])) as Array<{ title: string; text: string }>)
      .map((r) => `${r.title} ${r.text}`.replace(/\s+/g, ' '));
    for (const statement of statements) {
      expect(answer.answer_text).toContain(statement.text.slice(0, 30));
      expect(statement.quotes.length).toBeGreaterThan(0);
      for (const quote of statement.quotes) {
        expect(statement.sources).toContain(quote.source);
        expect(patientView.sources[quote.source - 1]).toEqual(expect.objectContaining({ number: quote.source, url: expect.stringMatching(/^https:\/\//) }));
        expect(stored.some((text) => text.includes(quote.text.replace(/\s+/g, ' ')))).toBe(true);
      }
    }
    const patientBody = JSON.stringify((await detail(id, patient.token)).answers);
    for (const claim of withheld) expect(patientBody).not.toContain(claim.text.replace(/\s*\[\d+\]/g, ''));
    expect(patientBody).not.toMatch(/proven cure|97%/);
    // Reading an answer needs a signed-in caller, as the question does.
    expect((await call(api, 'GET', `/api/questions/${id}`)).status).toBe(401);
    // A row per claim for admins: the rules' results and the judge's verdict; only claims that passed the rules were judged.
    const claims = await call<ClaimCheckView[]>(api, 'GET', `/api/admin/ai-runs/${run.id}/claims`, { token: admin.token });
    expect(claims.status).toBe(200);
    const published = claims.body.filter((c) => c.published);
    expect(published.length).toBeGreaterThan(0);
    for (const c of published) expect(c).toMatchObject({ reasons: [], judge: { verdict: 'supported' } });
    const cure = claims.body.find((c) => c.text.includes('a proven cure'))!;
    expect(cure).toMatchObject({ published: false, judge: null });
    expect(cure.rules.find((r) => r.rule === 'strong_words')).toMatchObject({ passed: false });
    expect(fakes.ai.stats().bySchema.claim_support_verdicts).toBe(1);
    expect((await call(api, 'GET', `/api/admin/ai-runs/${run.id}/claims`, { token: expert.token })).status).toBe(403);
    expect((await call(api, 'GET', '/api/admin/ai-runs/999999/claims', { token: admin.token })).status).toBe(404);
  });

  it('publishes nothing the judge does not find supported', async () => {
    const id = await ask(admin.token);
    // The judge rejects every claim.
    fakes.ai.setFault({ fault: 'judge_rejects', schema: 'claim_support_verdicts' });
    await generate(id);
    const run = (await finishedRun(api, admin.token, id))!;
    const details = (await detail(id)).answers.ai[0].ai_details!;
    expect(details).toMatchObject({ status: 'insufficient_evidence', grade: 'insufficient', sources: [] });
    expect(details.unsupported_claims.map((c) => c.judge?.verdict)).toContain('not_supported');
    expect(details.unsupported_claims.flatMap((c) => c.reasons)).toContain('judge: not supported (The quotes do not state this.)');
    const claims = (await call<ClaimCheckView[]>(api, 'GET', `/api/admin/ai-runs/${run.id}/claims`, { token: admin.token })).body;
    expect(claims.every((c) => !c.published)).toBe(true);
  });

  it('waits out a 429 for its Retry-After without spending an attempt', async () => {
    const id = await ask(admin.token);
    fakes.ai.setFault({ fault: 'rate_limit', times: 1, retryAfterSeconds: 1, schema: 'cited_answer' });
    const t0 = Date.now();
    const { body: started } = await generate(id);
    const run = (await finishedRun(api, admin.token, id))!;
    expect(run.status).toBe('succeeded');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    // One 429 (on the answer), waited out; the run then went on from retrieval to the judge.
    const statuses = fakes.ai.stats().requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(200);
    const job = (await queue.getJob(aiAnswerJobId(started.id))) as Job;
    expect(job.attemptsMade).toBeLessThanOrEqual(1);
    expect(job.failedReason ?? '').toBe('');
  });

  /** The worker again, with other settings, for one test; put back as it was after. */
  const withWorker = async (env: Record<string, string>, body: () => Promise<void>) => {
    await worker!.close();
    worker = undefined;
    try {
      worker = await startTestWorker({ ...fakes.env, AI_PHI_ALLOWED: 'true', ...env });
      await body();
    } finally {
      await worker?.close();
      worker = await startTestWorker({ ...fakes.env, AI_PHI_ALLOWED: 'true' });
    }
  };
  const health = async () => (await call<{ status: string; ai: string; ai_detail?: { reason: string; since: string } }>(api, 'GET', '/api/health')).body;

  it("fails at once on OpenAI's insufficient_quota 429 (no waiting, no retry), shows it to admins, in /api/health and the metrics", async () => {
    const id = await ask(admin.token);
    fakes.ai.setFault({ fault: 'insufficient_quota' });
    const { body: started } = await generate(id);
    const run = (await finishedRun(api, admin.token, id, 10_000))!;
    expect(run).toMatchObject({ status: 'failed', error: AI_QUOTA_EXHAUSTED_MESSAGE });
    const job = (await queue.getJob(aiAnswerJobId(started.id)))!;
    await waitFor(() => job.getState(), (s) => s === 'failed', 5000);
    const failed = (await queue.getJob(aiAnswerJobId(started.id)))!;
    expect(failed).toMatchObject({ failedReason: AI_QUOTA_EXHAUSTED_MESSAGE, attemptsMade: 1 });
    expect(fakes.ai.stats().requests.map((r) => r.status)).toEqual([429]);
    // The AI runs view's error column.
    const rows = (await call<AiRunListResponse>(api, 'GET', '/api/admin/ai-runs?page=1', { token: admin.token })).body.items;
    expect(rows.find((r) => r.id === run.id)).toMatchObject({ status: 'failed', error: AI_QUOTA_EXHAUSTED_MESSAGE });
    // Health reports it, and still passes: the app works without AI.
    expect(await health()).toMatchObject({ status: 'ok', ai: 'quota_exhausted', ai_detail: { reason: AI_QUOTA_EXHAUSTED_MESSAGE, since: expect.any(String) } });
    const metrics = await (await fetch(`${api.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${admin.token}` } })).text();
    // The first call of a run is the search planner's, on the fast model.
    expect(metrics).toMatch(/cqa_ai_provider_errors_total\{kind="quota_exhausted",model="fake-model(?:-fast)?"\} [1-9]/);
    // Topped up: the next run succeeds and health says configured again.
    fakes.ai.setFault(null);
    await generate(id);
    expect((await finishedRun(api, admin.token, id))!.status).toBe('succeeded');
    expect(await health()).toMatchObject({ status: 'ok', ai: 'configured' });
    expect((await health()).ai_detail).toBeUndefined();
  });

  it('gives up after AI_RATE_LIMIT_MAX_DELAYS consecutive 429 waits, with the reason', async () => {
    await withWorker({ AI_RATE_LIMIT_MAX_DELAYS: '2' }, async () => {
      const id = await ask(admin.token);
      fakes.ai.setFault({ fault: 'rate_limit', retryAfterSeconds: 1, retryAfterMs: 100 });
      const { body: started } = await generate(id);
      const run = (await finishedRun(api, admin.token, id, 15_000))!;
      expect(run).toMatchObject({ status: 'failed', error: aiRateLimitGaveUpMessage(2) });
      expect(aiRateLimitGaveUpMessage(2)).toBe('AI provider rate limit: gave up after 2 waits');
      expect(fakes.ai.stats().requests.map((r) => r.status)).toEqual([429, 429, 429]);
      const job = (await queue.getJob(aiAnswerJobId(started.id)))!;
      await waitFor(() => job.getState(), (s) => s === 'failed', 5000);
      expect((await queue.getJob(aiAnswerJobId(started.id)))!.failedReason).toBe(aiRateLimitGaveUpMessage(2));
      const [row] = (await ds.query('SELECT rate_limit_waits FROM ai_runs WHERE id = ?', [run.id])) as Array<{ rate_limit_waits: number }>;
      expect(Number(row.rate_limit_waits)).toBe(2);

      // Waits are counted in a row: two 429s, an answer, then the judge's 429 twice more still publishes.
      fakes.ai.reset();
      fakes.ai.setFault({ fault: 'rate_limit', times: 2, retryAfterSeconds: 1, retryAfterMs: 100 });
      const again = await ask(admin.token);
      await generate(again);
      const calm = (await finishedRun(api, admin.token, again, 15_000))!;
      expect(calm.status).toBe('succeeded');
      const [reset] = (await ds.query('SELECT rate_limit_waits FROM ai_runs WHERE id = ?', [calm.id])) as Array<{ rate_limit_waits: number }>;
      expect(Number(reset.rate_limit_waits)).toBe(0);
    });
  });

  it('fits the answer prompt into AI_CONTEXT_TOKENS and records what it left out', async () => {
    // The fixture question's whole prompt (about 4 characters a token, as the fake counts).
    const probe = await ask(admin.token);
    await generate(probe);
    expect((await finishedRun(api, admin.token, probe))!.status).toBe('succeeded');
    const whole = fakes.ai.stats().requests.find((r) => r.schema === 'cited_answer')!.promptTokens;
    // A window that leaves the prompt about 85% of the room the whole one needs (by our estimate of 3.5 characters a
    // token, after the reply's quarter and the schema): the fixtures' handful of short abstracts must give way.
    const context = Math.max(1024, Math.ceil(((whole * 4) / 3.5 * 0.85 + 400) / 0.75));
    fakes.ai.reset();
    // The model's window is the one configured: a prompt over it would lose its beginning.
    fakes.ai.setContextTokens(context);
    try {
      await withWorker({ AI_CONTEXT_TOKENS: String(context) }, async () => {
        const id = await ask(admin.token);
        await generate(id);
        const run = (await finishedRun(api, admin.token, id))!;
        expect(run.status).toBe('succeeded');
        expect(fakes.ai.stats().requests.filter((r) => r.truncated)).toEqual([]);
        const details = (await detail(id)).answers.ai[0].ai_details!;
        expect(details.status).toBe('answered');
        const fit = details.context_fit!;
        expect(fit).toMatchObject({ context_tokens: context, records_given: expect.any(Number) });
        expect(fit.dropped.length + fit.shortened.length).toBeGreaterThan(0);
        expect(fit.records_sent).toBe(fit.records_given - fit.dropped.length);
        // Nothing it left out is cited.
        for (const source of details.sources) expect(fit.dropped).not.toContain(source.number);
      });
    } finally {
      fakes.ai.setContextTokens(null);
    }
  });

  it('fails a 401 once, without retrying, with its reason for admins and the failure text for patients', async () => {
    const id = await ask(patient.token, {}, api);
    fakes.ai.setFault({ fault: 'unauthorized' });
    const run = (await finishedRun(api, admin.token, id))!;
    expect(run).toMatchObject({ status: 'failed', error: 'AI provider refused the credentials (401)' });
    expect((await latestRun(api, patient.token, id)).run).toMatchObject({ status: 'failed', error: AiTexts.failed });
    expect((await latestRun(api, expert.token, id)).run?.error).toBe('AI provider refused the credentials (401)');
    const job = (await queue.getJob(aiAnswerJobId(run.id))) as Job;
    await waitFor(() => job.getState(), (s) => s === 'failed', 5000);
    expect(await queue.getJob(aiAnswerJobId(run.id)).then((j) => j!.attemptsMade)).toBe(1);
    expect(fakes.ai.stats().chatCompletions).toBe(1);
    expect((await detail(id)).answers.ai).toEqual([]);
    // Retry (an admin's Generate on a failed run) makes a new run that succeeds once the key works.
    fakes.ai.setFault(null);
    const retried = await generate(id);
    expect(retried.body.id).not.toBe(run.id);
    expect((await finishedRun(api, admin.token, id))!.status).toBe('succeeded');
  });

  it('regenerates: a new run replaces the generated answer, hand-typed AI answers stay, a double click makes one run', async () => {
    const id = await ask(admin.token);
    await generate(id);
    const first = (await finishedRun(api, admin.token, id))!;
    const typed = await call(api, 'POST', `/api/questions/${id}/answers`, { token: admin.token, body: { answer_type: 'ai', answer_text: 'Typed by hand.' } });
    expect(typed.status).toBe(201);
    const [a, b] = await Promise.all([generate(id, { regenerate: true }), generate(id, { regenerate: true })]);
    expect(a.body.id).toBe(b.body.id);
    expect(a.body.id).not.toBe(first.id);
    const second = (await finishedRun(api, admin.token, id))!;
    expect(second).toMatchObject({ id: a.body.id, status: 'succeeded' });
    const ai = (await detail(id)).answers.ai;
    expect(ai.map((x) => x.answer_text)).toContain('Typed by hand.');
    expect(ai.filter((x) => x.ai_details).map((x) => x.id)).toEqual([second.answer_id]);
    expect((await detail(id)).answers_count).toBe(2);
    // Without regenerate, an answered question keeps its run.
    expect((await generate(id, { regenerate: false })).body.id).toBe(second.id);
  });

  it('makes no second answer when a job is delivered again, concurrently or after a crash', async () => {
    const id = await ask(admin.token);
    const ctx = worker!;
    const runs = ctx.get(AiRunsRepository);
    const runId = await runs.insertRun({ questionId: id, generation: 1, trigger: 'admin', requestedBy: null, useProfile: false });
    // A crash left it half done.
    await ds.query("UPDATE ai_runs SET status = 'running', stage = 'verifying', done_steps = 2 WHERE id = ?", [runId]);
    const processor = ctx.get(AiAnswerProcessor);
    const job = () => ({ id: aiAnswerJobId(runId), data: { runId }, attemptsMade: 0, opts: { attempts: 3 }, updateProgress: async () => undefined }) as unknown as Job<{ runId: number }>;
    const results = await Promise.all([processor.process(job()), processor.process(job())]);
    expect(results.filter((r) => r.answerId !== null && !r.skipped)).toHaveLength(1);
    expect(await runs.generatedAnswerIds(id)).toHaveLength(1);
    // Re-added to the queue after it succeeded: the worker does nothing.
    const again = await queue.add(JobName.AiAnswer, { runId }, { jobId: `${aiAnswerJobId(runId)}-redelivered` });
    await waitFor(() => again.getState(), (s) => s === 'completed', 10000);
    expect((await queue.getJob(again.id!))!.returnvalue).toMatchObject({ skipped: 'already published' });
    expect(await runs.generatedAnswerIds(id)).toHaveLength(1);
    expect((await detail(id)).answers_count).toBe(1);
  });

  it('refuses use_profile unless AI_PHI_ALLOWED, and with it tailors with the minimised profile only', async () => {
    const refused = await call(api, 'POST', '/api/questions', { token: patient.token, body: { question_text: FIXTURE_QUESTION, use_profile: true } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: AiTexts.phiNotAllowed });
    const phiApi = await otherApi({ ...fakes.env, AI_PHI_ALLOWED: 'true' });
    try {
      const user = await createUser(phiApi, 'patient');
      await ds.query(
        "UPDATE patients SET age = 57, cancer_type = 'Breast Cancer', cancer_stage = 'Stage 2', profile = ? WHERE user_id = ?",
        [JSON.stringify({ age: 57, cancer_type: 'Breast Cancer', cancer_stage: 'Stage 2', major_treatments: ['Chemotherapy'], describe_treatment: 'Dr Who, 3 March' }), user.id],
      );
      const consenting = await signIn(phiApi, user);
      expect((await call<AiSettings>(phiApi, 'GET', '/api/ai/settings', { token: consenting.token })).body.phiAllowed).toBe(true);
      const id = await ask(consenting.token, { use_profile: true }, phiApi);
      const run = (await finishedRun(phiApi, consenting.token, id))!;
      expect(run.status).toBe('succeeded');
      const [answer] = (await detail(id)).answers.ai;
      expect(answer.ai_details!.profile_fields_used).toEqual(['age_band', 'cancer_type', 'cancer_stage', 'treatment_classes']);
      const [row] = (await ds.query('SELECT use_profile, profile_fields_used FROM ai_runs WHERE id = ?', [run.id])) as Array<{ use_profile: number }>;
      expect(Number(row.use_profile)).toBe(1);
      // The job carries the run id and the request id only: no profile, no question text.
      expect((await queue.getJob(aiAnswerJobId(run.id)))!.data).toEqual({ runId: run.id, requestId: expect.any(String) });
    } finally {
      await phiApi.close();
    }
  });

  it('answers 429 over the daily limits and leaves a new question unanswered then', async () => {
    const limited = await otherApi({ ...fakes.env, AI_DAILY_LIMIT_PER_USER: '1' });
    const global = await otherApi({ ...fakes.env, AI_DAILY_LIMIT_GLOBAL: '0' });
    try {
      const admin2 = await signIn(limited, await createUser(limited, 'admin'));
      const q1 = await ask(admin2.token, {}, limited);
      const q2 = await ask(admin2.token, {}, limited);
      expect((await generate(q1, {}, admin2.token, limited)).status).toBe(202);
      const over = await generate(q2, {}, admin2.token, limited);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ statusCode: 429, message: AiTexts.dailyLimitUser(1) });
      await finishedRun(limited, admin2.token, q1);
      const overall = await generate(q2, {}, admin.token, global);
      expect(overall.body).toMatchObject({ statusCode: 429, message: AiTexts.dailyLimitGlobal });
      const patientQuestion = await ask(patient.token, {}, global);
      expect((await latestRun(global, patient.token, patientQuestion)).run).toBeNull();
    } finally {
      await limited.close();
      await global.close();
    }
  });

  it('fails a queued job at once when the worker has no provider, and answers 503 when the API has none', async () => {
    await worker!.close();
    worker = await startTestWorker({ AI_BASE_URL: '', AI_API_KEY: '', AI_MODEL: '' });
    const id = await ask(admin.token);
    const { body: started } = await generate(id);
    const run = (await finishedRun(api, admin.token, id))!;
    expect(run).toMatchObject({ status: 'failed', error: AI_NOT_CONFIGURED_MESSAGE });
    const job = (await queue.getJob(aiAnswerJobId(started.id)))!;
    await waitFor(() => job.getState(), (s) => s === 'failed', 5000);
    const failed = (await queue.getJob(aiAnswerJobId(started.id)))!;
    expect(failed.failedReason).toBe(AI_NOT_CONFIGURED_MESSAGE);
    expect(failed.attemptsMade).toBe(1);
    expect(fakes.ai.stats().chatCompletions).toBe(0);

    const bare = await otherApi({ AI_BASE_URL: '', AI_API_KEY: '', AI_MODEL: '' });
    try {
      expect((await call<{ ai: string }>(bare, 'GET', '/api/health')).body.ai).toBe('not_configured');
      const refused = await generate(id, {}, admin.token, bare);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: AI_NOT_CONFIGURED_MESSAGE });
      const asked = await ask(patient.token, {}, bare);
      expect(await latestRun(bare, patient.token, asked)).toEqual({ run: null, configured: false });
    } finally {
      await bare.close();
    }
  });

  it('lets admins only generate and list runs, and every signed-in role read the run', async () => {
    const id = await ask(admin.token);
    for (const token of [patient.token, expert.token]) {
      expect((await generate(id, {}, token)).status).toBe(403);
      expect((await call(api, 'GET', '/api/admin/ai-runs', { token })).status).toBe(403);
      expect((await call(api, 'GET', `/api/questions/${id}/ai-run`, { token })).status).toBe(200);
    }
    expect((await call(api, 'POST', `/api/questions/${id}/ai-answer`, { body: {} })).status).toBe(401);
    expect((await call(api, 'GET', `/api/questions/${id}/ai-run`)).status).toBe(401);
    expect((await call(api, 'GET', '/api/ai/settings')).status).toBe(401);
    expect((await call(api, 'GET', '/api/questions/999999/ai-run', { token: patient.token })).status).toBe(404);
  });
});
