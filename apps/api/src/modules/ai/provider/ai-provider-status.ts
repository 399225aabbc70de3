import { AI_QUOTA_EXHAUSTED_MESSAGE } from '@cqa/contracts';
import type Redis from 'ioredis';

/** What the last model call of any API or worker process learnt about the provider account. */
export interface AiProviderState {
  state: 'quota_exhausted';
  reason: string;
  /** When it was first seen (ISO). */
  since: string;
}

/**
 * Shared by every process of a deployment, so `/api/health` (API) reports what a job (worker) met. Failures to read or
 * write are swallowed: this is a report, never a reason for a model call or the health check to fail.
 */
export interface AiProviderStatus {
  quotaExhausted(): Promise<void>;
  /** A call succeeded: whatever was reported is over. */
  succeeded(): Promise<void>;
  read(): Promise<AiProviderState | null>;
}

/** Under the app connection's key prefix (QUEUE_PREFIX). */
export const AI_PROVIDER_STATE_KEY = 'ai:provider:state';
/** A stale report (the key topped up, or the provider changed, and no call made since) goes by itself. */
const STATE_TTL_SECONDS = 24 * 3600;
const READ_TIMEOUT_MS = 1000;

export class RedisAiProviderStatus implements AiProviderStatus {
  constructor(private readonly client: { redis: Pick<Redis, 'set' | 'get' | 'del' | 'expire'>; ready(): Promise<void> }) {}

  async quotaExhausted(): Promise<void> {
    const state: AiProviderState = { state: 'quota_exhausted', reason: AI_QUOTA_EXHAUSTED_MESSAGE, since: new Date().toISOString() };
    await this.quietly(async () => {
      // NX keeps the first `since`; the expiry is renewed on every sighting.
      await this.client.redis.set(AI_PROVIDER_STATE_KEY, JSON.stringify(state), 'EX', STATE_TTL_SECONDS, 'NX');
      await this.client.redis.expire(AI_PROVIDER_STATE_KEY, STATE_TTL_SECONDS);
    });
  }

  async succeeded(): Promise<void> {
    await this.quietly(async () => {
      await this.client.redis.del(AI_PROVIDER_STATE_KEY);
    });
  }

  async read(): Promise<AiProviderState | null> {
    let raw: string | null = null;
    await this.quietly(async () => {
      raw = await this.client.redis.get(AI_PROVIDER_STATE_KEY);
    });
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as AiProviderState;
      return parsed.state === 'quota_exhausted' ? parsed : null;
    } catch {
      return null;
    }
  }

  private async quietly(work: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await this.client.ready();
          await work();
        })(),
        new Promise<void>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READ_TIMEOUT_MS);
          timer.unref();
        }),
      ]);
    } catch {
      /* a report only */
    } finally {
      clearTimeout(timer);
    }
  }
}
