/**
 * A fake OpenAI-compatible server for tests and demos (node:http only; imports nothing of ours, so `node main.ts`
 * runs it with Node's type stripping). It answers chat completions sensibly: it reads the fenced, numbered records
 * of the answer prompt (apps/api/src/modules/ai/citations/answer-prompt.ts) and cites the ones that share words
 * with the question, quoting their text verbatim. Other JSON schemas get a value filled from the schema.
 *
 * Faults, per test (POST /__faults {"fault": "...", "times": n}), per request (header x-fake-ai-fault) or for a
 * demo (FAKE_AI_FAULT): rate_limit (429 + retry-after), server_error (500), unauthorized (401), stall (no reply),
 * malformed_json (broken JSON; once by default, then good), fabricated_pmid, citation_out_of_range,
 * quote_not_in_source, misrepresent_claims (adds claims that quote a record verbatim but say more than it: a number it
 * does not state, a 'proven cure', its finding turned into its opposite), judge_rejects (the support judge answers
 * not_supported for every claim), repeat_quotes (every claim carries its verbatim quote twice, the same record and words:
 * the first claim's copy exact, the others' with a space doubled, as a model repeats a passage), insufficient_quota (OpenAI's real 429 "You exceeded your current quota" body, no
 * Retry-After), rejects_temperature (a reasoning model: a request carrying `temperature` other than 1 gets OpenAI's real
 * 400 'unsupported_value' body; requests without it are answered). Real bodies and where they were seen: FIXTURES.md.
 * The support judge (schema with "verdicts") answers supported when every content word
 * of a claim is in its quotes, partially_supported otherwise. GET /__stats counts calls (and `bySchema`, per json_schema name); POST /__reset clears faults
 * and counts; POST /__delay {"ms": n} holds every chat reply n ms (0 turns it off).
 *
 * Like real servers: a json_schema request with `strict: true` is validated as OpenAI validates it (every object needs
 * `additionalProperties: false` and every property in `required`; the root is an object) and refused with OpenAI's 400
 * otherwise. With a context limit (`contextTokens`, POST /__context {"tokens": n}, FAKE_AI_CONTEXT_TOKENS) a prompt
 * longer than it (about 4 characters a token) loses its beginning, as Ollama's OpenAI-compatible endpoint does
 * silently: the model then never saw its instructions and answers in prose, not JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_AI_FAULTS = [
  'rate_limit',
  'server_error',
  'unauthorized',
  'stall',
  'malformed_json',
  'fabricated_pmid',
  'citation_out_of_range',
  'quote_not_in_source',
  'misrepresent_claims',
  'judge_rejects',
  'repeat_quotes',
  'insufficient_quota',
  'rejects_temperature',
] as const;
export type FakeAiFault = (typeof FAKE_AI_FAULTS)[number];

export interface FakeAiFaultSetting {
  fault: FakeAiFault;
  /** How many chat calls it applies to; unset: 1 for malformed_json, every call for the others. */
  times?: number;
  /** Only chat calls asking for this json_schema name (e.g. 'cited_answer', 'claim_support_verdicts'); unset: every call. */
  schema?: string;
  /** For rate_limit: the Retry-After header in seconds (default 1). */
  retryAfterSeconds?: number;
  /** For rate_limit: also send retry-after-ms. */
  retryAfterMs?: number;
  /** For stall: how long to hold the reply (default 10 minutes). */
  stallMs?: number;
}

export interface FakeAiRequestLog {
  model: string;
  stream: boolean;
  responseFormat: 'json_schema' | 'json_object' | 'none';
  fault: FakeAiFault | null;
  status: number;
  /** The temperature sent, or null when the request carried none. */
  temperature: number | null;
  /** True when the prompt was over the context limit and lost its beginning. */
  truncated: boolean;
  /** The json_schema name ('none' without one). */
  schema: string;
  /** The prompt's size as the context limit counts it (fakeTokens of the messages' text). */
  promptTokens: number;
}

export interface FakeAiStats {
  chatCompletions: number;
  models: number;
  /** Chat calls per json_schema name ('none' without one). */
  bySchema: Record<string, number>;
  requests: FakeAiRequestLog[];
}

export interface FakeAiOptions {
  port?: number;
  host?: string;
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string | null;
  fault?: FakeAiFaultSetting | null;
  models?: string[];
  /** Hold every chat reply this long (ms). */
  delayMs?: number;
  /** The model's context window: longer prompts lose their beginning (as Ollama's). Unset: no limit. */
  contextTokens?: number | null;
}

