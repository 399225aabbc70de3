/**
 * Shared by the modules' recovery passes (issue 46): the database is the record of accepted work, and each module
 * re-enqueues, under the same deterministic job id, the work whose job Redis no longer has.
 */

/** Rows changed more recently than this are the enqueuer's own (it writes the row, then adds the job). */
export const RECOVERY_GRACE_MS = 5000;
/** Rows looked at per pass and module; the next pass goes on after the last id. */
export const RECOVERY_BATCH = 200;

/**
 * Walks a table's candidate rows by id, one bounded batch per pass, so every row is looked at within a few passes
 * however many there are; after a short batch it starts again from the lowest id.
 */
export class RecoveryCursor {
  private after = 0;

  /** The id this pass reads after. */
  next(): number {
    return this.after;
  }

  advance(ids: readonly number[]): void {
    this.after = ids.length < RECOVERY_BATCH ? 0 : ids[ids.length - 1]!;
  }
}
