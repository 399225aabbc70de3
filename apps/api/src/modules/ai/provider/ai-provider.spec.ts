import { aiTokens } from '../../../common/metrics/metrics';
import { z } from 'zod';
import { FakeAi, startFakeAi } from '../../../../../../tools/fake-ai/fake-ai-server';
import { AiConfig, AiStructuredOutputMode, isAiConfigured, loadAiConfig } from '../../../config/ai-config';
import { buildAnswerPrompt } from '../citations/answer-prompt';
import { citedAnswerSchema } from '../citations/cited-answer.schema';
import { verifyAnswer } from '../citations/citation-verifier';
import { LiteratureRecord, recordIdKeys } from '../literature/literature-record';
import { AiAuthError, AiBadOutputError, AiNotConfiguredError, AiRateLimitedError, AiUpstreamError, retryAfterMs } from './ai-errors';
import { AiProvider } from './ai-provider';
import { estimateCostUsd } from './ai-pricing';

const RECORDS: LiteratureRecord[] = [
  {
    source: 'pubmed',
    pmid: '1001',
    doi: null,
    nctId: null,
    title: 'Exercise during chemotherapy: a randomised trial',
    journal: 'J Test',
    year: 2021,
    publicationTypes: ['Randomized Controlled Trial'],
    text: 'Supervised exercise reduced fatigue scores by 20% compared with usual care. Adverse events were rare.',
    url: 'https://pubmed.ncbi.nlm.nih.gov/1001/',
    retraction: 'clear',
  },
  {
    source: 'pubmed',
    pmid: '1002',
    doi: null,
    nctId: null,
    title: 'Dietary fibre and colorectal cancer',
    journal: 'J Diet',
    year: 2019,
    publicationTypes: ['Observational Study'],
    text: 'Higher fibre intake was associated with lower colorectal cancer mortality in a large cohort.',
    url: 'https://pubmed.ncbi.nlm.nih.gov/1002/',
    retraction: 'clear',
  },
];
const RESOLVED = new Set(RECORDS.flatMap(recordIdKeys));
const prompt = (question = 'Does exercise help with fatigue during chemotherapy?') => buildAnswerPrompt({ question, records: RECORDS });

