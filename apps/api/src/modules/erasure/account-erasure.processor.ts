import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountErasureJobId, JobName, QueueName, TracedPayload } from '@cqa/contracts';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { OnJob } from '../../queues/job-handler.decorator';
import { JobQueue } from '../../queues/job-queue.service';
import { OnSchedule } from '../../queues/schedule.decorator';
import { anonymiseContributions } from '../answers/contribution-erasure';
import { claimDueDeletion, dueDeletions, eraseAccountRows } from '../auth/account/account-erasure';
import { ACCOUNT_EXPORT_STORAGE } from '../auth/account/export/account-export-rows';
import { eraseOutboxMail } from '../mail/mail-erasure';
import { eraseNotificationSettings } from '../notifications/notification-erasure';
import { erasePatientRecord, patientOfUserForErasure } from '../profiles/patient-erasure';
import { ReportFiles } from '../reports/files/report-files.processor';
import type { ReportStorage } from '../reports/storage/report-storage';
import { deletePatientReports } from '../reports/files/report-erasure';

export const ACCOUNT_ERASURE_SWEEP_SCHEDULER_ID = 'account-erasure-sweep';
/** Due deletions enqueued per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 500;
/** An erasure is retried with backoff (about 2 hours in all); a dead one stays in the job dashboard and the next sweep tries again. */
const ERASURE_JOB_OPTIONS = { attempts: 8, backoff: { type: 'exponential' as const, delay: 30_000 }, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } };

export interface AccountErasurePayload extends TracedPayload {
  /** The account's id; nothing else about it. */
  userId: string;
}

/**
 * The erasure of an account whose deletion's grace period has ended (issue 44): ONE transaction over every owner's part
 * (each module's own eraser, so each table keeps its one writer), so a failure leaves the account whole and the retry
 * starts again; report files are removed after the commit through the report-file-delete job. Idempotent: an erased
 * (or cancelled) deletion is not found due again.
 */
@Injectable()
export class AccountErasure {
  private readonly logger = new Logger('account-erasure');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly reportFiles: ReportFiles,
    @Inject(ACCOUNT_EXPORT_STORAGE) private readonly archives: ReportStorage,
  ) {}

  @OnJob(JobName.AccountErasureSweep)
  @OnSchedule({ name: ACCOUNT_ERASURE_SWEEP_SCHEDULER_ID, cron: (config) => config.ops.accountErasureSweepCron, queue: QueueName.System })
  async sweep(): Promise<{ enqueued: number }> {
    const due = await dueDeletions(this.dataSource, SWEEP_BATCH);
    for (const userId of due) await this.enqueue(userId);
    if (due.length > 0) this.logger.log({ enqueued: due.length, msg: `account erasure sweep: ${due.length} erasures enqueued` });
    return { enqueued: due.length };
  }

  /**
   * One job per account: a job of this id that has finished (an earlier deletion that a sign-in cancelled, or one that
   * failed every attempt) makes way for this one, as BullMQ would otherwise ignore the add.
   */
  private async enqueue(userId: string): Promise<void> {
    const payload: AccountErasurePayload = { userId };
    const options = { jobId: accountErasureJobId(userId), ...ERASURE_JOB_OPTIONS };
    const job = await this.jobs.enqueue(JobName.AccountErasure, payload, options);
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') {
      await job.remove();
      await this.jobs.enqueue(JobName.AccountErasure, payload, options);
    }
  }

  @OnJob(JobName.AccountErasure)
  async erase(job: Job<AccountErasurePayload>): Promise<{ erased: boolean; reports: number }> {
    return this.eraseNow(job.data.userId);
  }

  async eraseNow(userId: string): Promise<{ erased: boolean; reports: number }> {
    const outcome = await this.dataSource.transaction(async (tx) => {
      const due = await claimDueDeletion(tx, userId);
      if (!due) return null;
      const patientId = await patientOfUserForErasure(tx, userId);
      await anonymiseContributions(tx, userId, patientId);
      const storageKeys = patientId ? await deletePatientReports(tx, patientId) : [];
      await erasePatientRecord(tx, userId, patientId);
      await eraseNotificationSettings(tx, userId);
      await eraseOutboxMail(tx, due.email, userId);
      const { archiveKeys } = await eraseAccountRows(tx, userId);
      return { storageKeys, archiveKeys, requestedBy: due.requestedBy };
    });
    if (!outcome) return { erased: false, reports: 0 };
    await this.reportFiles.removeFiles(outcome.storageKeys);
    // A failure here leaves a file without a row, which the hourly account-export-prune removes.
    for (const key of outcome.archiveKeys) await this.archives.delete(key).catch(() => undefined);
    this.logger.log({ userId, requestedBy: outcome.requestedBy, reports: outcome.storageKeys.length, msg: 'account erased' });
    return { erased: true, reports: outcome.storageKeys.length };
  }
}
