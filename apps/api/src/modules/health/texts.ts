/** What /api/health says of the worker when none (or not every queue's) is taking jobs. */
export const WORKER_MESSAGES = {
  none: 'No worker is running: questions are accepted but no answers, imports, research or emails are produced until one starts.',
  partial: 'Some queues have no worker: their jobs wait until one starts.',
  unknown: 'Could not read the worker list from Redis.',
} as const;