describe('AiProvider against the fake OpenAI-compatible server', () => {
  let fake: FakeAi;
  const config = (over: Partial<AiConfig> = {}): AiConfig => ({
    baseUrl: fake.url,
    apiKey: 'test-key',
    model: 'fake-model',
    modelFast: 'fake-model-fast',
    timeoutMs: 5000,
    structuredOutput: 'json_schema',
    supportJudge: true,
    prices: { 'fake-model': { inputPerMTok: 1, outputPerMTok: 2 } },
    ...over,
  });

  beforeAll(async () => {
    fake = await startFakeAi({ port: 0, apiKey: 'test-key' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it.each<AiStructuredOutputMode>(['json_schema', 'json_object', 'prompt'])('gets a valid, verifiable answer in %s mode', async (mode) => {
    const provider = new AiProvider(config({ structuredOutput: mode }));
    const result = await provider.generateStructured(citedAnswerSchema, prompt(), { schemaName: 'cited_answer' });

    expect(result.attempts).toBe(1);
    expect(result.model).toBe('fake-model');
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(result.usage.completionTokens).toBeGreaterThan(0);
    // The Prometheus counter saw the same tokens.
    const counted = (await aiTokens.get()).values;
    expect(counted.find((v) => v.labels.kind === 'prompt')?.value).toBeGreaterThanOrEqual(result.usage.promptTokens);
    expect(counted.find((v) => v.labels.kind === 'completion')?.value).toBeGreaterThanOrEqual(result.usage.completionTokens);
    expect(result.costUsd).toBeCloseTo((result.usage.promptTokens + 2 * result.usage.completionTokens) / 1e6, 9);
    expect(fake.stats().requests).toEqual([
      expect.objectContaining({ responseFormat: mode === 'prompt' ? 'none' : mode, model: 'fake-model', stream: false }),
    ]);
    const verified = await verifyAnswer({ answer: result.value, records: RECORDS, resolvedIds: RESOLVED }, { mode: 'rules_only' });
    expect(verified.status).toBe('answered');
    expect(verified.unsupportedClaims).toEqual([]);
    expect(verified.sources.map((s) => s.pmid)).toEqual(['1001']);
  });

  it('uses the fast model when asked', async () => {
    const result = await new AiProvider(config()).generateStructured(z.object({ queries: z.array(z.string()) }), [{ role: 'user', content: 'plan' }], {
      model: 'fast',
    });
    expect(result.model).toBe('fake-model-fast');
    expect(result.value.queries).toEqual(['fake']);
    expect(result.costUsd).toBeNull();
  });

  it('answers insufficient evidence when no record matches the question', async () => {
    const result = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt('What about proton therapy for glioma?'));
    expect(result.value).toEqual({ insufficient_evidence: true, claims: [] });
  });

  it('retries once with the validation error after malformed JSON', async () => {
    fake.setFault({ fault: 'malformed_json' });
    const result = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt());
    expect(result.attempts).toBe(2);
    expect(fake.stats().chatCompletions).toBe(2);
    expect(result.value.claims.length).toBeGreaterThan(0);
  });

  it('gives up with AiBadOutputError after the one retry', async () => {
    fake.setFault({ fault: 'malformed_json', times: 5 });
    await expect(new AiProvider(config()).generateStructured(citedAnswerSchema, prompt())).rejects.toBeInstanceOf(AiBadOutputError);
    expect(fake.stats().chatCompletions).toBe(2);
  });

  it('retries when the JSON parses but fails the schema', async () => {
    const strict = z.object({ queries: z.array(z.string()).min(2) });
    await expect(new AiProvider(config()).generateStructured(strict, [{ role: 'user', content: 'plan' }])).rejects.toThrow(
      /not valid JSON for the requested shape: .*queries/s,
    );
    expect(fake.stats().chatCompletions).toBe(2);
  });

  it('maps 429 to AiRateLimitedError with the Retry-After delay, without retrying itself', async () => {
    fake.setFault({ fault: 'rate_limit', retryAfterSeconds: 7 });
    const error = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error).toBeInstanceOf(AiRateLimitedError);
    expect(error.retryAfterMs).toBe(7000);
    expect(error.retryable).toBe(true);
    expect(fake.stats().chatCompletions).toBe(1);
  });

  it('prefers retry-after-ms', async () => {
    fake.setFault({ fault: 'rate_limit', retryAfterSeconds: 7, retryAfterMs: 1500 });
    const error = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error.retryAfterMs).toBe(1500);
  });

  it('maps 401 (fault or wrong key) to AiAuthError, not retryable', async () => {
    fake.setFault({ fault: 'unauthorized' });
    const error = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error).toBeInstanceOf(AiAuthError);
    expect(error).toMatchObject({ status: 401, retryable: false });
    fake.reset();
    await expect(new AiProvider(config({ apiKey: 'wrong' })).generateStructured(citedAnswerSchema, prompt())).rejects.toBeInstanceOf(AiAuthError);
    expect(fake.stats().chatCompletions).toBe(1);
  });

  it('maps 500 to a retryable AiUpstreamError after one call', async () => {
    fake.setFault({ fault: 'server_error' });
    const error = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(error).toMatchObject({ status: 500, retryable: true, kind: 'http' });
    expect(fake.stats().chatCompletions).toBe(1);
  });

  it('times out a stalled call as a retryable AiUpstreamError', async () => {
    fake.setFault({ fault: 'stall', stallMs: 10_000 });
    const started = Date.now();
    const error = await new AiProvider(config({ timeoutMs: 300 })).generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.stats().chatCompletions).toBe(1);
  });

  it('stops when the caller aborts', async () => {
    fake.setFault({ fault: 'stall', stallMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 100);
    await expect(new AiProvider(config()).generateStructured(citedAnswerSchema, prompt(), { signal: controller.signal })).rejects.toThrow('job cancelled');
  });

  it('returns a fabricated PMID as the model wrote it, and the verifier withholds that claim', async () => {
    fake.setFault({ fault: 'fabricated_pmid' });
    const result = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt());
    const verified = await verifyAnswer({ answer: result.value, records: RECORDS, resolvedIds: RESOLVED }, { mode: 'rules_only' });
    expect(verified.status).toBe('insufficient_evidence');
    expect(verified.unsupportedClaims[0].reasons).toEqual([expect.stringContaining('PMID 39999999')]);
  });

  it.each([
    ['citation_out_of_range', /points at no record/],
    ['quote_not_in_source', /quote not found in \[1\]/],
  ] as const)('the verifier catches the %s fault', async (fault, reason) => {
    fake.setFault({ fault });
    const result = await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt());
    const verified = await verifyAnswer({ answer: result.value, records: RECORDS, resolvedIds: RESOLVED }, { mode: 'rules_only' });
    expect(verified.sources).toEqual([]);
    expect(verified.unsupportedClaims[0].reasons).toEqual([expect.stringMatching(reason)]);
  });

  it('reads nothing from the environment: OPENAI_* set to nonsense changes nothing', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'env-key', OPENAI_ORG_ID: 'org-x' });
    try {
      await expect(new AiProvider(config()).generateStructured(citedAnswerSchema, prompt())).resolves.toMatchObject({ attempts: 1 });
    } finally {
      process.env = saved;
    }
  });
});

