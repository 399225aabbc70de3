import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobName, QueueName } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { OnJob } from '../../../queues/job-handler.decorator';
import { OnSchedule } from '../../../queues/schedule.decorator';

export const REFRESH_TOKEN_PRUNE_SCHEDULER_ID = 'refresh-token-prune';

/**
 * How long a revoked session's rows stay: presenting one of its tokens in that time still ends the account's access
 * tokens at once (reuse detection bumps the session version); afterwards such a token is only unknown, and refused.
 */
export const REVOKED_RETENTION_DAYS = 7;
/** Rows removed per statement, so the prune never holds a long lock on a busy table. */
const BATCH = 5000;

export interface RefreshTokenPruneResult {
  expiredRemoved: number;
  revokedRemoved: number;
  sealsCleared: number;
}

/**
 * Every page load rotates the refresh cookie and adds a row (issue 42, F-38); this removes what can no longer matter:
 * a token past its expiry (the browser has dropped the cookie, and the refresh refuses it anyway) and a revoked
 * session's tokens after REVOKED_RETENTION_DAYS. A rotated token of a live session stays until it expires: presenting
 * it is how a theft is detected. Rotated tokens' sealed successors are cleared once their grace window has passed.
 */
@Injectable()
export class RefreshTokenPrune {
  private readonly logger = new Logger('refresh-token-prune');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @OnJob(JobName.RefreshTokenPrune)
  @OnSchedule({ name: REFRESH_TOKEN_PRUNE_SCHEDULER_ID, cron: (config) => config.ops.refreshTokenPruneCron, queue: QueueName.System })
  async prune(): Promise<RefreshTokenPruneResult> {
    const result = await this.pruneNow(new Date());
    this.logger.log({ ...result, msg: `refresh tokens: ${result.expiredRemoved} expired and ${result.revokedRemoved} long-revoked removed, ${result.sealsCleared} successor seals cleared` });
    return result;
  }

  /** `now` by the caller's clock; the comparisons run in the database. */
  async pruneNow(now: Date): Promise<RefreshTokenPruneResult> {
    const graceEnd = new Date(now.getTime() - this.config.refreshReuseGraceSeconds * 1000);
    const revokedBefore = new Date(now.getTime() - REVOKED_RETENTION_DAYS * 24 * 3600 * 1000);
    const expiredRemoved = await this.inBatches('DELETE FROM refresh_tokens WHERE expires_at < ? LIMIT ?', [now]);
    const revokedRemoved = await this.inBatches('DELETE FROM refresh_tokens WHERE revoked_at < ? LIMIT ?', [revokedBefore]);
    const sealsCleared = await this.inBatches(
      'UPDATE refresh_tokens SET successor_sealed = NULL WHERE successor_sealed IS NOT NULL AND rotated_at < ? LIMIT ?', [graceEnd],
    );
    return { expiredRemoved, revokedRemoved, sealsCleared };
  }

  private async inBatches(sql: string, params: unknown[]): Promise<number> {
    let total = 0;
    for (;;) {
      const result = (await this.dataSource.query(sql, [...params, BATCH])) as { affectedRows: number };
      total += result.affectedRows;
      if (result.affectedRows < BATCH) return total;
    }
  }
}
