import { HttpException, HttpStatus, Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { MAX_REPORT_BYTES, ReportTexts } from '@cqa/contracts';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { FixedWindowLimiter } from '../../../common/throttle/fixed-window-limiter';
import { RedisClient } from '../../../queues/redis-client.provider';

const HOUR_SECONDS = 3600;
const MB = 1024 * 1024;

export interface QuotaUse { files: number; bytes: number }

/** Per-patient quota (file count and total bytes) and an hourly upload limit per patient and per uploader, shared by every replica. */
@Injectable()
export class UploadLimits {
  private readonly limiter: FixedWindowLimiter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, redisClient: RedisClient) {
    this.limiter = new FixedWindowLimiter(
      {
        hit: async (key, windowSeconds) => {
          await redisClient.ready();
          const [[, count]] = (await redisClient.redis.multi().incr(`rl:${key}`).expire(`rl:${key}`, windowSeconds, 'NX').exec()) as [[null, number]];
          return count;
        },
      },
      HOUR_SECONDS,
    );
  }

  /** Counts one upload for the patient and the uploader; 429 over either limit. */
  async countUpload(patientId: string, uploaderId: string): Promise<void> {
    const limit = this.config.reportLimits.uploadsPerHour;
    if (await this.limiter.isOverLimit([{ key: `upload:patient:${patientId}`, limit }, { key: `upload:user:${uploaderId}`, limit }])) {
      throw new HttpException(ReportTexts.tooManyUploads, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** The bytes one more file may take: what the quota leaves, at most the per-file limit. 413 when no file may be added. */
  roomFor(use: QuotaUse): number {
    const { quotaFiles, quotaBytes } = this.config.reportLimits;
    if (use.files >= quotaFiles) throw new PayloadTooLargeException(ReportTexts.quotaFiles(quotaFiles));
    const left = quotaBytes - use.bytes;
    if (left <= 0) throw this.overBytes();
    return Math.min(MAX_REPORT_BYTES, left);
  }

  /** Whether a file refused for size was refused by the quota rather than the per-file limit. */
  quotaIsTighter(room: number): boolean {
    return room < MAX_REPORT_BYTES;
  }

  overBytes(): PayloadTooLargeException {
    return new PayloadTooLargeException(ReportTexts.quotaBytes(Math.floor(this.config.reportLimits.quotaBytes / MB)));
  }

  /** The patient's reports so far; with `lock`, their patient row is locked until the transaction ends, so two uploads cannot both fit. */
  async use(manager: EntityManager, patientId: string, lock = false): Promise<QuotaUse> {
    if (lock) await manager.query('SELECT id FROM patients WHERE id = ? FOR UPDATE', [patientId]);
    const [row] = (await manager.query('SELECT COUNT(*) AS files, COALESCE(SUM(file_size), 0) AS bytes FROM medical_reports WHERE patient_id = ?', [patientId])) as {
      files: number | string; bytes: number | string;
    }[];
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** After the file is written, inside the transaction that records it: the quota still holds with this file counted. */
  checkStill(use: QuotaUse, size: number): void {
    const { quotaFiles, quotaBytes } = this.config.reportLimits;
    if (use.files + 1 > quotaFiles) throw new PayloadTooLargeException(ReportTexts.quotaFiles(quotaFiles));
    if (use.bytes + size > quotaBytes) throw this.overBytes();
  }
}
