import type { ReportStorage } from '../storage/report-storage';

/** Counts only: the sweep never reports names, keys or patients. */
export interface ReportSweepResult {
  checkedFiles: number;
  filesRemoved: number;
  partialFilesRemoved: number;
  rowsMarkedMissing: number;
  rowsMissingTotal: number;
}

/** What the sweep needs from the database, as plain queries (tested against MariaDB in the integration test). */
export interface ReportRows {
  /** Which of `keys` have a row. */
  existingKeys(keys: string[]): Promise<Set<string>>;
  /** Rows not yet marked missing, in pages by id. */
  rowsAfter(afterId: string, limit: number): Promise<Array<{ id: string; storageKey: string }>>;
  markMissing(ids: string[]): Promise<void>;
  missingTotal(): Promise<number>;
}

/** Files and rows younger than this are left alone: an upload writes its file first and its row a moment later. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes stored files that no row points at (a report or patient deleted while the removal job was lost, say) and
 * unfinished uploads, and marks rows whose file is gone (`file_missing_at`; the row stays, since it is part of the
 * patient's record, and its download answers that the file is missing). Safe to run twice at once.
 */
export async function sweepReports(storage: ReportStorage, rows: ReportRows, now = new Date(), signal?: AbortSignal): Promise<ReportSweepResult> {
  const cutoff = new Date(now.getTime() - SWEEP_GRACE_MS);
  const result: ReportSweepResult = { checkedFiles: 0, filesRemoved: 0, partialFilesRemoved: 0, rowsMarkedMissing: 0, rowsMissingTotal: 0 };
  const seen = new Set<string>();

  let batch: string[] = [];
  const flush = async () => {
    const kept = await rows.existingKeys(batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      result.filesRemoved++;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    signal?.throwIfAborted();
    result.checkedFiles++;
    seen.add(object.key);
    if (object.modifiedAt < cutoff) batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  result.partialFilesRemoved = await storage.removeStalePartials(cutoff);

  let afterId = '';
  for (;;) {
    signal?.throwIfAborted();
    const page = await rows.rowsAfter(afterId, BATCH);
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    const missing: string[] = [];
    // A row made after the listing began has a file the listing did not see: ask the storage before marking it.
    for (const row of page) if (!seen.has(row.storageKey) && !(await storage.exists(row.storageKey))) missing.push(row.id);
    if (missing.length > 0) await rows.markMissing(missing);
    result.rowsMarkedMissing += missing.length;
  }
  result.rowsMissingTotal = await rows.missingTotal();
  return result;
}
