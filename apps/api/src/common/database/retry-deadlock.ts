/** InnoDB chose this transaction as a deadlock's victim and rolled it back: running it again is safe. */
export const isDeadlock = (error: unknown): boolean => {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.driverError?.code === 'ER_LOCK_DEADLOCK';
};

/**
 * Runs a whole transaction again when InnoDB rolled it back as a deadlock's victim (concurrent inserts into tables
 * with unique keys can meet that way under a burst), at most `attempts` times in all, with a short random pause.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}

/** InnoDB gave up waiting for a row lock (innodb_lock_wait_timeout): the request may be tried again. */
export const isLockWaitTimeout = (error: unknown): boolean => {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === 'ER_LOCK_WAIT_TIMEOUT' || e?.driverError?.code === 'ER_LOCK_WAIT_TIMEOUT';
};