export interface FakeAi {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  setFault(setting: FakeAiFaultSetting | null): void;
  setDelay(ms: number): void;
  /** Null: no context limit. */
  setContextTokens(tokens: number | null): void;
  stats(): FakeAiStats;
  reset(): void;
  close(): Promise<void>;
}

type Message = { role: string; content: unknown };
interface ChatRequest {
  model?: string;
  messages?: Message[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number | null;
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema; strict?: boolean | null } };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  anyOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
}

/** OpenAI's 429 for a spent quota, verbatim (FIXTURES.md). */
export const INSUFFICIENT_QUOTA_BODY = {
  error: {
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
    type: 'insufficient_quota',
    param: null,
    code: 'insufficient_quota',
  },
};

/** OpenAI's 400 when an o-series or gpt-5 model gets a temperature other than its default (FIXTURES.md). */
export function unsupportedTemperatureBody(value: number) {
  return {
    error: {
      message: `Unsupported value: 'temperature' does not support ${value} with this model. Only the default (1) value is supported.`,
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
    },
  };
}

/** Tokens of a prompt as the fake counts them: about 4 characters each. */
export const fakeTokens = (text: string) => Math.ceil(text.length / 4);

const QUESTION_FENCE = /^==== QUESTION BEGIN ([A-Za-z0-9]+) ====\n([\s\S]*?)\n==== QUESTION END \1 ====$/m;
/** The asker's question: fenced (answer-prompt.ts fenceQuestion), or on a 'Question: ' line in older prompts. */
export function questionIn(prompt: string): string {
  return QUESTION_FENCE.exec(prompt)?.[2] ?? /^Question: (.*)$/m.exec(prompt)?.[1] ?? '';
}
const hasQuestion = (prompt: string) => QUESTION_FENCE.test(prompt) || /^Question: /m.test(prompt);

const FENCE = /^==== RECORD \[(\d+)\] BEGIN ([A-Za-z0-9]+) ====\n([\s\S]*?)\n==== RECORD \[\1\] END \2 ====$/gm;
const FABRICATED_PMID = '39999999';

