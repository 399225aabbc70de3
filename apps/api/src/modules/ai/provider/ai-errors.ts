import { AI_NOT_CONFIGURED_MESSAGE, AI_QUOTA_EXHAUSTED_MESSAGE } from '@cqa/contracts';

/**
 * Every failure of a model call. `retryable` tells the job queue whether another attempt can help:
 * not configured, bad credentials and refused requests cannot; rate limits, 5xx, timeouts and bad output can.
 */
export abstract class AiError extends Error {
  abstract readonly retryable: boolean;
}

export class AiNotConfiguredError extends AiError {
  readonly retryable = false;
  constructor() {
    super(AI_NOT_CONFIGURED_MESSAGE);
    this.name = 'AiNotConfiguredError';
  }
}

/** 429: wait `retryAfterMs` (from retry-after-ms or Retry-After; null when the provider gave none) before trying again. */
export class AiRateLimitedError extends AiError {
  readonly retryable = true;
  constructor(readonly retryAfterMs: number | null, message = 'AI provider rate limit reached') {
    super(message);
    this.name = 'AiRateLimitedError';
  }
}

/**
 * 429 with `insufficient_quota` (OpenAI's "You exceeded your current quota"): the account's credit or spending limit
 * is spent. Waiting does not help, so it is not a rate limit and not retried; an admin has to act.
 */
export class AiQuotaExhaustedError extends AiError {
  readonly retryable = false;
  constructor() {
    super(AI_QUOTA_EXHAUSTED_MESSAGE);
    this.name = 'AiQuotaExhaustedError';
  }
}

/**
 * 400 naming a request parameter the model refuses ('unsupported_parameter' / 'unsupported_value', e.g. `temperature`
 * on o-series and gpt-5 models). The provider retries once without it; this surfaces only when that is impossible.
 */
export class AiUnsupportedParameterError extends AiError {
  readonly retryable = false;
  constructor(readonly param: string, message: string) {
    super(message);
    this.name = 'AiUnsupportedParameterError';
  }
}

/** AI_CONTEXT_TOKENS leaves no room for the instructions, the question and one shortened record. */
export class AiContextTooSmallError extends AiError {
  readonly retryable = false;
  constructor(contextTokens: number, neededTokens: number) {
    super(`AI_CONTEXT_TOKENS (${contextTokens}) is too small for the prompt: it needs about ${neededTokens} tokens`);
    this.name = 'AiContextTooSmallError';
  }
}

/** 401/403: the key is wrong or lacks access; retrying cannot help. */
export class AiAuthError extends AiError {
  readonly retryable = false;
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'AiAuthError';
  }
}

/** 5xx, timeouts and connection failures are retryable; other refusals (400, 404 unknown model, 422) are not. */
export class AiUpstreamError extends AiError {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly kind: 'timeout' | 'connection' | 'http',
  ) {
    super(message);
    this.name = 'AiUpstreamError';
  }
}

/** The model's reply was not the requested JSON, twice (the second try saw the first error). */
export class AiBadOutputError extends AiError {
  readonly retryable = true;
  constructor(message: string, readonly lastOutput: string) {
    super(message);
    this.name = 'AiBadOutputError';
  }
}

/** Milliseconds to wait, from `retry-after-ms` (OpenAI, Azure) or `Retry-After` (seconds or an HTTP date). */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
