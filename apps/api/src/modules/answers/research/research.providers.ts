import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { RedisClient } from '../../../queues/redis-client.provider';
import { createLiteratureClients, LiteratureClients } from '../../ai/literature/literature-clients';
import { HostRateLimiter, RedisHostRateLimiter } from '../../ai/literature/host-rate-limiter';
import { AiProvider } from '../../ai/provider/ai-provider';

/**
 * Deep research builds its own AI provider and literature clients for now; when the shared AiModule lands, these
 * two providers become imports of it (the tokens stay).
 */
export const RESEARCH_AI = Symbol('RESEARCH_AI');
export const RESEARCH_LITERATURE = Symbol('RESEARCH_LITERATURE');

export const researchProviders: Provider[] = [
  {
    provide: RESEARCH_AI,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => new AiProvider(config.ai),
  },
  {
    provide: RESEARCH_LITERATURE,
    inject: [APP_CONFIG, RedisClient],
    useFactory: (config: AppConfig, redis: RedisClient): LiteratureClients => {
      const shared = new RedisHostRateLimiter(redis.redis);
      // The app connection refuses commands until it is ready rather than queueing them.
      const limiter: HostRateLimiter = {
        acquire: async (host, perSecond, signal) => {
          await redis.ready();
          return shared.acquire(host, perSecond, signal);
        },
      };
      return createLiteratureClients(config.literature, limiter);
    },
  },
];