export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  if (process.env.NODE_ENV === 'production') throw new Error('The fake AI server refuses to run with NODE_ENV=production');
  let fault: (FakeAiFaultSetting & { left: number }) | null = null;
  const setFault = (setting: FakeAiFaultSetting | null) => {
    if (setting && !FAKE_AI_FAULTS.includes(setting.fault)) throw new Error(`unknown fault ${setting.fault}`);
    fault = setting ? { ...setting, left: setting.times ?? (setting.fault === 'malformed_json' ? 1 : Infinity) } : null;
  };
  setFault(options.fault ?? null);
  let stats: FakeAiStats = { chatCompletions: 0, models: 0, bySchema: {}, requests: [] };
  const models = options.models ?? ['fake-model', 'fake-model-fast'];
  let delayMs = options.delayMs ?? 0;
  let contextTokens = options.contextTokens ?? null;

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = req.method === 'POST' ? await readBody(req) : '';
      if (url.pathname === '/__stats') return json(res, 200, stats);
      if (url.pathname === '/__reset' && req.method === 'POST') {
        stats = { chatCompletions: 0, models: 0, bySchema: {}, requests: [] };
        setFault(null);
        contextTokens = options.contextTokens ?? null;
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/__delay' && req.method === 'POST') {
        delayMs = Math.max(0, Number((JSON.parse(body || '{}') as { ms?: number }).ms ?? 0));
        return json(res, 200, { delayMs });
      }
      if (url.pathname === '/__context' && req.method === 'POST') {
        const tokens = (JSON.parse(body || '{}') as { tokens?: number | null }).tokens;
        contextTokens = tokens ? Math.max(1, Number(tokens)) : null;
        return json(res, 200, { contextTokens });
      }
      if (url.pathname === '/__faults') {
        setFault(req.method === 'DELETE' ? null : (JSON.parse(body || 'null') as FakeAiFaultSetting | null));
        return json(res, 200, { fault: fault?.fault ?? null });
      }
      const authorised = !options.apiKey || req.headers.authorization === `Bearer ${options.apiKey}`;
      if (req.method === 'GET' && url.pathname === '/v1/models') {
        stats.models++;
        if (!authorised) return apiError(res, 401, 'Incorrect API key provided', 'invalid_api_key');
        return json(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      }
      if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
        stats.chatCompletions++;
        const request = JSON.parse(body) as ChatRequest;
        const schemaName = request.response_format?.json_schema?.name ?? 'none';
        stats.bySchema[schemaName] = (stats.bySchema[schemaName] ?? 0) + 1;
        const headerFault = req.headers['x-fake-ai-fault'];
        let active: FakeAiFaultSetting | null = null;
        if (typeof headerFault === 'string' && FAKE_AI_FAULTS.includes(headerFault as FakeAiFault)) {
          active = { fault: headerFault as FakeAiFault };
        } else if (fault && fault.left > 0 && (!fault.schema || fault.schema === schemaName)) {
          fault.left--;
          active = fault;
        }
        const log: FakeAiRequestLog = {
          model: request.model ?? '',
          stream: Boolean(request.stream),
          responseFormat: (request.response_format?.type as FakeAiRequestLog['responseFormat']) ?? 'none',
          fault: active?.fault ?? null,
          status: 200,
          temperature: typeof request.temperature === 'number' ? request.temperature : null,
          truncated: false,
          schema: schemaName,
          promptTokens: Array.isArray(request.messages) ? fakeTokens((request.messages as Message[]).map(text).join('\n')) : 0,
        };
        stats.requests.push(log);
        const fail = (status: number, message: string, code: string, headers: Record<string, string> = {}) => {
          log.status = status;
          apiError(res, status, message, code, headers);
        };
        if (!authorised || active?.fault === 'unauthorized') return fail(401, 'Incorrect API key provided', 'invalid_api_key');
        if (active?.fault === 'rate_limit') {
          const headers: Record<string, string> = { 'retry-after': String(active.retryAfterSeconds ?? 1) };
          if (active.retryAfterMs !== undefined) headers['retry-after-ms'] = String(active.retryAfterMs);
          return fail(429, 'Rate limit reached', 'rate_limit_exceeded', headers);
        }
        if (active?.fault === 'insufficient_quota') {
          log.status = 429;
          return json(res, 429, INSUFFICIENT_QUOTA_BODY);
        }
        if (active?.fault === 'server_error') return fail(500, 'The server had an error', 'server_error');
        if (active?.fault === 'rejects_temperature' && typeof request.temperature === 'number' && request.temperature !== 1) {
          log.status = 400;
          return json(res, 400, unsupportedTemperatureBody(request.temperature));
        }
        const schemaProblem = strictSchemaProblem(request);
        if (schemaProblem) {
          log.status = 400;
          return json(res, 400, { error: { message: schemaProblem, type: 'invalid_request_error', param: 'response_format', code: null } });
        }
        if (active?.fault === 'stall') {
          await new Promise((resolve) => setTimeout(resolve, active.stallMs ?? 600_000).unref());
          if (res.destroyed) return;
        }
        if (delayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
          if (res.destroyed) return;
        }
        if (!request.model || !Array.isArray(request.messages)) return fail(400, 'model and messages are required', 'invalid_request');
        const prompt = (request.messages as Message[]).map(text).join('\n');
        log.truncated = contextTokens !== null && log.promptTokens > contextTokens;
        const content = log.truncated ? uninstructedReply(prompt.slice(prompt.length - contextTokens! * 4)) : replyContent(request, active?.fault ?? null);
        const usage = {
          prompt_tokens: Math.ceil(JSON.stringify(request.messages).length / 4),
          completion_tokens: Math.ceil(content.length / 4),
          total_tokens: 0,
        };
        usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
        const id = `chatcmpl-fake-${stats.chatCompletions}`;
        const created = Math.floor(Date.now() / 1000);
        if (request.stream) return stream(res, { id, created, model: request.model, content, usage: request.stream_options?.include_usage ? usage : null });
        return json(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage,
        });
      }
      json(res, 404, { error: { message: `No route ${req.method} ${url.pathname}`, type: 'invalid_request_error', code: null } });
    } catch (error) {
      if (!res.headersSent) json(res, 400, { error: { message: (error as Error).message, type: 'invalid_request_error', code: null } });
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
      resolve({
        url: `http://${host}:${port}/v1`,
        port,
        setFault,
        setDelay: (ms: number) => {
          delayMs = Math.max(0, ms);
        },
        setContextTokens: (tokens: number | null) => {
          contextTokens = tokens;
        },
        stats: () => structuredClone(stats),
        reset: () => {
          stats = { chatCompletions: 0, models: 0, bySchema: {}, requests: [] };
          setFault(null);
          contextTokens = options.contextTokens ?? null;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function apiError(res: http.ServerResponse, status: number, message: string, code: string, headers: Record<string, string> = {}): void {
  const type = status === 429 ? 'requests' : status === 401 ? 'invalid_request_error' : 'server_error';
  json(res, status, { error: { message, type, param: null, code } }, headers);
}

function stream(
  res: http.ServerResponse,
  reply: { id: string; created: number; model: string; content: string; usage: object | null },
): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const base = { id: reply.id, object: 'chat.completion.chunk', created: reply.created, model: reply.model };
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (let i = 0; i < reply.content.length; i += 24) {
    send({ ...base, choices: [{ index: 0, delta: { content: reply.content.slice(i, i + 24) }, finish_reason: null }] });
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (reply.usage) send({ ...base, choices: [], usage: reply.usage });
  res.end('data: [DONE]\n\n');
}

const text = (m: Message) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''));

/**
 * What a model says when the start of its prompt (the instructions, the question) was cut away: it carries on from the
 * records it can see, in prose. Not JSON, whatever the request asked for.
 */
function uninstructedReply(visibleTail: string): string {
  const sentence = /[A-Z][^.!?\n]{20,200}[.!?]/.exec(visibleTail)?.[0] ?? 'the studies above';
  return `These records discuss several findings. For example: ${sentence} Let me know if you would like a summary of the other studies.`;
}

/** Python's repr of the path tuple OpenAI prints ("()", "('properties', 'claims', 'items')"). */
function contextOf(path: ReadonlyArray<string | number>): string {
  const parts = path.map((p) => (typeof p === 'number' ? String(p) : `'${p}'`));
  return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
}

/**
 * OpenAI's strict structured-output checks of a json_schema request, with its messages (FIXTURES.md): the root is an
 * object; every object has `additionalProperties: false` and lists every property, and only those, in `required`.
 * Null when the request passes (or is not strict json_schema).
 */
export function strictSchemaProblem(request: Pick<ChatRequest, 'response_format'>): string | null {
  const format = request.response_format;
  if (format?.type !== 'json_schema' || format.json_schema?.strict !== true) return null;
  const name = format.json_schema.name ?? '';
  const prefix = `Invalid schema for response_format '${name}': `;
  const root = format.json_schema.schema ?? {};
  const rootType = Array.isArray(root.type) ? root.type.join('|') : root.type;
  if (rootType !== 'object') return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${rootType ?? 'None'}"'.`;
  const visit = (schema: JsonSchema, path: Array<string | number>): string | null => {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.includes('object') || schema.properties) {
      const keys = Object.keys(schema.properties ?? {});
      if (schema.additionalProperties !== false) {
        return `${prefix}In context=${contextOf(path)}, 'additionalProperties' is required to be supplied and to be false.`;
      }
      const required = Array.isArray(schema.required) ? schema.required : null;
      const missing = keys.find((k) => !required?.includes(k));
      if (!required || missing !== undefined) {
        return `${prefix}In context=${contextOf(path)}, 'required' is required to be supplied and to be an array including every key in properties.${missing !== undefined ? ` Missing '${missing}'.` : ''}`;
      }
      const extra = required.find((k) => !keys.includes(k));
      if (extra !== undefined) {
        return `${prefix}In context=${contextOf(path)}, 'required' is required to be supplied and to be an array including every key in properties. Extra required key '${extra}' supplied.`;
      }
    }
    const children: Array<[JsonSchema, Array<string | number>]> = [
      ...Object.entries(schema.properties ?? {}).map(([k, v]): [JsonSchema, Array<string | number>] => [v, [...path, 'properties', k]]),
      ...(schema.items ? [[schema.items, [...path, 'items']] as [JsonSchema, Array<string | number>]] : []),
      ...(schema.anyOf ?? []).map((v, i): [JsonSchema, Array<string | number>] => [v, [...path, 'anyOf', i]]),
      ...Object.entries(schema.$defs ?? {}).map(([k, v]): [JsonSchema, Array<string | number>] => [v, [...path, '$defs', k]]),
      ...Object.entries(schema.definitions ?? {}).map(([k, v]): [JsonSchema, Array<string | number>] => [v, [...path, 'definitions', k]]),
    ];
    for (const [child, at] of children) {
      const problem = visit(child, at);
      if (problem) return problem;
    }
    return null;
  };
  return visit(root, []);
}

function replyContent(request: ChatRequest, fault: FakeAiFault | null): string {
  if (fault === 'malformed_json') return '{"insufficient_evidence": false, "claims": [{"text": "unterminated';
  const messages = request.messages ?? [];
  const schema = request.response_format?.json_schema?.schema ?? schemaInMessages(messages);
  const all = messages.map(text).join('\n');
  const wantsCitedAnswer = schema ? Boolean(schema.properties?.claims && schema.properties?.insufficient_evidence) : all.includes('"insufficient_evidence"');
  const judging = Boolean(schema?.properties?.verdicts) && /==== CLAIM \[1\] BEGIN/.test(all);
  const research = schema && !judging ? researchReply(schema, messages) : undefined;
  const value = wantsCitedAnswer
    ? citedAnswer(messages, fault)
    : judging
      ? judgeReply(all, fault)
      : research !== undefined ? research : fill(schema ?? { type: 'object' });
  const body = JSON.stringify(value);
  // Without response_format a chatty model wraps its JSON; the provider must cope.
  return request.response_format ? body : `Here is the answer.\n\`\`\`json\n${body}\n\`\`\``;
}

/** In json_object and prompt modes the schema comes as a JSON line in a system message. */
function schemaInMessages(messages: Message[]): JsonSchema | null {
  for (const message of [...messages].reverse()) {
    for (const line of text(message).split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed = JSON.parse(line) as JsonSchema;
        if (parsed.type === 'object') return parsed;
      } catch {
        /* not a schema line */
      }
    }
  }
  return null;
}

