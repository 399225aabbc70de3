import type { DataSource } from 'typeorm';
import { SWEEP_GRACE_MS } from '../src/modules/reports/files/report-sweep';

/**
 * Report rows past the sweep's grace period, not yet marked missing, other than `own`: rows other suites aged on the
 * shared database (none, unless one failed before its clean-up), which a sweep marks missing too.
 */
export async function otherAgedReportRows(db: DataSource, own: string[]): Promise<number> {
  const [row] = (await db.query(
    `SELECT COUNT(*) AS n FROM medical_reports WHERE file_missing_at IS NULL AND upload_date < NOW(3) - INTERVAL ${SWEEP_GRACE_MS / 1000} SECOND AND id NOT IN (?)`,
    [own],
  )) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}
