import { aiRateLimitGaveUpMessage } from '@cqa/contracts';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { AiError, AiNotConfiguredError, AiRateLimitedError, LiteratureHttpError } from '../../ai';

/** What a source does at each outcome of a failed job: its own rows, counters and logs. */
export interface RunFailureHooks {
  /** The provider's rate-limit waits in a row so far (a run row or a job's data counts them). */
  rateLimitWaits(): Promise<number>;
  /** Before the job waits out a rate limit: count the wait and put the work back. */
  waitingForRateLimit(message: string): Promise<void>;
  /** The run fails for good: an unrecoverable error, the last attempt, or too many rate-limit waits. */
  failed(message: string): Promise<void>;
  /** Another attempt follows. */
  retrying(message: string): Promise<void>;
}

export interface RunFailurePolicy {
  /** AI_RATE_LIMIT_MAX_DELAYS. */
  maxRateLimitWaits: number;
  /** The wait when the provider's 429 gives no Retry-After. */
  defaultRateLimitDelayMs: number;
}

/** Whether another attempt can help: not for a refusal that will be the same next time, nor without a provider. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof AiNotConfiguredError) return false;
  if (error instanceof AiError || error instanceof LiteratureHttpError) return error.retryable;
  return true;
}

/**
 * The one job-failure policy of the answer sources (the AI answer run, each deep research step). A provider's rate
 * limit is waited out without spending an attempt (the job moves to delayed for its Retry-After), so many times in a
 * row; an error another attempt cannot help fails the run at once; any other fails it on the last attempt. Always
 * throws what BullMQ needs to hear: DelayedError, UnrecoverableError or the error itself (another attempt follows).
 */
export async function settleFailedRun(error: unknown, job: Job, token: string | undefined, policy: RunFailurePolicy, hooks: RunFailureHooks): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AiRateLimitedError && token) {
    const waits = await hooks.rateLimitWaits();
    if (waits < policy.maxRateLimitWaits) {
      await hooks.waitingForRateLimit(message);
      await job.moveToDelayed(Date.now() + (error.retryAfterMs ?? policy.defaultRateLimitDelayMs), token);
      throw new DelayedError();
    }
    const reason = aiRateLimitGaveUpMessage(waits);
    await hooks.failed(reason);
    throw new UnrecoverableError(reason);
  }
  if (!isRetryable(error)) {
    await hooks.failed(message);
    throw new UnrecoverableError(message);
  }
  if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await hooks.failed(message);
  else await hooks.retrying(message);
  throw error;
}
