import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { RedisHostRateLimiter } from './literature/host-rate-limiter';
import { createLiteratureClients, LiteratureClients } from './literature/literature-clients';
import { AiProvider } from './provider/ai-provider';

/** Injection token of the four literature clients (PubMed, Europe PMC, ClinicalTrials.gov, Crossref). */
export const LITERATURE_CLIENTS = Symbol('LITERATURE_CLIENTS');
export type { LiteratureClients };

/**
 * The AI provider and the literature clients as Nest providers, for the AI answer job, link import and deep research.
 * The host limiter keeps its keys on the app Redis connection, whose key prefix starts with QUEUE_PREFIX, so every
 * API and worker process of one deployment shares each literature host's rate and tests never meet a deployment's.
 */
@Module({
  providers: [
    { provide: AiProvider, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new AiProvider(config.ai) },
    {
      provide: LITERATURE_CLIENTS,
      inject: [APP_CONFIG, RedisClient],
      useFactory: (config: AppConfig, redis: RedisClient): LiteratureClients =>
        createLiteratureClients(config.literature, new RedisHostRateLimiter(redis.redis, 'literature:host:')),
    },
  ],
  exports: [AiProvider, LITERATURE_CLIENTS],
})
export class AiModule {}
