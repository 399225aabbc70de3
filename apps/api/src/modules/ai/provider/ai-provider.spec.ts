import { aiProviderErrors, aiTokens } from '../../../common/metrics/metrics';
import { APIError } from 'openai';
import { z } from 'zod';
import { FakeAi, startFakeAi, strictSchemaProblem } from '../../../../../../tools/fake-ai/fake-ai-server';
import { AiConfig, AiStructuredOutputMode, isAiConfigured, loadAiConfig } from '../../../config/ai-config';
import { buildAnswerPrompt } from '../citations/answer-prompt';
import { citedAnswerSchema } from '../citations/cited-answer.schema';
import { verifyAnswer } from '../citations/citation-verifier';
import { LiteratureRecord, recordIdKeys } from '../literature/literature-record';
import {
  AiAuthError, AiBadOutputError, AiNotConfiguredError, AiQuotaExhaustedError, AiRateLimitedError, AiUnsupportedParameterError, AiUpstreamError,
  retryAfterMs,
} from './ai-errors';
import { AiProvider, toAiError, toJsonSchema, unsupportedParameter } from './ai-provider';
import type { AiProviderStatus } from './ai-provider-status';
import { CITED_ANSWER_SCHEMA_NAME } from '../citations/cited-answer.schema';
import { judgeReplySchema, SUPPORT_JUDGE_SCHEMA_NAME } from '../citations/support-judge';
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
    modelJudge: 'fake-model-judge',
    timeoutMs: 5000,
    structuredOutput: 'json_schema',
    supportJudge: true,
    temperature: null,
    contextTokens: null,
    rateLimitMaxDelays: 10,
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

  const errorCount = async (kind: string) => (await aiProviderErrors.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;
  const recordingStatus = () => {
    const calls: string[] = [];
    const status: AiProviderStatus = {
      quotaExhausted: async () => void calls.push('quota_exhausted'),
      succeeded: async () => void calls.push('succeeded'),
      read: async () => null,
    };
    return { calls, status };
  };

  it("maps OpenAI's insufficient_quota 429 to a non-retryable AiQuotaExhaustedError, counts and reports it", async () => {
    fake.setFault({ fault: 'insufficient_quota', times: 1 });
    const before = await errorCount('quota_exhausted');
    const { calls, status } = recordingStatus();
    const provider = new AiProvider(config(), { status });
    const error = await provider.generateStructured(citedAnswerSchema, prompt()).catch((e) => e);
    expect(error).toBeInstanceOf(AiQuotaExhaustedError);
    expect(error).not.toBeInstanceOf(AiRateLimitedError);
    expect(error).toMatchObject({ message: 'AI provider quota exhausted', retryable: false });
    expect(fake.stats().chatCompletions).toBe(1);
    expect(await errorCount('quota_exhausted')).toBe(before + 1);
    expect(calls).toEqual(['quota_exhausted']);
    // The next call that answers clears the report.
    await provider.generateStructured(citedAnswerSchema, prompt());
    expect(calls).toEqual(['quota_exhausted', 'succeeded']);
  });

  it('counts a rate limit as rate_limited', async () => {
    fake.setFault({ fault: 'rate_limit', times: 1 });
    const before = await errorCount('rate_limited');
    await expect(new AiProvider(config()).generateStructured(citedAnswerSchema, prompt())).rejects.toBeInstanceOf(AiRateLimitedError);
    expect(await errorCount('rate_limited')).toBe(before + 1);
  });

  it('sends no temperature unless one is configured', async () => {
    await new AiProvider(config()).generateStructured(citedAnswerSchema, prompt());
    await new AiProvider(config({ temperature: 0.2 })).generateStructured(citedAnswerSchema, prompt());
    expect(fake.stats().requests.map((r) => r.temperature)).toEqual([null, 0.2]);
  });

  it('retries once without a temperature the model refuses, and never sends it to that model again', async () => {
    fake.setFault({ fault: 'rejects_temperature' });
    const before = await errorCount('unsupported_parameter');
    const provider = new AiProvider(config({ temperature: 0 }));
    const first = await provider.generateStructured(citedAnswerSchema, prompt(), { schemaName: CITED_ANSWER_SCHEMA_NAME });
    expect(first.value.claims.length).toBeGreaterThan(0);
    expect(fake.stats().requests.map((r) => [r.status, r.temperature])).toEqual([[400, 0], [200, null]]);
    expect(provider.refusedParameters('fake-model')).toEqual(['temperature']);
    expect(await errorCount('unsupported_parameter')).toBe(before + 1);
    await provider.generateStructured(citedAnswerSchema, prompt());
    expect(fake.stats().requests.slice(2).map((r) => [r.status, r.temperature])).toEqual([[200, null]]);
    // Another model is asked with it until it refuses too.
    await provider.generateStructured(judgeReplySchema, [{ role: 'user', content: 'judge' }], { model: 'fast', schemaName: SUPPORT_JUDGE_SCHEMA_NAME });
    expect(fake.stats().requests.slice(3).map((r) => [r.model, r.status, r.temperature])).toEqual([['fake-model-fast', 400, 0], ['fake-model-fast', 200, null]]);
  });

  it('does not drop a parameter the request needs, and names the refused one', () => {
    const refusal = (body: object) => toAiError(APIError.generate(400, { error: body }, undefined, new Headers()));
    const maxTokens = refusal({
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
    expect(maxTokens).toBeInstanceOf(AiUnsupportedParameterError);
    expect(maxTokens).toMatchObject({ param: 'max_tokens', retryable: false });
    expect(unsupportedParameter({ code: null, param: null, message: "400 Unsupported parameter: 'top_p' is not supported with this model." })).toBe('top_p');
    expect(unsupportedParameter({ code: 'unsupported_value', param: 'temperature', message: 'whatever' })).toBe('temperature');
    expect(unsupportedParameter({ code: null, param: 'model', message: 'The model `x` does not exist' })).toBeNull();
    expect(refusal({ message: 'bad', type: 'invalid_request_error', param: null, code: null })).toBeInstanceOf(AiUpstreamError);
  });

  it('sends json_schema requests that pass strict validation (every object closed, every property required)', async () => {
    for (const [schema, name] of [[citedAnswerSchema, CITED_ANSWER_SCHEMA_NAME], [judgeReplySchema, SUPPORT_JUDGE_SCHEMA_NAME]] as const) {
      expect(strictSchemaProblem({ response_format: { type: 'json_schema', json_schema: { name, schema: toJsonSchema(schema), strict: true } } })).toBeNull();
    }
    // A schema with an optional field is one OpenAI refuses: the fake says so as OpenAI does.
    const optional = z.object({ a: z.string(), b: z.string().optional() });
    const error = await new AiProvider(config()).generateStructured(optional, [{ role: 'user', content: 'x' }], { schemaName: 'opt' }).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(error.message).toContain("Invalid schema for response_format 'opt': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.");
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

  it('judges claims with AI_MODEL_JUDGE, else the fast model, else the main one', () => {
    expect(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm', AI_MODEL_FAST: 'f', AI_MODEL_JUDGE: 'j' }, [])).toMatchObject({ modelFast: 'f', modelJudge: 'j' });
    expect(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm', AI_MODEL_FAST: 'f' }, [])).toMatchObject({ modelJudge: 'f' });
    expect(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm' }, [])).toMatchObject({ modelJudge: 'm' });
    const provider = new AiProvider(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm', AI_MODEL_JUDGE: 'j' }, []));
    expect([provider.modelName('main'), provider.modelName('fast'), provider.modelName('judge')]).toEqual(['m', 'm', 'j']);
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

  it('sends no temperature, fits no prompt and waits out 10 rate limits by default; refuses bad values', () => {
    expect(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm' }, [])).toMatchObject({ temperature: null, contextTokens: null, rateLimitMaxDelays: 10 });
    expect(loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm', AI_TEMPERATURE: '0', AI_CONTEXT_TOKENS: '16384', AI_RATE_LIMIT_MAX_DELAYS: '0' }, [])).toMatchObject({
      temperature: 0, contextTokens: 16384, rateLimitMaxDelays: 0,
    });
    const problems: string[] = [];
    loadAiConfig({ AI_API_KEY: 'k', AI_MODEL: 'm', AI_TEMPERATURE: 'hot', AI_CONTEXT_TOKENS: '512', AI_RATE_LIMIT_MAX_DELAYS: '-1' }, problems);
    expect(problems).toEqual([
      expect.stringContaining('AI_TEMPERATURE must be a number from 0 to 2'),
      expect.stringContaining('AI_CONTEXT_TOKENS must be a whole number from 1024'),
      expect.stringContaining('AI_RATE_LIMIT_MAX_DELAYS must be a whole number from 0'),
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
