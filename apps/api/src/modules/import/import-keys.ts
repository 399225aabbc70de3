import { createHash } from 'node:crypto';

/** The link as stored and compared: parsed, without its fragment (same thread, same row). */
export function normalizeImportUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  return url.href;
}

export const urlHash = (normalizedUrl: string): string => createHash('sha256').update(normalizedUrl).digest('hex');

/** 0 stands for "a new question per link"; otherwise the target question's id. */
export const questionScope = (targetQuestionId: number | null): number => targetQuestionId ?? 0;

/**
 * BullMQ job ids from the link's hash and its question scope (BullMQ refuses ':' and all-digit ids), so the same link
 * into the same question is one job; a retry or a paste is a new run of the row with its own id.
 */
export function importUrlJobId(scope: number, hash: string, run: number): string {
  const base = `import-url-q${scope}-${hash.slice(0, 32)}`;
  return run === 0 ? base : `${base}-r${run}`;
}

export const importBatchJobId = (batchId: number): string => `import-batch-${batchId}`;
