import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { AiConfig, isAiConfigured } from '../../../config/ai-config';
import { AiAuthError, AiBadOutputError, AiNotConfiguredError, AiRateLimitedError, AiUpstreamError, retryAfterMs } from './ai-errors';
import { estimateCostUsd } from './ai-pricing';
import { aiTokens } from '../../../common/metrics/metrics';

export { isAiConfigured };

export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type AiModelChoice = 'main' | 'fast';

export interface GenerateOptions {
  model?: AiModelChoice;
  signal?: AbortSignal;
  /** Name of the JSON schema sent in json_schema mode (letters, digits, '_' and '-'). */
  schemaName?: string;
  temperature?: number;
}

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

  constructor(private readonly config: AiConfig, options: { fetch?: typeof fetch } = {}) {
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
      if (options.temperature !== undefined) request.temperature = options.temperature;
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

  /** Our own deadline beside the SDK's, so a timeout is told apart from a connection failure on every fetch. */
  private async call(request: ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal) {
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    try {
      return await this.client!.chat.completions.create(request, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
    } catch (error) {
      if (!signal?.aborted && deadline.aborted) throw new AiUpstreamError('AI provider timed out', null, true, 'timeout');
      throw toAiError(error, signal);
    }
  }
}

/** The SDK's errors as ours; an abort by the caller stays an abort. */
export function toAiError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof APIUserAbortError || signal?.aborted) return signal?.reason ?? error;
  if (error instanceof APIConnectionTimeoutError) return new AiUpstreamError('AI provider timed out', null, true, 'timeout');
  if (error instanceof APIConnectionError) return new AiUpstreamError(`AI provider unreachable: ${error.message}`, null, true, 'connection');
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 429) return new AiRateLimitedError(retryAfterMs(error.headers as Headers | undefined));
    if (status === 401 || status === 403) return new AiAuthError(status, `AI provider refused the credentials (${status})`);
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
