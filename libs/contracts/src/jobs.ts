/**
 * Every queue and every job, in one place. The worker refuses to boot when a job below has no handler or two.
 * Job payloads carry ids and switches only, never health data.
 */
export const QueueName = { System: 'system', Ai: 'ai', Import: 'import', Research: 'research', Mail: 'mail' } as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);

export const JobName = {
  SelfCheck: 'self-check',
  /** One AI answer run (payload: the run id). */
  AiAnswer: 'ai-answer',
  /** The parent of one import batch: runs when every link's child job is done and records the outcome. */
  ImportBatch: 'import-batch',
  /** One link of an import batch (payload: the import row id). */
  ImportUrl: 'import-url',
  /** Deep research: the model proposes the plan of a run. */
  ResearchPlan: 'research-plan',
  /** Deep research: the parent of a run; adds the children of each stage and waits for them. */
  ResearchRun: 'research-run',
  /** Deep research: one step of a run (a search of one source for one sub-question, screening, one extraction…). */
  ResearchStep: 'research-step',
  /** Nightly: re-checks the retraction status of every source cited by a published report. */
  ResearchRecheck: 'research-recheck',
  /** One email of the outbox (payload: the outbox row id; the message itself stays in the database). */
  MailSend: 'mail-send',
  /** Removes one stored report file whose row is gone (payload: the storage key, a random name). */
  ReportFileDelete: 'report-file-delete',
  /** Scheduled: removes stored files without a row and rows without a file, and reports counts. */
  ReportSweep: 'report-sweep',
  /** Scheduled: deletes expired and long-revoked refresh tokens, clears rotated tokens' sealed successors. */
  RefreshTokenPrune: 'refresh-token-prune',
  /** One e-mail for the answers that arrived on one question within the quiet period (payload: the question id). */
  AnswerMail: 'answer-mail',
  /** Scheduled daily: each opted-in expert's list of questions waiting for an expert answer. */
  ExpertDigest: 'expert-digest',
  /** One archive of a person's data for download (payload: the account_exports row id). */
  AccountExport: 'account-export',
  /** Scheduled: deletes expired archives' files and marks their rows expired. */
  AccountExportPrune: 'account-export-prune',
  /** Scheduled: enqueues the erasure of every account whose deletion's grace period has ended. */
  AccountErasureSweep: 'account-erasure-sweep',
  /** Erases one account's personal data in one transaction (payload: the user id only). */
  AccountErasure: 'account-erasure',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export const JOB_QUEUE: Readonly<Record<JobName, QueueName>> = {
  [JobName.SelfCheck]: QueueName.System,
  [JobName.AiAnswer]: QueueName.Ai,
  [JobName.ImportBatch]: QueueName.Import,
  [JobName.ImportUrl]: QueueName.Import,
  [JobName.ResearchPlan]: QueueName.Research,
  [JobName.ResearchRun]: QueueName.Research,
  [JobName.ResearchStep]: QueueName.Research,
  [JobName.ResearchRecheck]: QueueName.Research,
  [JobName.MailSend]: QueueName.Mail,
  [JobName.ReportFileDelete]: QueueName.System,
  [JobName.ReportSweep]: QueueName.System,
  [JobName.RefreshTokenPrune]: QueueName.System,
  [JobName.AnswerMail]: QueueName.Mail,
  [JobName.ExpertDigest]: QueueName.Mail,
  [JobName.AccountExport]: QueueName.System,
  [JobName.AccountExportPrune]: QueueName.System,
  [JobName.AccountErasureSweep]: QueueName.System,
  [JobName.AccountErasure]: QueueName.System,
};

/** One job per outbox row: the relay may enqueue a row again and again, BullMQ keeps one job. */
export const mailJobId = (outboxId: number | string): string => `mail-${outboxId}`;
/** One job per question per quiet period: the window is named by the first answer event it covers. */
export const answerMailJobId = (questionId: number | string, firstEventId: number | string): string => `answer-mail-q${questionId}-e${firstEventId}`;
/** One job per archive: a second POST or the prune's re-enqueue adds nothing. */
export const accountExportJobId = (exportId: string): string => `account-export-${exportId}`;
/** One erasure job per account, however often the sweep finds it due. */
export const accountErasureJobId = (userId: string): string => `account-erasure-${userId}`;
export const reportFileDeleteJobId = (storageKey: string): string => `report-file-${storageKey}`;

/** Every job payload may carry the id of the HTTP request that caused it, for following it through the logs. */
export interface TracedPayload {
  requestId?: string;
}

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
