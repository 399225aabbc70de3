/**
 * Every queue and every job, in one place. The worker refuses to boot when a job below has no handler or two.
 * Job payloads carry ids and switches only, never health data.
 */
export const QueueName = { System: 'system', Ai: 'ai' } as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);

export const JobName = { SelfCheck: 'self-check', AiAnswer: 'ai-answer' } as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export const JOB_QUEUE: Readonly<Record<JobName, QueueName>> = {
  [JobName.SelfCheck]: QueueName.System,
  [JobName.AiAnswer]: QueueName.Ai,
};

/** BullMQ refuses ':' and all-digit job ids; one job per AI run, so a re-enqueue or a double click adds nothing. */
export const aiAnswerJobId = (runId: number | string): string => `ai-answer-run-${runId}`;

/** What GET /api/diagnostics/self-check/{id} answers. */
export interface SelfCheckStatus {
  id: string;
  state: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed' | 'unknown';
  result: SelfCheckResult | null;
  failedReason: string | null;
}

export interface SelfCheckResult {
  database: 'up';
  worker: string;
  processedAt: string;
  durationMs: number;
}
