import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { HostRateLimiter, RedisHostRateLimiter } from './literature/host-rate-limiter';
import { createLiteratureClients, LiteratureClients } from './literature/literature-clients';
import { AiProvider } from './provider/ai-provider';
import { guardOutbound } from './retrieval/outbound-guard';
import { RedisAiProviderStatus } from './provider/ai-provider-status';

/** Injection token of the four literature clients (PubMed, Europe PMC, ClinicalTrials.gov, Crossref). */
export const LITERATURE_CLIENTS = Symbol('LITERATURE_CLIENTS');
export type { LiteratureClients };
/** One key space per literature host for every user of the clients (AI answers, deep research, link import). */
export const LITERATURE_HOST_KEY_PREFIX = 'literature:host:';

/**
 * The AI provider and the literature clients as Nest providers, for the AI answer job, link import and deep research:
 * the one wiring, so each literature host's rate is shared by all of them.
 * The host limiter keeps its keys on the app Redis connection, whose key prefix starts with QUEUE_PREFIX, so every
 * API and worker process of one deployment shares each literature host's rate and tests never meet a deployment's.
 */
@Module({
  providers: [
    {
      provide: AiProvider,
      inject: [APP_CONFIG, RedisClient],
      // Quota exhaustion met by any process is reported by /api/health (RedisAiProviderStatus).
      useFactory: (config: AppConfig, redis: RedisClient) => new AiProvider(config.ai, { status: new RedisAiProviderStatus(redis) }),
    },
    {
      provide: LITERATURE_CLIENTS,
      inject: [APP_CONFIG, RedisClient],
      useFactory: (config: AppConfig, redis: RedisClient): LiteratureClients => {
        const shared = new RedisHostRateLimiter(redis.redis, LITERATURE_HOST_KEY_PREFIX);
        // The app connection refuses commands until it is ready rather than queueing them.
        const limiter: HostRateLimiter = {
          acquire: async (host, perSecond, signal) => {
            await redis.ready();
            return shared.acquire(host, perSecond, signal);
          },
        };
        return guardOutbound(createLiteratureClients(config.literature, limiter));
      },
    },
  ],
  exports: [AiProvider, LITERATURE_CLIENTS],
})
export class AiModule {}