interface FencedRecord {
  n: number;
  body: string;
}

export function parseFencedRecords(prompt: string): FencedRecord[] {
  return [...prompt.matchAll(FENCE)].map((m) => {
    const inner = m[3];
    const at = inner.indexOf('\nText:\n');
    return { n: Number(m[1]), body: at >= 0 ? inner.slice(at + '\nText:\n'.length) : inner };
  });
}

const STOPWORDS = new Set(
  'about after also among been before being between both does during each from have help into more most other over same some such than that their them then there these they this those through under very were what when where which while with would your cancer patients patient study'.split(' '),
);
const words = (s: string) => new Set((s.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).filter((w) => !STOPWORDS.has(w)));

function citedAnswer(messages: Message[], fault: FakeAiFault | null) {
  // On a retry the last user message is the validation error; the records are in the one with the question.
  const user = [...messages].reverse().find((m) => m.role === 'user' && hasQuestion(text(m)));
  const prompt = user ? text(user) : '';
  const question = questionIn(prompt);
  const asked = words(question);
  const records = parseFencedRecords(prompt);
  const relevant = records
    .map((r) => ({ ...r, score: [...words(r.body)].filter((w) => asked.has(w)).length }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.n - b.n)
    .slice(0, 3);
  const claims = relevant
    .map((r) => {
      const sentence = firstSentence(r.body);
      return sentence ? { text: sentence, citations: [r.n], quotes: [{ source: r.n, text: sentence }] } : null;
    })
    .filter((c): c is NonNullable<typeof c> => c !== null);
  if (claims.length > 0) {
    if (fault === 'fabricated_pmid') claims[0].text = `${claims[0].text} (PMID ${FABRICATED_PMID})`;
    if (fault === 'quote_not_in_source') claims[0].quotes[0].text = 'This sentence appears in none of the records supplied.';
    if (fault === 'misrepresent_claims') claims.push(...misrepresentations(claims[0]));
    if (fault === 'repeat_quotes') {
      claims.forEach((claim, i) => {
        const { source, text: quoted } = claim.quotes[0];
        claim.quotes.push({ source, text: i === 0 ? quoted : quoted.replace(' ', '  ') });
      });
    }
    if (fault === 'citation_out_of_range') {
      const n = records.length + 5;
      claims[0].citations = [n];
      claims[0].quotes = [{ source: n, text: claims[0].quotes[0].text }];
    }
  }
  return { insufficient_evidence: claims.length === 0, claims };
}

type FakeClaim = { text: string; citations: number[]; quotes: Array<{ source: number; text: string }> };

/** Claims a careless or adversarial model writes: each quotes its record verbatim, and each says what the quote does not. */
function misrepresentations(faithful: FakeClaim): FakeClaim[] {
  const quote = faithful.quotes[0].text;
  const base = quote.replace(/[.!?]+$/, '');
  const reversed = base
    .replace(/\b(reduc|decreas|lower)(\w*)/i, 'increas$2')
    .replace(/\bimprov(\w*)/i, 'worsen$1');
  const claims: FakeClaim[] = [
    { text: `${base}, a proven cure for every patient.`, citations: faithful.citations, quotes: faithful.quotes },
    { text: `${base}; it helped 97% of patients.`, citations: faithful.citations, quotes: faithful.quotes },
  ];
  if (reversed !== base) claims.push({ text: `${reversed}.`, citations: faithful.citations, quotes: faithful.quotes });
  return claims;
}

const JUDGE_FENCE = /^==== CLAIM \[(\d+)\] BEGIN ([A-Za-z0-9]+) ====\n([\s\S]*?)\n==== CLAIM \[\1\] END \2 ====$/gm;

/** The support judge (apps/api/src/modules/ai/citations/support-judge.ts): a word-overlap judge, strict and deterministic. */
function judgeReply(prompt: string, fault: FakeAiFault | null) {
  const verdicts = [...prompt.matchAll(JUDGE_FENCE)].map((m) => {
    const lines = m[3].split('\n');
    const claim = lines.find((l) => l.startsWith('Claim: '))?.slice(7) ?? '';
    const quotes = lines.filter((l) => /^Quote \d+: /.test(l)).map((l) => l.replace(/^Quote \d+: /, '')).join(' ');
    if (fault === 'judge_rejects') return { claim: Number(m[1]), verdict: 'not_supported', reason: 'The quotes do not state this.' };
    const quoted = words(quotes);
    const missing = [...words(claim)].filter((w) => !quoted.has(w));
    return missing.length === 0
      ? { claim: Number(m[1]), verdict: 'supported', reason: 'Every part of the claim is in the quotes.' }
      : { claim: Number(m[1]), verdict: 'partially_supported', reason: `The quotes do not mention: ${missing.slice(0, 5).join(', ')}.` };
  });
  return { verdicts };
}

/**
 * Deep research (apps/api/src/modules/answers/research): the plan, screening, extraction and report schemas are
 * answered from the prompt, deterministically. Keywords are the question's first three content words; the trial
 * search is '<word before "cancer"> cancer <second keyword>' (e.g. 'breast cancer fatigue').
 */
function researchReply(schema: JsonSchema, messages: Message[]): unknown {
  const props = schema.properties ?? {};
  const user = [...messages].reverse().find((m) => m.role === 'user' && hasQuestion(text(m)));
  const prompt = user ? text(user) : '';
  const question = questionIn(prompt);
  const asked = words(question);
  if (props.focus && props.pubmed) {
    // The AI answer's search plan: the question's first three content words, the chosen cancer type in front for trials.
    const kw = [...asked].slice(0, 3).join(' ');
    const type = /^Cancer type chosen by the asker: (.+)$/m.exec(prompt)?.[1]?.trim().toLowerCase();
    return {
      focus: [...asked].slice(0, 2),
      aspect: 'effectiveness',
      population: type ? `people with ${type}` : 'people with cancer',
      pubmed: kw,
      europepmc: kw,
      ctgov: type && type !== 'general' && type !== 'other' ? `${type} ${kw}` : kw,
    };
  }
  if (props.sub_questions) {
    const keywords = [...asked].slice(0, 3);
    const kw = keywords.join(' ');
    const site = /\b([a-z]+)\s+cancer\b/i.exec(question)?.[1]?.toLowerCase();
    const trials = site ? `${site} cancer ${keywords[1] ?? keywords[0] ?? ''}`.trim() : kw;
    const year = new Date().getFullYear();
    return {
      sub_questions: [
        { question: `What do studies show about ${kw}?`, pubmed: kw, europepmc: kw, ctgov: trials },
        { question: `How strong is the evidence on ${kw}?`, pubmed: kw, europepmc: kw, ctgov: '' },
      ],
      inclusion_criteria: ['Studies in people with cancer', `Addresses ${kw}`],
      year_from: year - 15,
      year_to: year,
    };
  }
  const records = parseFencedRecords(prompt);
  const score = (body: string) => [...words(body)].filter((w) => asked.has(w)).length;
  if (props.decisions && props.decisions.items?.properties?.relevant) {
    // The AI answer's relevance screen: a record sharing a content word with the question is relevant.
    return { decisions: records.map((r) => ({ record: r.n, relevant: score(r.body) > 0, reason: score(r.body) > 0 ? 'On the question' : 'Off the question' })) };
  }
  if (props.decisions) {
    return {
      decisions: records.map((r) =>
        score(r.body) > 0
          ? { record: r.n, include: true, reason: 'Addresses the question' }
          : { record: r.n, include: false, reason: 'Not about the question' }),
    };
  }
  if (props.key_result && props.relevance) {
    const r = records[0];
    const body = r?.body ?? '';
    const sentences = abstractSentences(body);
    const quote = firstSentence(body) ?? (body.trim() || 'No abstract available for this record.');
    const lower = body.toLowerCase();
    const design = /meta-analysis|systematic review/.test(lower) ? 'Meta-analysis'
      : /randomi[sz]ed|randomi[sz]ation/.test(lower) ? 'Randomised controlled trial'
        : /\btrial\b|recruiting|enrol/.test(lower) ? 'Registered clinical trial'
          : /pilot|cohort|observational/.test(lower) ? 'Observational study' : 'Other';
    const n = /\(?n\s*=\s*([\d,]+)\)?|(\d[\d,]*)\s+(?:patients|participants|women|men|adults|survivors)/i.exec(body);
    return {
      summary: quote,
      relevance: Math.min(10, 3 + score(body)),
      design,
      sample_size: n ? (n[1] ?? n[2]) : null,
      key_result: sentences.find((s) => /reduc|improv|increas|effect size|abolish|no difference/i.test(s)) ?? quote,
      quote,
    };
  }
  if (props.patient_summary && props.evidence) {
    const claimOf = (r: FencedRecord) => {
      const sentence = firstSentence(r.body);
      return sentence ? { text: sentence, citations: [r.n], quotes: [{ source: r.n, text: sentence }] } : null;
    };
    const isTrial = (r: FencedRecord) => /^Source: ctgov/m.test(fencedHeader(prompt, r.n));
    const ranked = records
      .map((r) => ({ r, s: score(r.body) }))
      .sort((a, b) => b.s - a.s || a.r.n - b.r.n)
      .map((x) => x.r);
    const claims = (list: FencedRecord[]) => list.map(claimOf).filter((c): c is NonNullable<typeof c> => c !== null);
    return {
      patient_summary: claims(ranked.filter((r) => !isTrial(r)).slice(0, 1)),
      evidence: claims(ranked.filter((r) => !isTrial(r))),
      open_trials: claims(ranked.filter(isTrial)),
    };
  }
  return undefined;
}

/** The header lines (Source, Journal, Publication types) of fenced record n. */
function fencedHeader(prompt: string, n: number): string {
  const m = new RegExp(`^==== RECORD \\[${n}\\] BEGIN [A-Za-z0-9]+ ====\n([\\s\\S]*?)\nText:\n`, 'm').exec(prompt);
  return m?.[1] ?? '';
}

function abstractSentences(body: string): string[] {
  const paragraphs = body.split(/\n\s*\n/);
  const abstract = (paragraphs.length > 1 ? paragraphs.slice(1) : paragraphs).join(' ').replace(/\s+/g, ' ').trim();
  return abstract.split(/(?<=[.!?])\s+(?=[A-Z0-9])/).filter((s) => s.length >= 25);
}

/** The first sentence of a record's abstract (after its title), copied exactly. */
function firstSentence(body: string): string | null {
  const paragraphs = body.split(/\n\s*\n/);
  const abstract = (paragraphs.length > 1 ? paragraphs.slice(1) : paragraphs).join(' ').replace(/\s+/g, ' ').trim();
  const sentences = abstract.split(/(?<=[.!?])\s+(?=[A-Z0-9])/);
  return sentences.find((s) => s.length >= 25) ?? (abstract.length >= 25 ? abstract.slice(0, 200) : null);
}

/** A value of the schema's shape: first enum, minimum or 1, false, 'fake', one array item. */
function fill(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return fill(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, fill(v)]));
    case 'array':
      return schema.items ? [fill(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > -1e6 ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'fake';
  }
}
