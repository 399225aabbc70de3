import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DATA_EXPORT_ANCHOR, JobName, QueueName, accountExportJobId, ACCOUNT_PAGE_PATH, Role } from '@cqa/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../../config/config.module';
import type { AppConfig } from '../../../../config/app-config';
import { OnJob } from '../../../../queues/job-handler.decorator';
import { JobQueue } from '../../../../queues/job-queue.service';
import { OnSchedule } from '../../../../queues/schedule.decorator';
import { MailOutbox } from '../../../mail/mail-outbox.service';
import { accountExportReadyMail } from '../../../mail/mail-templates';
import { newStorageKey, ReportStorage } from '../../../reports/storage/report-storage';
import { archiveEntries } from './account-export-data';
import { ACCOUNT_EXPORT_STORAGE, AccountExportPayload, AccountExportRow, enqueueExport, EXPORT_COLUMNS } from './account-export-rows';
import { zipStream } from './zip-stream';

export const ACCOUNT_EXPORT_PRUNE_SCHEDULER_ID = 'account-export-prune';
/** A row still `requested` this long after it was asked for has lost its job (Redis lost it, or the enqueue failed). */
const REQUEUE_AFTER_MS = 10 * 60 * 1000;
/** ...and this long after, it has failed for good: the page offers to try again. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** A stored archive without a row (its account erased, or a worker killed between the write and the commit) goes after this. */
const ORPHAN_GRACE_MS = 3600 * 1000;

export interface AccountExportResult {
  status: 'ready' | 'skipped';
  sizeBytes?: number;
}

export interface AccountExportPruneResult {
  expired: number;
  requeued: number;
  givenUp: number;
  orphansRemoved: number;
  partialsRemoved: number;
}

/**
 * Builds a person's data archive in the worker: gathers every row and report file (read through the reports' own
 * storage), streams them as one ZIP into the archives' store under a new random key, then, in one transaction, marks
 * the row ready and writes the e-mail. Idempotent: a re-delivered job for a row no longer `requested` does nothing. A
 * failure leaves no file (the storage drops a partial write; a written archive whose commit failed is deleted) and no
 * ready row; BullMQ tries again, and after the last attempt the row is `failed`.
 */
