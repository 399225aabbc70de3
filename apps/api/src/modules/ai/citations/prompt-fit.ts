import type { z } from 'zod';
import { AiContextTooSmallError } from '../provider/ai-errors';
import { type AiMessage, toJsonSchema } from '../provider/ai-provider';

/**
 * Fitting a prompt's records into the model's context window (AI_CONTEXT_TOKENS). Ollama's OpenAI-compatible endpoint
 * does not refuse a prompt that is too long: it drops its beginning, which is where the instructions and the question
 * are. So the records give way instead: dropped from the end of the list first, then long texts shortened; the
 * instructions and the question are never cut.
 */

/**
 * Tokens are estimated from characters. English prose runs about 4 characters a token; abstracts full of numbers,
 * units and drug names run shorter, so 3.5 over-counts on purpose.
 */
export const CHARS_PER_TOKEN = 3.5;
/** Role markers and template tokens around each message. */
const MESSAGE_OVERHEAD_TOKENS = 8;
/** Room kept for the reply: a quarter of the context, at most this much. */
export const MAX_REPLY_RESERVE_TOKENS = 2048;
/** The structured-output instruction lines the provider adds around the schema in json_object and prompt modes. */
const SCHEMA_INSTRUCTION_TOKENS = 40;
/** Records kept before any text is shortened (fewer only when even shortened texts do not fit). */
export const RECORDS_KEPT_BEFORE_SHORTENING = 5;
/** A text is never shortened below this many characters (then records are dropped instead). */
export const SHORTEST_TEXT_CHARS = 600;
export const SHORTENED_MARK = ' […]';

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

export function promptTokens(messages: readonly AiMessage[]): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
}

/** What a call needs beside its prompt: the reply, and the schema (sent as json_schema or written into the prompt). */
export function reservedTokens(contextTokens: number, schema: z.ZodType): number {
  const reply = Math.min(MAX_REPLY_RESERVE_TOKENS, Math.floor(contextTokens / 4));
  return reply + estimateTokens(JSON.stringify(toJsonSchema(schema))) + SCHEMA_INSTRUCTION_TOKENS;
}

/** The start of `text`, at most `maxChars` long with the mark, ending at a sentence (or else a word) end. */
export function shortenText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - SHORTENED_MARK.length);
  const head = text.slice(0, room);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'));
  const cut = sentenceEnd >= room * 0.6 ? sentenceEnd + 1 : Math.max(head.lastIndexOf(' '), Math.floor(room * 0.6));
  return `${head.slice(0, cut).trimEnd()}${SHORTENED_MARK}`;
}

export interface FitInput<R extends { text: string | null }> {
  records: readonly R[];
  /** The whole prompt for these records (the same nonce every time). */
  render: (records: readonly R[]) => AiMessage[];
  /** Null: no fitting, every record as it is. */
  contextTokens: number | null;
  schema: z.ZodType;
}

export interface FitResult<R> {
  records: R[];
  messages: AiMessage[];
  /** 1-based positions in the given list. */
  dropped: number[];
  shortened: number[];
  estimatedTokens: number;
}

export function fitRecords<R extends { text: string | null }>(input: FitInput<R>): FitResult<R> {
  const all = [...input.records];
  const result = (records: R[], shortenedTo: number | null): FitResult<R> => {
    const sent = shortenedTo === null ? records : records.map((r) => (r.text && r.text.length > shortenedTo ? { ...r, text: shortenText(r.text, shortenedTo) } : r));
    const messages = input.render(sent);
    return {
      records: sent,
      messages,
      dropped: all.slice(records.length).map((_, i) => records.length + i + 1),
      shortened: shortenedTo === null ? [] : records.flatMap((r, i) => (r.text && r.text.length > shortenedTo ? [i + 1] : [])),
      estimatedTokens: promptTokens(messages),
    };
  };
  const whole = result(all, null);
  if (input.contextTokens === null) return whole;
  const budget = input.contextTokens - reservedTokens(input.contextTokens, input.schema);
  const fits = (r: FitResult<R>) => r.estimatedTokens <= budget;
  if (fits(whole)) return whole;

  // 1. Drop from the end, down to a handful of records.
  let count = all.length;
  let best = whole;
  while (!fits(best) && count > Math.min(all.length, RECORDS_KEPT_BEFORE_SHORTENING)) best = result(all.slice(0, --count), null);
  if (fits(best)) return best;

  // 2. Shorten the longest texts: the largest cap that fits.
  const kept = all.slice(0, count);
  const longest = Math.max(0, ...kept.map((r) => r.text?.length ?? 0));
  if (longest > SHORTEST_TEXT_CHARS) {
    let lo = SHORTEST_TEXT_CHARS;
    let hi = longest - 1;
    let found: FitResult<R> | null = null;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      const attempt = result(kept, mid);
      if (fits(attempt)) {
        found = attempt;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found) return found;
  }

  // 3. Shortest texts, and fewer records, down to one.
  while (count > 1) {
    best = result(all.slice(0, --count), SHORTEST_TEXT_CHARS);
    if (fits(best)) return best;
  }
  const last = result(all.slice(0, count), SHORTEST_TEXT_CHARS);
  if (fits(last)) return last;
  throw new AiContextTooSmallError(input.contextTokens, last.estimatedTokens + (input.contextTokens - budget));
}
