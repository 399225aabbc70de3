import { Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { AnswersModule } from '../answers/answers.module';
import { AiAnswersModule } from '../answers/ai/ai-answers.module';
import { QuestionsModule } from '../questions/questions.module';
import { RedditFetcher } from './extractors/reddit-fetcher';
import { ThreadFetcher } from './extractors/thread-fetcher';
import { ThreadParser } from './extractors/thread-parser';
import { WorkerThreadParser } from './extractors/worker-thread-parser';
import { PoliteFetcher } from './fetching/polite-fetcher';
import { SafeFetcher } from './fetching/safe-fetcher';
import { ImportJobs } from './import-jobs.service';
import { ImportRecovery } from './import-recovery';
import { ImportUrlProcessor } from './import-url.processor';
import { ImportController } from './import.controller';
import { ImportRepository } from './import.repository';
import { ImportService } from './import.service';
import { HostPoliteness } from './politeness/host-politeness';
import { RobotsFetcher } from './robots/robots-fetcher';
import { RedisTtlCache } from './robots/ttl-cache';

/**
 * Community link import: admins submit links (routes under /api/import), the `import` queue fetches each thread
 * safely and politely, and the answers go to a new question (with an AI answer) or to the question named.
 */
@Module({
  imports: [QuestionsModule, AnswersModule, AiAnswersModule],
  controllers: [ImportController],
  providers: [
    ImportService,
    ImportRepository,
    ImportJobs,
    ImportUrlProcessor,
    ImportRecovery,
    {
      provide: SafeFetcher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SafeFetcher({ allowHosts: config.import.fetchAllowHosts, totalTimeoutMs: config.import.fetchTimeoutMs }),
    },
    // Pages and pastes are read in worker threads with a time limit (the worker's jobs and the API's paste route).
    {
      provide: ThreadParser,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WorkerThreadParser({ timeoutMs: config.import.parseTimeoutMs }),
    },
    {
      provide: ThreadFetcher,
      inject: [APP_CONFIG, SafeFetcher, RedisClient, ThreadParser],
      useFactory: (config: AppConfig, safe: SafeFetcher, client: RedisClient, parser: ThreadParser) => {
        const keyPrefix = `import:`;
        const robots = new RobotsFetcher(safe, { cache: new RedisTtlCache(client.redis, `${keyPrefix}robots:`), ttlSeconds: config.import.robotsCacheTtlSeconds });
        const polite = new PoliteFetcher(safe, robots, new HostPoliteness(client.redis, { keyPrefix: `${keyPrefix}host:`, defaultDelayMs: config.import.hostDelayMs }));
        return new ThreadFetcher(polite, new RedditFetcher(polite, config.import.reddit, parser), parser);
      },
    },
  ],
})
export class ImportModule implements OnModuleDestroy {
  constructor(
    @Inject(SafeFetcher) private readonly safe: SafeFetcher,
    @Inject(ThreadParser) private readonly parser: ThreadParser,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.safe.close();
    await this.parser.close();
  }
}
