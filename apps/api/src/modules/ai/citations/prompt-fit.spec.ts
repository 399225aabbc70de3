import { FakeAi, startFakeAi } from '../../../../../../tools/fake-ai/fake-ai-server';
import type { AiConfig } from '../../../config/ai-config';
import type { LiteratureRecord } from '../literature/literature-record';
import { AiBadOutputError, AiContextTooSmallError } from '../provider/ai-errors';
import { AiProvider } from '../provider/ai-provider';
import { buildAnswerPrompt, fitAnswerPrompt } from './answer-prompt';
import { CITED_ANSWER_SCHEMA_NAME, citedAnswerSchema } from './cited-answer.schema';
import { verifyAnswer } from './citation-verifier';
import { promptTokens, reservedTokens, SHORTENED_MARK, shortenText } from './prompt-fit';

const QUESTION = 'Does exercise help with fatigue during chemotherapy?';

/** A structured abstract of about 1,900 characters, like the real ones PubMed returns. */
function abstract(n: number): string {
  const lead =
    n <= 3
      ? `Supervised exercise reduced fatigue during chemotherapy by ${10 + n} points on the FACIT-F scale compared with usual care.`
      : `Record ${n} studied dietary patterns and quality of life in a cohort of ${100 + n} adults after treatment.`;
  const filler = [
    'BACKGROUND: Cancer-related fatigue is common during and after treatment and limits daily activities for many people.',
    `METHODS: Participants (n = ${120 + n}) were randomly assigned to the intervention or to usual care and followed for twelve weeks; outcomes were measured at baseline, six weeks and twelve weeks with validated questionnaires.`,
    'RESULTS: Adherence was high and adverse events were rare and mild; secondary outcomes included sleep quality, anxiety, depressive symptoms, physical function and the six-minute walk distance.',
    'CONCLUSIONS: The findings support further trials with longer follow-up, more diverse participants and objective measures of activity, and they suggest that programmes can be delivered safely in routine care.',
    'Limitations include the open-label design, self-reported outcomes, a single centre and a modest sample, which widen the confidence intervals around every estimate reported here.',
  ].join(' ');
  return `${lead} ${filler} ${filler.slice(0, 700)}`;
}

const RECORDS: LiteratureRecord[] = Array.from({ length: 20 }, (_, i) => ({
  source: 'pubmed',
  pmid: String(2000 + i + 1),
  doi: null,
  nctId: null,
  title: `Study ${i + 1} of fatigue and activity in people with cancer`,
  journal: 'J Test',
  year: 2022,
  publicationTypes: ['Randomized Controlled Trial'],
  text: abstract(i + 1),
  url: `https://pubmed.ncbi.nlm.nih.gov/${2000 + i + 1}/`,
  retraction: 'clear',
}));

