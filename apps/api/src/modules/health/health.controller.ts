import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../common/access/access.decorator';
import { RedisClient } from '../../queues/redis-client.provider';

const CHECK_TIMEOUT_MS = 1500;
const LABELS = { database: 'MySQL', redis: 'Redis' } as const;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redis: RedisClient,
  ) {}

  @Get()
  @Public()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOkResponse({ description: 'MySQL and Redis are reachable.' })
  @ApiServiceUnavailableResponse({ description: 'The message names each dependency that is down.' })
  async check() {
    try {
      return await this.health.check([
        () => this.db.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(() => this.redis.ping())
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (error) {
      const details = (error as { response?: { details?: Record<string, { status: string }> } }).response?.details ?? {};
      const summary = (Object.keys(LABELS) as Array<keyof typeof LABELS>)
        .map((key) => `${LABELS[key]} is ${details[key]?.status === 'up' ? 'up' : 'down'}`)
        .join('; ');
      throw new ServiceUnavailableException(summary);
    }
  }
}
