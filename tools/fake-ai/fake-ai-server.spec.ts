import OpenAI from 'openai';
import { FakeAi, parseFencedRecords, startFakeAi, strictSchemaProblem } from './fake-ai-server';

const PROMPT = [
  'Question: Does exercise reduce fatigue?',
  '==== RECORD [1] BEGIN abc123 ====',
  'Source: pubmed (PMID 1)',
  'Text:',
  'Exercise and fatigue',
  '',
  'Supervised exercise reduced fatigue scores in the trial. Other things happened.',
  '==== RECORD [1] END abc123 ====',
  '==== RECORD [2] BEGIN abc123 ====',
  'Text:',
  'Diet',
  '',
  'A diet changed nothing measurable in anybody at all.',
  '==== RECORD [2] END abc123 ====',
  'Answer as JSON with "insufficient_evidence" and "claims".',
].join('\n');

const CITED_SCHEMA = {
  type: 'object',
  properties: { insufficient_evidence: { type: 'boolean' }, claims: { type: 'array', items: { type: 'object' } } },
};

describe('fake OpenAI-compatible server', () => {
  let fake: FakeAi;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await startFakeAi({ port: 0 });
    client = new OpenAI({ apiKey: 'any', baseURL: fake.url, maxRetries: 0, logLevel: 'off' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const admin = (path: string, init?: RequestInit) => fetch(`${fake.url.replace(/\/v1$/, '')}${path}`, init);

  it('misrepresent_claims adds claims that quote verbatim but say more; the judge answers from word overlap', async () => {
    await admin('/__faults', { method: 'POST', body: JSON.stringify({ fault: 'misrepresent_claims', times: 1 }) });
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: PROMPT.replace('Question: Does exercise reduce fatigue?', '==== QUESTION BEGIN q1 ====\nDoes exercise reduce fatigue?\n==== QUESTION END q1 ====') }],
      response_format: { type: 'json_schema', json_schema: { name: 'cited_answer', schema: CITED_SCHEMA } },
    });
    const claims = (JSON.parse(completion.choices[0].message.content!) as { claims: Array<{ text: string; quotes: Array<{ text: string }> }> }).claims;
    expect(claims.map((c) => c.text)).toEqual([
      'Supervised exercise reduced fatigue scores in the trial.',
      'Supervised exercise reduced fatigue scores in the trial, a proven cure for every patient.',
      'Supervised exercise reduced fatigue scores in the trial; it helped 97% of patients.',
      'Supervised exercise increased fatigue scores in the trial.',
    ]);
    expect(new Set(claims.map((c) => c.quotes[0].text))).toEqual(new Set(['Supervised exercise reduced fatigue scores in the trial.']));

    const judge = async (fault?: string) => {
      if (fault) await admin('/__faults', { method: 'POST', body: JSON.stringify({ fault, times: 1 }) });
      const reply = await client.chat.completions.create({
        model: 'fake-model-fast',
        messages: [{ role: 'user', content: '==== CLAIM [1] BEGIN n1 ====\nClaim: Exercise reduced fatigue.\nQuote 1: Supervised exercise reduced fatigue scores.\n==== CLAIM [1] END n1 ====\n\n==== CLAIM [2] BEGIN n1 ====\nClaim: Exercise cures cancer.\nQuote 1: Supervised exercise reduced fatigue scores.\n==== CLAIM [2] END n1 ====' }],
        response_format: { type: 'json_schema', json_schema: { name: 'claim_support_verdicts', schema: { type: 'object', properties: { verdicts: { type: 'array' } } } } },
      });
      return (JSON.parse(reply.choices[0].message.content!) as { verdicts: Array<{ claim: number; verdict: string }> }).verdicts.map((v) => [v.claim, v.verdict]);
    };
    expect(await judge()).toEqual([[1, 'supported'], [2, 'partially_supported']]);
    expect(await judge('judge_rejects')).toEqual([[1, 'not_supported'], [2, 'not_supported']]);
  });

  it('repeat_quotes makes every claim carry its verbatim quote twice: the same record and words, once respaced', async () => {
    await admin('/__faults', { method: 'POST', body: JSON.stringify({ fault: 'repeat_quotes', times: 1, schema: 'cited_answer' }) });
    const ask = async () => {
      const completion = await client.chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: PROMPT.replace('Does exercise reduce fatigue?', 'Does exercise or diet reduce fatigue?') }],
        response_format: { type: 'json_schema', json_schema: { name: 'cited_answer', schema: CITED_SCHEMA } },
      });
      return (JSON.parse(completion.choices[0].message.content!) as { claims: Array<{ citations: number[]; quotes: Array<{ source: number; text: string }> }> }).claims;
    };
    const claims = await ask();
    expect(claims.map((c) => c.quotes)).toEqual([
      [
        { source: 1, text: 'Supervised exercise reduced fatigue scores in the trial.' },
        { source: 1, text: 'Supervised exercise reduced fatigue scores in the trial.' },
      ],
      [
        { source: 2, text: 'A diet changed nothing measurable in anybody at all.' },
        { source: 2, text: 'A  diet changed nothing measurable in anybody at all.' },
      ],
    ]);
    expect(claims.map((c) => c.citations)).toEqual([[1], [2]]);
    expect(fake.stats().requests.map((r) => r.fault)).toEqual(['repeat_quotes']);
    // Once only: the next answer quotes each passage once.
    expect((await ask()).map((c) => c.quotes.length)).toEqual([1, 1]);
  });

  it('lists models', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['fake-model', 'fake-model-fast']);
  });

  it('answers a cited-answer schema from the fenced records, quoting them verbatim', async () => {
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: PROMPT }],
      response_format: { type: 'json_schema', json_schema: { name: 'cited_answer', schema: CITED_SCHEMA } },
    });
    const answer = JSON.parse(completion.choices[0].message.content!);
    expect(answer).toEqual({
      insufficient_evidence: false,
      claims: [
        {
          text: 'Supervised exercise reduced fatigue scores in the trial.',
          citations: [1],
          quotes: [{ source: 1, text: 'Supervised exercise reduced fatigue scores in the trial.' }],
        },
      ],
    });
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
  });

  it('streams SSE chunks that add up to the same JSON, with usage, then [DONE]', async () => {
    const stream = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: PROMPT }],
      response_format: { type: 'json_object' },
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    let chunks = 0;
    let usage: unknown = null;
    for await (const chunk of stream) {
      chunks++;
      content += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(3);
    expect(JSON.parse(content).claims[0].citations).toEqual([1]);
    expect(usage).toMatchObject({ completion_tokens: expect.any(Number) });
    const raw = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    expect((await raw.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('fills any other schema with a value of its shape', async () => {
    const completion = await client.chat.completions.create({
      model: 'fake-model-fast',
      messages: [{ role: 'user', content: 'plan' }],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'plan', schema: { type: 'object', properties: { steps: { type: 'array', items: { type: 'string' } }, depth: { type: 'integer', minimum: 2 }, mode: { enum: ['a', 'b'] } } } },
      },
    });
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ steps: ['fake'], depth: 2, mode: 'a' });
  });

  it('wraps JSON in a fence when no response_format was asked for', async () => {
    const completion = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: PROMPT }] });
    expect(completion.choices[0].message.content).toMatch(/^Here is the answer\.\n```json\n\{.*\}\n```$/s);
  });

  it('says insufficient evidence when no record shares a word with the question', async () => {
    const completion = await client.chat.completions.create({
      model: 'fake-model',
      messages: [{ role: 'user', content: PROMPT.replace('Does exercise reduce fatigue?', 'Is proton therapy useful?') }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ insufficient_evidence: true, claims: [] });
  });

  it('switches faults through /__faults and counts calls in /__stats', async () => {
    expect((await admin('/__faults', { method: 'POST', body: JSON.stringify({ fault: 'rate_limit', times: 1, retryAfterSeconds: 3 }) })).status).toBe(200);
    const limited = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] });
    const stats = (await (await admin('/__stats')).json()) as { chatCompletions: number; requests: Array<{ status: number; fault: string | null }> };
    expect(stats.chatCompletions).toBe(2);
    expect(stats.requests.map((r: { status: number; fault: string | null }) => [r.status, r.fault])).toEqual([
      [429, 'rate_limit'],
      [200, null],
    ]);
  });

  it.each([
    ['server_error', 500],
    ['unauthorized', 401],
  ])('answers %s through the x-fake-ai-fault header with %i', async (fault, status) => {
    const error = await client.chat.completions
      .create({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }, { headers: { 'x-fake-ai-fault': fault } })
      .catch((e) => e);
    expect(error.status).toBe(status);
  });

  it('sends malformed JSON once, then good JSON', async () => {
    fake.setFault({ fault: 'malformed_json' });
    const ask = () =>
      client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: PROMPT }], response_format: { type: 'json_object' } });
    const first = (await ask()).choices[0].message.content!;
    const second = (await ask()).choices[0].message.content!;
    expect(() => JSON.parse(first)).toThrow();
    expect(JSON.parse(second).insufficient_evidence).toBe(false);
  });

  it.each([
    ['fabricated_pmid', (a: Answer) => expect(a.claims[0].text).toMatch(/PMID 39999999/)],
    ['citation_out_of_range', (a: Answer) => expect(a.claims[0].citations).toEqual([7])],
    ['quote_not_in_source', (a: Answer) => expect(PROMPT).not.toContain(a.claims[0].quotes[0].text)],
  ] as const)('%s fault corrupts the answer', async (fault, check) => {
    fake.setFault({ fault });
    const completion = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: PROMPT }], response_format: { type: 'json_object' } });
    check(JSON.parse(completion.choices[0].message.content!));
  });

  it('holds a stalled reply until the client gives up', async () => {
    fake.setFault({ fault: 'stall', stallMs: 5000 });
    const started = Date.now();
    const error = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }, { timeout: 200 }).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('checks the key when started with one', async () => {
    const strict = await startFakeAi({ port: 0, apiKey: 'right' });
    try {
      const wrong = new OpenAI({ apiKey: 'wrong', baseURL: strict.url, maxRetries: 0, logLevel: 'off' });
      await expect(wrong.models.list()).rejects.toMatchObject({ status: 401 });
    } finally {
      await strict.close();
    }
  });

  it("insufficient_quota answers OpenAI's real 429 body, with no Retry-After", async () => {
    fake.setFault({ fault: 'insufficient_quota' });
    const raw = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBeNull();
    expect(await raw.text()).toBe(
      '{"error":{"message":"You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}',
    );
    const error = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(error).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
  });

  it('rejects_temperature refuses a request carrying a temperature with the real 400 body and answers one without', async () => {
    fake.setFault({ fault: 'rejects_temperature' });
    const raw = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', temperature: 0, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.text()).toBe(
      `{"error":{"message":"Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.","type":"invalid_request_error","param":"temperature","code":"unsupported_value"}}`,
    );
    const ok = await client.chat.completions.create({ model: 'fake-model', messages: [{ role: 'user', content: PROMPT }], response_format: { type: 'json_object' } });
    expect(JSON.parse(ok.choices[0].message.content!).insufficient_evidence).toBe(false);
    expect(fake.stats().requests.map((r) => [r.status, r.temperature])).toEqual([[400, 0], [200, null]]);
  });

  describe('strict json_schema requests are validated as OpenAI validates them', () => {
    const strict = (schema: Record<string, unknown>, name = 'cited_answer') => ({
      model: 'fake-model',
      messages: [{ role: 'user' as const, content: PROMPT }],
      response_format: { type: 'json_schema' as const, json_schema: { name, schema, strict: true } },
    });
    const item = { type: 'object', properties: { source: { type: 'integer' }, text: { type: 'string' } }, required: ['source', 'text'], additionalProperties: false };
    const valid = {
      type: 'object',
      properties: { insufficient_evidence: { type: 'boolean' }, claims: { type: 'array', items: item } },
      required: ['insufficient_evidence', 'claims'],
      additionalProperties: false,
    };

    it('answers a valid schema', async () => {
      const completion = await client.chat.completions.create(strict(valid));
      expect(JSON.parse(completion.choices[0].message.content!).insufficient_evidence).toBe(false);
    });

    it.each([
      [
        'no additionalProperties at the root',
        { ...valid, additionalProperties: undefined },
        "Invalid schema for response_format 'cited_answer': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      ],
      [
        'a property missing from required, nested',
        { ...valid, properties: { ...valid.properties, claims: { type: 'array', items: { ...item, required: ['text'] } } } },
        "Invalid schema for response_format 'cited_answer': In context=('properties', 'claims', 'items'), 'required' is required to be supplied and to be an array including every key in properties. Missing 'source'.",
      ],
      [
        'a required key that is not a property',
        { ...valid, required: ['insufficient_evidence', 'claims', 'summary'] },
        "Invalid schema for response_format 'cited_answer': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Extra required key 'summary' supplied.",
      ],
      ['a root that is not an object', { type: 'array', items: item }, `Invalid schema for response_format 'cited_answer': schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`],
    ])('refuses %s with 400', async (_case, schema, message) => {
      const error = await client.chat.completions.create(strict(schema)).catch((e) => e);
      expect(error).toMatchObject({ status: 400, param: 'response_format', type: 'invalid_request_error', error: { message } });
      expect(fake.stats().requests.at(-1)!.status).toBe(400);
    });

    it('leaves non-strict schemas alone', () => {
      expect(strictSchemaProblem({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', properties: { a: {} } } } } })).toBeNull();
    });
  });

  it('with a context limit, a longer prompt loses its beginning and the reply is prose, not JSON', async () => {
    fake.setContextTokens(Math.ceil(PROMPT.length / 4) - 20);
    const ask = () =>
      client.chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: PROMPT }],
        response_format: { type: 'json_schema', json_schema: { name: 'cited_answer', schema: CITED_SCHEMA } },
      });
    const cut = (await ask()).choices[0].message.content!;
    expect(() => JSON.parse(cut)).toThrow();
    expect(cut).toMatch(/^These records discuss/);
    fake.setContextTokens(Math.ceil(PROMPT.length / 4) + 20);
    expect(JSON.parse((await ask()).choices[0].message.content!).claims).toHaveLength(1);
    expect(fake.stats().requests.map((r) => r.truncated)).toEqual([true, false]);
    await admin('/__context', { method: 'POST', body: JSON.stringify({ tokens: 10 }) });
    const tiny = (await ask()).choices[0].message.content!;
    expect(() => JSON.parse(tiny)).toThrow();
    fake.reset();
    expect(JSON.parse((await ask()).choices[0].message.content!).claims).toHaveLength(1);
  });

  it('parses fenced records only when both fences carry the same nonce', () => {
    expect(parseFencedRecords(PROMPT).map((r) => r.n)).toEqual([1, 2]);
    expect(parseFencedRecords(PROMPT.replace('==== RECORD [2] END abc123', '==== RECORD [2] END zzz'))).toHaveLength(1);
  });
});

type Answer = { claims: Array<{ text: string; citations: number[]; quotes: Array<{ source: number; text: string }> }> };