describe('fitting the answer prompt into AI_CONTEXT_TOKENS', () => {
  const whole = buildAnswerPrompt({ question: QUESTION, records: RECORDS, nonce: 'n0nce' });

  it('leaves the prompt whole without a context size', () => {
    expect(fitAnswerPrompt({ question: QUESTION, records: RECORDS, nonce: 'n0nce' })).toEqual({ messages: whole, fit: null });
    // Twenty real-sized abstracts are far more than a default Ollama context (2,048–4,096 tokens).
    expect(promptTokens(whole)).toBeGreaterThan(9000);
  });

  it('drops records from the end, keeps the instructions and the question whole, and reports what it left out', () => {
    const { messages, fit } = fitAnswerPrompt({ question: QUESTION, records: RECORDS, nonce: 'n0nce', contextTokens: 8192 });
    expect(promptTokens(messages)).toBeLessThanOrEqual(8192 - reservedTokens(8192, citedAnswerSchema));
    expect(messages[0]).toEqual(whole[0]);
    expect(messages[1].content.startsWith(whole[1].content.slice(0, whole[1].content.indexOf('Records (')))).toBe(true);
    expect(messages[1].content).toContain('Answer as JSON with "insufficient_evidence" and "claims"');
    expect(fit).toMatchObject({ context_tokens: 8192, records_given: 20, shortened: [] });
    expect(fit!.records_sent).toBeGreaterThanOrEqual(5);
    expect(fit!.dropped).toEqual(Array.from({ length: 20 - fit!.records_sent }, (_, i) => fit!.records_sent + i + 1));
    expect(messages[1].content).toContain(`Records (${fit!.records_sent})`);
    expect(messages[1].content).toContain(`==== RECORD [${fit!.records_sent}] BEGIN n0nce ====`);
    expect(messages[1].content).not.toContain(`==== RECORD [${fit!.records_sent + 1}] BEGIN`);
  });

  it('then shortens long texts at a sentence end, so what the model quotes is still in the stored record', () => {
    const { messages, fit } = fitAnswerPrompt({ question: QUESTION, records: RECORDS, nonce: 'n0nce', contextTokens: 3072 });
    expect(promptTokens(messages)).toBeLessThanOrEqual(3072 - reservedTokens(3072, citedAnswerSchema));
    expect(fit!.shortened.length).toBeGreaterThan(0);
    expect(messages[0]).toEqual(whole[0]);
    expect(messages[1].content).toContain(QUESTION);
    for (const n of fit!.shortened) {
      const body = new RegExp(`==== RECORD \\[${n}\\] BEGIN n0nce ====\\n[\\s\\S]*?Text:\\n[^\\n]*\\n\\n([^\\n]*)\\n==== RECORD`).exec(messages[1].content)![1];
      expect(body.endsWith(SHORTENED_MARK)).toBe(true);
      expect(RECORDS[n - 1].text!.startsWith(body.slice(0, -SHORTENED_MARK.length))).toBe(true);
    }
  });

  it('refuses a context too small for the instructions and one shortened record', () => {
    expect(() => fitAnswerPrompt({ question: QUESTION, records: RECORDS, contextTokens: 1024 })).toThrow(AiContextTooSmallError);
  });

  it('shortens at a sentence end, or a word end', () => {
    expect(shortenText('One sentence here. Another sentence follows and goes on.', 30)).toBe(`One sentence here.${SHORTENED_MARK}`);
    expect(shortenText('word '.repeat(40), 30)).toMatch(/^(word )*word \[…\]$/);
    expect(shortenText('One sentence here. Another sentence follows and goes on.', 42)).toBe(`One sentence here. Another sentence${SHORTENED_MARK}`);
    expect(shortenText('short', 30)).toBe('short');
  });
});

describe('a model whose context is smaller than the prompt (the fake, cutting the start as Ollama does)', () => {
  let fake: FakeAi;
  const CONTEXT = 6000;
  const config = (contextTokens: number | null): AiConfig => ({
    baseUrl: fake.url, apiKey: 'k', model: 'fake-model', modelFast: 'fake-model', modelJudge: 'fake-model', timeoutMs: 5000, structuredOutput: 'json_schema',
    supportJudge: false, temperature: null, contextTokens, rateLimitMaxDelays: 10, prices: {},
  });
  beforeAll(async () => {
    fake = await startFakeAi({ port: 0, contextTokens: CONTEXT });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('loses the instructions of an unfitted prompt and answers prose, twice', async () => {
    const error = await new AiProvider(config(null))
      .generateStructured(citedAnswerSchema, buildAnswerPrompt({ question: QUESTION, records: RECORDS }), { schemaName: CITED_ANSWER_SCHEMA_NAME })
      .catch((e) => e);
    expect(error).toBeInstanceOf(AiBadOutputError);
    expect(fake.stats().requests.map((r) => r.truncated)).toEqual([true, true]);
  });

  it('answers from the fitted prompt with AI_CONTEXT_TOKENS set to the same size, and every quote verifies', async () => {
    const { messages, fit } = fitAnswerPrompt({ question: QUESTION, records: RECORDS, contextTokens: CONTEXT });
    const result = await new AiProvider(config(CONTEXT)).generateStructured(citedAnswerSchema, messages, { schemaName: CITED_ANSWER_SCHEMA_NAME });
    expect(fake.stats().requests.map((r) => r.truncated)).toEqual([false]);
    expect(fit!.dropped.length).toBeGreaterThan(0);
    expect(result.value.claims.length).toBeGreaterThan(0);
    const verified = await verifyAnswer({ answer: result.value, records: RECORDS, resolvedIds: new Set(RECORDS.map((r) => `pmid:${r.pmid}`)) }, { mode: 'rules_only' });
    expect(verified.status).toBe('answered');
    expect(verified.unsupportedClaims).toEqual([]);
  });
});