describe('AiProvider without configuration', () => {
  it("throws AiNotConfiguredError 'AI provider not configured' and makes no call", async () => {
    const config = loadAiConfig({}, []);
    expect(isAiConfigured(config)).toBe(false);
    const provider = new AiProvider(config);
    expect(provider.isConfigured).toBe(false);
    const error = await provider.generateStructured(citedAnswerSchema, []).catch((e) => e);
    expect(error).toBeInstanceOf(AiNotConfiguredError);
    expect(error.message).toBe('AI provider not configured');
    expect(error.retryable).toBe(false);
  });
});

describe('loadAiConfig', () => {
  it('accepts OPENAI_* as aliases, AI_* first', () => {
    const problems: string[] = [];
    const config = loadAiConfig({ OPENAI_BASE_URL: 'http://ollama:11434/v1/', OPENAI_MODEL: 'llama3.1', AI_MODEL: 'qwen2.5' }, problems);
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ baseUrl: 'http://ollama:11434/v1', apiKey: null, model: 'qwen2.5', modelFast: 'qwen2.5', structuredOutput: 'json_schema' });
    expect(isAiConfigured(config)).toBe(true);
  });

  it('lists every bad AI variable', () => {
    const problems: string[] = [];
    loadAiConfig({ AI_API_KEY: 'k', AI_STRUCTURED_OUTPUT: 'xml', AI_TIMEOUT_MS: '5', AI_PRICE_INPUT_PER_MTOK: '1' }, problems);
    expect(problems).toEqual([
      expect.stringContaining('AI_MODEL (or OPENAI_MODEL) is required'),
      expect.stringContaining('AI_STRUCTURED_OUTPUT must be one of'),
      expect.stringContaining('must be set together'),
      expect.stringContaining('AI_TIMEOUT_MS must be a whole number'),
    ]);
  });

  it('prices the configured models from the environment, others from the table', () => {
    const config = loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'my-model', AI_PRICE_INPUT_PER_MTOK: '3', AI_PRICE_OUTPUT_PER_MTOK: '6' }, []);
    expect(estimateCostUsd(config.prices, 'my-model', { promptTokens: 1_000_000, completionTokens: 500_000 })).toBe(6);
    expect(estimateCostUsd(config.prices, 'gpt-4.1-mini-2025-04-14', { promptTokens: 1_000_000, completionTokens: 0 })).toBe(0.4);
    expect(estimateCostUsd(config.prices, 'unknown', { promptTokens: 1, completionTokens: 1 })).toBeNull();
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '2' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });
});
