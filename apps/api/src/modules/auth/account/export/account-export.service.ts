import { ConflictException, GoneException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountExport, AccountExportTexts } from '@cqa/contracts';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../../../common/access/access.guard';
import type { ClientInfo } from '../../../../common/access/client-info';
import { APP_CONFIG } from '../../../../config/config.module';
import type { AppConfig } from '../../../../config/app-config';
import { JobQueue } from '../../../../queues/job-queue.service';
import { ReportFileMissingError, ReportStorage } from '../../../reports/storage/report-storage';
import { AuthLogService } from '../../auth-log.service';
import { ACCOUNT_EXPORT_STORAGE, AccountExportRow, enqueueExport, EXPORT_COLUMNS, exportView } from './account-export-rows';

export interface ExportDownload {
  stream: Readable;
  sizeBytes: number;
  readyAt: Date;
}

/** The caller's own data archives (issue 44 item 3): ask for one, see the latest, download it while it lasts. */
@Injectable()
export class AccountExportService {
  private readonly logger = new Logger('account-export');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ACCOUNT_EXPORT_STORAGE) private readonly archives: ReportStorage,
    private readonly jobs: JobQueue,
    private readonly authLog: AuthLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One archive at a time, at most ACCOUNT_EXPORTS_PER_DAY in 24 hours (failed ones not counted). The account's row is
   * locked first, so parallel requests are judged one after another: a burst gets one archive, never one each.
   */
  async start(caller: AuthenticatedUser, client: ClientInfo): Promise<{ export: AccountExport; created: boolean }> {
    const { row, created } = await this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [caller.id]);
      const [pending] = (await tx.query(
        `SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE user_id = ? AND status = 'requested' ORDER BY created_at DESC LIMIT 1`, [caller.id],
      )) as AccountExportRow[];
      if (pending) return { row: pending, created: false };
      const [{ n }] = (await tx.query(
        "SELECT COUNT(*) AS n FROM account_exports WHERE user_id = ? AND status <> 'failed' AND created_at > NOW(3) - INTERVAL 1 DAY", [caller.id],
      )) as Array<{ n: number | string }>;
      const limit = this.config.ops.accountExports.perDay;
      if (Number(n) >= limit) throw new HttpException(AccountExportTexts.tooMany(limit), HttpStatus.TOO_MANY_REQUESTS);
      const id = randomUUID();
      await tx.query('INSERT INTO account_exports (id, user_id) VALUES (?, ?)', [id, caller.id]);
      const [inserted] = (await tx.query(`SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE id = ?`, [id])) as AccountExportRow[];
      return { row: inserted!, created: true };
    });
    if (created) {
      // A failed enqueue only delays the archive: the hourly prune queues rows that have waited too long.
      await enqueueExport(this.jobs, row.id).catch((error: unknown) => this.logger.warn({ exportId: row.id, err: String(error), msg: 'data archive left to the prune' }));
      await this.authLog.record('data_export_requested', caller.id, client);
    }
    return { export: exportView(row, new Date()), created };
  }

  async latest(caller: AuthenticatedUser): Promise<AccountExport | null> {
    const [row] = (await this.db.query(
      `SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, [caller.id],
    )) as AccountExportRow[];
    return row ? exportView(row, new Date()) : null;
  }

  /** The owner's ready archive; another user's id is simply not found. The download is written to the sign-in log. */
  async open(caller: AuthenticatedUser, id: string, client: ClientInfo): Promise<ExportDownload> {
    const [row] = (await this.db.query(`SELECT ${EXPORT_COLUMNS} FROM account_exports WHERE id = ? AND user_id = ?`, [id, caller.id])) as AccountExportRow[];
    if (!row) throw new NotFoundException(AccountExportTexts.notFound);
    const view = exportView(row, new Date());
    if (view.status === 'expired') throw new GoneException(AccountExportTexts.gone);
    if (view.status !== 'ready' || !row.storage_key) throw new ConflictException(AccountExportTexts.notReady);
    let stream: Readable;
    try {
      stream = await this.archives.read(row.storage_key);
    } catch (error) {
      if (error instanceof ReportFileMissingError) throw new GoneException(AccountExportTexts.gone);
      throw error;
    }
    await this.authLog.record('data_export_downloaded', caller.id, client);
    return { stream, sizeBytes: Number(row.size_bytes), readyAt: new Date(row.ready_at!) };
  }
}