@Injectable()
export class AccountExportProcessor {
  private readonly logger = new Logger('account-export');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ACCOUNT_EXPORT_STORAGE) private readonly archives: ReportStorage,
    private readonly reports: ReportStorage,
    private readonly outbox: MailOutbox,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.AccountExport)
  async build(job: Job<AccountExportPayload>, _token?: string, signal?: AbortSignal): Promise<AccountExportResult> {
    const row = await this.find(job.data.exportId);
    if (!row || row.status !== 'requested') return { status: 'skipped' };
    await this.db.query('UPDATE account_exports SET attempts = attempts + 1 WHERE id = ?', [row.id]);
    const key = newStorageKey();
    let written = false;
    try {
      const [owner] = (await this.db.query('SELECT role, email, first_name FROM users WHERE id = ?', [row.user_id])) as Array<{ role: Role; email: string; first_name: string }>;
      if (!owner) throw new UnrecoverableError('The account of this archive no longer exists.');
      const now = new Date();
      const entries = archiveEntries(this.db, { id: row.user_id, role: owner.role }, (storageKey) => this.reports.read(storageKey), now);
      const stored = await this.archives.write(key, zipStream(entries, signal));
      written = true;
      const marked = await this.markReady(row, key, stored.size, owner);
      if (!marked) {
        await this.archives.delete(key);
        return { status: 'skipped' };
      }
      this.logger.log({ exportId: row.id, sizeBytes: stored.size, msg: 'data archive ready' });
      return { status: 'ready', sizeBytes: stored.size };
    } catch (error) {
      if (written) await this.archives.delete(key).catch(() => undefined);
      const last = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) await this.db.query("UPDATE account_exports SET status = 'failed' WHERE id = ? AND status = 'requested'", [row.id]);
      // The error's text only: it names no file and no person (the storage and zip errors are about bytes).
      this.logger.warn({ exportId: row.id, attempt: job.attemptsMade + 1, last, err: error instanceof Error ? error.message : String(error), msg: 'data archive failed' });
      throw error;
    }
  }

  /** Both or neither: the row's ready state and the e-mail that tells of it. False when the row was no longer `requested`. */
  private async markReady(row: AccountExportRow, key: string, size: number, owner: { email: string; first_name: string }): Promise<boolean> {
    const expiresAt = new Date(Date.now() + this.config.ops.accountExports.ttlHours * 3600 * 1000);
    const link = `${this.config.publicUrl}${ACCOUNT_PAGE_PATH}#${DATA_EXPORT_ANCHOR}`;
    let outboxId: string | undefined;
    const marked = await this.db.transaction(async (tx) => {
      const result = (await tx.query(
        "UPDATE account_exports SET status = 'ready', storage_key = ?, size_bytes = ?, ready_at = NOW(3), expires_at = ? WHERE id = ? AND status = 'requested'",
        [key, size, expiresAt, row.id],
      )) as { affectedRows: number };
      if (result.affectedRows !== 1) return false;
      outboxId = await this.outbox.add(tx, accountExportReadyMail(owner.email, owner.first_name, link, expiresAt));
      return true;
    });
    if (outboxId) this.outbox.enqueueAfterCommit([outboxId]);
    return marked;
  }

  @OnJob(JobName.AccountExportPrune)
  @OnSchedule({ name: ACCOUNT_EXPORT_PRUNE_SCHEDULER_ID, cron: (config) => config.ops.accountExports.pruneCron, queue: QueueName.System })
  async prune(): Promise<AccountExportPruneResult> {
    const result = await this.pruneNow(new Date());
    this.logger.log({ ...result, msg: `data archives: ${result.expired} expired, ${result.requeued} queued again, ${result.givenUp} given up, ${result.orphansRemoved + result.partialsRemoved} stray files removed` });
    return result;
  }

  /** `now` by the caller's clock (tests move it). */
  async pruneNow(now: Date): Promise<AccountExportPruneResult> {
    const result: AccountExportPruneResult = { expired: 0, requeued: 0, givenUp: 0, orphansRemoved: 0, partialsRemoved: 0 };
    for (;;) {
      const due = (await this.db.query(
        "SELECT id, storage_key FROM account_exports WHERE status = 'ready' AND expires_at <= ? ORDER BY expires_at LIMIT 200", [now],
      )) as Array<{ id: string; storage_key: string | null }>;
      for (const row of due) {
        if (row.storage_key) await this.archives.delete(row.storage_key);
        await this.db.query("UPDATE account_exports SET status = 'expired', storage_key = NULL WHERE id = ? AND status = 'ready'", [row.id]);
        result.expired++;
      }
      if (due.length < 200) break;
    }

    const stuck = (await this.db.query(
      "SELECT id, created_at FROM account_exports WHERE status = 'requested' AND created_at <= ? ORDER BY created_at LIMIT 500",
      [new Date(now.getTime() - REQUEUE_AFTER_MS)],
    )) as Array<{ id: string; created_at: Date }>;
    for (const row of stuck) {
      const job = await this.jobs.find(JobName.AccountExport, accountExportJobId(row.id));
      const state = job ? await job.getState() : undefined;
      if (new Date(row.created_at).getTime() <= now.getTime() - GIVE_UP_AFTER_MS || state === 'failed' || state === 'completed') {
        await this.db.query("UPDATE account_exports SET status = 'failed' WHERE id = ? AND status = 'requested'", [row.id]);
        if (state === 'failed' || state === 'completed') await job!.remove().catch(() => undefined);
        result.givenUp++;
      } else if (!job) {
        await enqueueExport(this.jobs, row.id);
        result.requeued++;
      }
    }

    const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS);
    let batch: string[] = [];
    const flush = async () => {
      const kept = new Set(((await this.db.query(
        `SELECT storage_key FROM account_exports WHERE storage_key IN (${batch.map(() => '?').join(', ')})`, batch,
      )) as Array<{ storage_key: string }>).map((r) => r.storage_key));
      for (const key of batch.filter((k) => !kept.has(k))) {
        await this.archives.delete(key);
        result.orphansRemoved++;
      }
      batch = [];
    };
    for await (const object of this.archives.list()) {
      if (object.modifiedAt < cutoff) batch.push(object.key);
      if (batch.length >= 500) await flush();
    }
    if (batch.length > 0) await flush();
    result.partialsRemoved = await this.archives.removeStalePartials(cutoff);
    return result;
  }

  private async find(id: string): Promise<AccountExportRow | undefined> {
    const [row] = (await this.db.query(`SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE id = ?`, [id])) as AccountExportRow[];
    return row;
  }
}
