import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { isLockWaitTimeout, retryOnDeadlock } from './retry-deadlock';

/** A statement's shape without its data: every quoted string and number becomes `?` (the log never carries values). */
export function statementDigest(sql: string | null | undefined): string | null {
  if (!sql) return null;
  return sql
    .replace(/(?:(?<!\w)[xb])?'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"/gi, '?')
    .replace(/\b0x[0-9a-f]+\b|\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

interface BlockerRow {
  blocking_thread: number | string;
  blocking_age_s: number | string;
  blocking_query: string | null;
  blocking_state: string;
  lock_table: string;
  lock_mode: string;
  lock_type: string;
  blocking_tables_locked: number | string;
  blocking_rows_locked: number | string;
}

// MariaDB 10.11 still has INNODB_LOCKS and INNODB_LOCK_WAITS (MySQL 8 moved them to performance_schema.data_lock*).
const BLOCKERS = `
SELECT b.trx_mysql_thread_id AS blocking_thread, TIMESTAMPDIFF(SECOND, b.trx_started, NOW()) AS blocking_age_s,
       b.trx_query AS blocking_query, b.trx_state AS blocking_state, l.lock_table, l.lock_mode, l.lock_type,
       b.trx_tables_locked AS blocking_tables_locked, b.trx_rows_locked AS blocking_rows_locked
  FROM information_schema.INNODB_LOCK_WAITS w
  JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id
  JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id
  JOIN information_schema.INNODB_LOCKS l ON l.lock_id = w.blocking_lock_id
 WHERE r.trx_mysql_thread_id = ?`;

/**
 * A request's transaction: short, with a short lock wait (DB_LOCK_WAIT_TIMEOUT_S, set for the session, so a request
 * never waits out InnoDB's 50 s), a deadlock run again once, a wait past DB_LOCK_WAIT_LOG_MS logged with what blocks
 * it, and a lock wait that times out answered 503 'Please try again'. The work must not await anything but its queries.
 */
@Injectable()
export class RequestTransactions {
  private readonly logger = new Logger('lock-waits');

  constructor(private readonly ds: DataSource, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async run<T>(label: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const { dbLockWaitTimeoutS, dbLockWaitLogMs } = this.config.ops;
    try {
      return await retryOnDeadlock(() => this.ds.transaction('READ COMMITTED', async (manager) => {
        const [{ id }] = (await manager.query('SELECT CONNECTION_ID() AS id')) as { id: number | string }[];
        await manager.query('SET SESSION innodb_lock_wait_timeout = ?', [dbLockWaitTimeoutS]);
        const watch = setTimeout(() => void this.logBlockers(label, Number(id), dbLockWaitLogMs), dbLockWaitLogMs);
        try {
          return await work(manager);
        } finally {
          clearTimeout(watch);
        }
      }), 2);
    } catch (error) {
      if (isLockWaitTimeout(error)) {
        this.logger.warn({ transaction: label, waitedS: dbLockWaitTimeoutS, msg: 'lock wait timed out: answered 503' });
        throw new ServiceUnavailableException(Messages.platform.busy);
      }
      throw error;
    }
  }

  /** What holds the locks this connection waits for, read from another connection; nothing when it is no longer waiting. */
  private async logBlockers(label: string, connectionId: number, afterMs: number): Promise<void> {
    try {
      const rows = (await this.ds.query(BLOCKERS, [connectionId])) as BlockerRow[];
      for (const row of rows) {
        this.logger.warn({
          transaction: label, waitingMs: afterMs, blockingThread: Number(row.blocking_thread), blockingAgeS: Number(row.blocking_age_s),
          blockingState: row.blocking_state, blockingStatement: statementDigest(row.blocking_query) ?? '(idle in transaction)',
          lockTable: row.lock_table, lockMode: row.lock_mode, lockType: row.lock_type,
          blockingTablesLocked: Number(row.blocking_tables_locked), blockingRowsLocked: Number(row.blocking_rows_locked),
          msg: 'request transaction waits for a lock',
        });
      }
    } catch (error) {
      // Reading information_schema's lock tables needs the PROCESS privilege; without it the wait still ends in a 503.
      this.logger.warn({ transaction: label, err: (error as { code?: string }).code ?? 'error', msg: 'could not read what blocks a lock wait' });
    }
  }
}
