import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RedisClient } from '../../queues/redis-client.provider';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { isAiConfigured } from '../../config/ai-config';
import type { AiHealthState } from '@cqa/contracts';
import { AiProviderState, RedisAiProviderStatus } from '../ai';
import { JobQueue } from '../../queues/job-queue.service';
import { readWorkerHealth, sharedReading, WORKER_CHECK_TTL_MS } from './worker-presence';

const CHECK_TIMEOUT_MS = 1500;
const LABELS = { database: 'MySQL', redis: 'Redis' } as const;

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly workerHealth = sharedReading(() => readWorkerHealth(this.jobs.allQueues(), CHECK_TIMEOUT_MS), WORKER_CHECK_TTL_MS);

  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redis: RedisClient,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Whether the API can serve: the database and Redis are reachable; the AI provider state; whether a worker is taking jobs.' })
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({
    description:
      "MySQL and Redis are reachable; `ai` says whether an AI provider is configured, or `quota_exhausted` (with `ai_detail`) while the provider refuses calls for the account's quota. Neither 'not_configured' nor 'quota_exhausted' fails the check: the app works without AI. " +
      "`worker` is 'alive' while every queue has a BullMQ worker, 'partial' when some queues have none, 'none' when no worker runs " +
      "(the app still accepts questions but produces no answers, imports, research or emails), 'unknown' when the worker list cannot be read; " +
      '`worker_detail` gives the count, the workers per queue and a message; both are read at most once every 5 s. No worker does not fail the check: the API itself serves.',
  })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'The message names each dependency that is down.' })
  async check() {
    const configured = isAiConfigured(this.config.ai);
    // Read beside the checks (it gives up after 1 s by itself when Redis is down).
    const reported = configured ? new RedisAiProviderStatus(this.redis).read() : Promise.resolve(null);
    const workers = this.workerHealth();
    try {
      const result = await this.health.check([
        () => this.db.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(() => this.redis.ping())
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      const state: AiProviderState | null = await reported;
      const ai: AiHealthState = state ? state.state : configured ? 'configured' : 'not_configured';
      return { ...result, ai, ...(state ? { ai_detail: { reason: state.reason, since: state.since } } : {}), ...(await workers) };
    } catch (error) {
      const details = (error as { response?: { details?: Record<string, { status: string }> } }).response?.details ?? {};
      const summary = (Object.keys(LABELS) as Array<keyof typeof LABELS>)
        .map((key) => `${LABELS[key]} is ${details[key]?.status === 'up' ? 'up' : 'down'}`)
        .join('; ');
      throw new ServiceUnavailableException(summary);
    }
  }
}
