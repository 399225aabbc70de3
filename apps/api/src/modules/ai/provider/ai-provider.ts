import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { AiConfig, isAiConfigured } from '../../../config/ai-config';
import {
  AiAuthError, AiBadOutputError, AiNotConfiguredError, AiQuotaExhaustedError, AiRateLimitedError, AiUnsupportedParameterError, AiUpstreamError,
  retryAfterMs,
} from './ai-errors';
import { estimateCostUsd } from './ai-pricing';
import type { AiProviderStatus } from './ai-provider-status';
import { AiProviderErrorKind, aiProviderErrors, aiTokens } from '../../../common/metrics/metrics';

export { isAiConfigured };

export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type AiModelChoice = 'main' | 'fast' | 'judge';

export interface GenerateOptions {
  model?: AiModelChoice;
  signal?: AbortSignal;
  /** Name of the JSON schema sent in json_schema mode (letters, digits, '_' and '-'). */
  schemaName?: string;
  /** Overrides AI_TEMPERATURE for this call; neither set: no temperature is sent. */
  temperature?: number;
}

/**
 * Optional request parameters a model may refuse with a 400 (o-series and gpt-5 take only their default sampling).
 * Only these are dropped and retried; anything else the request needs is never silently removed.
 */
export const DROPPABLE_PARAMS = ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'seed', 'logprobs', 'top_logprobs', 'logit_bias', 'n', 'stop'] as const;

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface GenerateResult<T> {
  value: T;
  usage: AiUsage;
  /** The model that answered, as the provider reported it. */
  model: string;
  /** Null when the model's price is unknown. */
  costUsd: number | null;
  /** 1, or 2 when the first reply was not valid and was retried once with its error. */
  attempts: number;
}

/**
 * One OpenAI-compatible chat completions client, configured only from AiConfig: every option the SDK would
 * otherwise read from the environment (key, base URL, organisation, project, log level) is passed explicitly.
 * The SDK never retries (BullMQ owns retries); errors come out as the typed AiError family.
 */
export class AiProvider {
  private readonly client: OpenAI | null;
  private readonly status: AiProviderStatus | null;
  /** Per model, the parameters it refused: never sent to it again for the life of this process. */
  private readonly refusedParams = new Map<string, Set<string>>();

  constructor(private readonly config: AiConfig, options: { fetch?: typeof fetch; status?: AiProviderStatus } = {}) {
    this.status = options.status ?? null;
    this.client = isAiConfigured(config)
      ? new OpenAI({
          // Ollama and vLLM accept any key, but the SDK refuses to start without one.
          apiKey: config.apiKey ?? 'unused',
          baseURL: config.baseUrl ?? 'https://api.openai.com/v1',
          adminAPIKey: null,
          organization: null,
          project: null,
          webhookSecret: null,
          timeout: config.timeoutMs,
          maxRetries: 0,
          logLevel: 'off',
          fetch: options.fetch,
        })
      : null;
  }

  get isConfigured(): boolean {
    return this.client !== null;
  }

  modelName(choice: AiModelChoice = 'main'): string | null {
    if (choice === 'judge') return this.config.modelJudge ?? this.config.modelFast;
    return choice === 'fast' ? this.config.modelFast : this.config.model;
  }

  /**
   * Asks for JSON matching `schema` in the configured structured-output mode and validates it with zod.
   * A reply that is not JSON or fails validation is retried once, with the error shown to the model.
   */
  async generateStructured<S extends z.ZodType>(
    schema: S,
    messages: AiMessage[],
    options: GenerateOptions = {},
  ): Promise<GenerateResult<z.output<S>>> {
    if (!this.client) throw new AiNotConfiguredError();
    const model = this.modelName(options.model)!;
    const mode = this.config.structuredOutput;
    const jsonSchema = toJsonSchema(schema);
    const conversation: ChatCompletionMessageParam[] =
      mode === 'json_schema' ? [...messages] : [...messages, { role: 'system', content: jsonInstructions(jsonSchema) }];
    const usage: AiUsage = { promptTokens: 0, completionTokens: 0 };
    let answeredBy = model;
    let lastError = '';
    let lastOutput = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const request: ChatCompletionCreateParamsNonStreaming = { model, messages: conversation };
      const temperature = options.temperature ?? this.config.temperature;
      if (temperature !== null && temperature !== undefined) request.temperature = temperature;
      if (mode === 'json_schema') {
        request.response_format = {
          type: 'json_schema',
          json_schema: { name: options.schemaName ?? 'answer', schema: jsonSchema, strict: true },
        };
      } else if (mode === 'json_object') {
        request.response_format = { type: 'json_object' };
      }
      const completion = await this.call(request, options.signal);
      usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
      usage.completionTokens += completion.usage?.completion_tokens ?? 0;
      // Labelled with the configured model (a bounded set), not the provider's answer.
      aiTokens.inc({ kind: 'prompt', model }, completion.usage?.prompt_tokens ?? 0);
      aiTokens.inc({ kind: 'completion', model }, completion.usage?.completion_tokens ?? 0);
      answeredBy = completion.model || model;
      lastOutput = completion.choices[0]?.message?.content ?? '';
      const parsed = parseReply(schema, lastOutput);
      if (parsed.ok) {
        return {
          value: parsed.value,
          usage,
          model: answeredBy,
          costUsd: estimateCostUsd(this.config.prices, answeredBy, usage) ?? estimateCostUsd(this.config.prices, model, usage),
          attempts: attempt,
        };
      }
      lastError = parsed.error;
      aiProviderErrors.inc({ kind: 'bad_output', model });
      conversation.push(
        { role: 'assistant', content: lastOutput },
        {
          role: 'user',
          content: `Your reply was not valid: ${parsed.error}\nReply again with only the JSON object that matches the schema.`,
        },
      );
    }
    throw new AiBadOutputError(`The model's reply was not valid JSON for the requested shape: ${lastError}`, lastOutput);
  }

  /** The parameters `model` refused so far in this process. */
  refusedParameters(model: string): string[] {
    return [...(this.refusedParams.get(model) ?? [])];
  }

  /**
   * One request, without the parameters its model refused before. A 400 naming one more optional parameter that was
   * sent is answered once more without it, and the model is remembered as refusing it.
   */
  private async call(request: ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal) {
    const refused = this.refusedParams.get(request.model) ?? new Set<string>();
    const sent = { ...request } as ChatCompletionCreateParamsNonStreaming & Record<string, unknown>;
    for (const param of refused) delete sent[param];
    try {
      return await this.callOnce(sent, signal);
    } catch (error) {
      if (!(error instanceof AiUnsupportedParameterError) || !(DROPPABLE_PARAMS as readonly string[]).includes(error.param) || !(error.param in sent)) {
        throw error;
      }
      this.refusedParams.set(request.model, new Set([...refused, error.param]));
      delete sent[error.param];
      return this.callOnce(sent, signal);
    }
  }

  /** Our own deadline beside the SDK's, so a timeout is told apart from a connection failure on every fetch. */
  private async callOnce(request: ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    try {
      const completion = await this.client!.chat.completions.create(request, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
      await this.status?.succeeded();
      return completion;
    } catch (error) {
      const failure = !signal?.aborted && deadline.aborted ? new AiUpstreamError('AI provider timed out', null, true, 'timeout') : toAiError(error, signal);
      const kind = errorKind(failure);
      if (kind) aiProviderErrors.inc({ kind, model: request.model });
      if (failure instanceof AiQuotaExhaustedError) await this.status?.quotaExhausted();
      throw failure;
    }
  }
}

function errorKind(error: unknown): AiProviderErrorKind | null {
  if (error instanceof AiQuotaExhaustedError) return 'quota_exhausted';
  if (error instanceof AiRateLimitedError) return 'rate_limited';
  if (error instanceof AiAuthError) return 'auth';
  if (error instanceof AiUnsupportedParameterError) return 'unsupported_parameter';
  if (error instanceof AiUpstreamError) {
    if (error.kind !== 'http') return error.kind;
    return error.status !== null && (error.status >= 500 || error.status === 408) ? 'server_error' : 'bad_request';
  }
  return null;
}

const UNSUPPORTED_CODES = new Set(['unsupported_parameter', 'unsupported_value']);
/** "Unsupported parameter: 'temperature' is not supported…", "Unsupported value: 'temperature' does not support 0…". */
const UNSUPPORTED_MESSAGE = /\bUnsupported (?:parameter|value):\s*'([A-Za-z_]+)'/i;

/** The request parameter a 400 refuses, from `error.param` or the message naming it; null for other 400s. */
export function unsupportedParameter(error: Pick<APIError, 'code' | 'param' | 'message'>): string | null {
  const named = UNSUPPORTED_MESSAGE.exec(error.message ?? '')?.[1] ?? null;
  if (error.code && UNSUPPORTED_CODES.has(error.code)) return error.param || named;
  return named;
}

/** OpenAI's "You exceeded your current quota" 429 ('insufficient_quota' as code or type). */
function isQuotaExhausted(error: APIError): boolean {
  return error.code === 'insufficient_quota' || error.type === 'insufficient_quota' || /exceeded your current quota/i.test(error.message);
}

/** The SDK's errors as ours; an abort by the caller stays an abort. */
export function toAiError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof APIUserAbortError || signal?.aborted) return signal?.reason ?? error;
  if (error instanceof APIConnectionTimeoutError) return new AiUpstreamError('AI provider timed out', null, true, 'timeout');
  if (error instanceof APIConnectionError) return new AiUpstreamError(`AI provider unreachable: ${error.message}`, null, true, 'connection');
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 429 && isQuotaExhausted(error)) return new AiQuotaExhaustedError();
    if (status === 429) return new AiRateLimitedError(retryAfterMs(error.headers as Headers | undefined));
    if (status === 401 || status === 403) return new AiAuthError(status, `AI provider refused the credentials (${status})`);
    const param = status === 400 ? unsupportedParameter(error) : null;
    if (param) return new AiUnsupportedParameterError(param, `AI provider answered 400: ${error.message}`);
    return new AiUpstreamError(`AI provider answered ${status}: ${error.message}`, status, status >= 500 || status === 408, 'http');
  }
  return error;
}

export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

function jsonInstructions(jsonSchema: Record<string, unknown>): string {
  return [
    'Reply with one JSON object only: no prose, no markdown fences.',
    'It must match this JSON schema:',
    JSON.stringify(jsonSchema),
  ].join('\n');
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** JSON from a reply; in json_object and prompt modes models may still wrap it in a ``` fence or add a sentence. */
export function parseReply<S extends z.ZodType>(schema: S, content: string): Parsed<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(extractJson(content));
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: z.prettifyError(result.error) };
}

function extractJson(content: string): string {
  const trimmed = content.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced) return fenced[1].trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}
