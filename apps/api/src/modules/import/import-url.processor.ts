import { Injectable, Logger } from '@nestjs/common';
import { displayCancerType, ImportedThread, ImportTexts, JobName, Messages, QUESTION_MAX_LENGTH } from '@cqa/contracts';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { OnJob } from '../../queues/job-handler.decorator';
import { AnswersRepository } from '../answers/answers.repository';
import { QuestionsRepository } from '../questions/questions.repository';
import { storedCancerType } from '../questions/questions.service';
import { AiAnswersService } from '../answers/ai/ai-answers.service';
import { ThreadFetcher } from './extractors/thread-fetcher';
import { FetchError } from './fetching/fetch-error';
import type { ImportBatchPayload, ImportUrlPayload } from './import-jobs.service';
import { ImportRepository, ImportRowRecord } from './import.repository';

export interface ImportUrlResult {
  rowId: number;
  status: ImportRowRecord['status'];
  questionId: number | null;
  answers: number;
}

/** The question an imported thread becomes: its title, then its own text when it has one. */
export function importedQuestionText(thread: ImportedThread): string {
  const text = thread.body ? `${thread.title}\n\n${thread.body}` : thread.title;
  return text.length > QUESTION_MAX_LENGTH ? `${text.slice(0, QUESTION_MAX_LENGTH - 1)}…` : text;
}

/**
 * One link of an import batch: fetch and extract the thread → its question (new, with the batch's cancer type, or the
 * batch's target) → one community answer per reply → an AI answer for a new question → saved. Each step is recorded
 * on the row (status, stage) for the Import tab and as job progress for the dashboard. Re-delivery repeats nothing:
 * the question id is written with the question in one transaction, answers are keyed by the row and reply position,
 * and the AI run id is kept.
 */
@Injectable()
export class ImportUrlProcessor {
  private readonly logger = new Logger('import');

  constructor(
    private readonly rows: ImportRepository,
    private readonly threads: ThreadFetcher,
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly ai: AiAnswersService,
  ) {}

  @OnJob(JobName.ImportUrl)
  async run(job: Job<ImportUrlPayload>): Promise<ImportUrlResult> {
    const row = await this.rows.row(job.data.rowId);
    if (!row) throw new UnrecoverableError(ImportTexts.rowNotFound);
    const result = (status: ImportRowRecord['status'], answers = row.answers_created): ImportUrlResult =>
      ({ rowId: row.id, status, questionId: row.question_id, answers });
    if (row.status === 'saved') return result('saved');
    if (row.status === 'paste_needed' && row.paste_pending) return result('paste_needed');

    const step = async (status: ImportRowRecord['status'], stage: string, done: number) => {
      await this.rows.progress(row.id, { status, stage });
      await job.updateProgress({ stage, done, total: 4 });
    };

    let thread: ImportedThread;
    try {
      await step('fetching', row.pasted_text ? 'Reading the pasted text' : 'Fetching the page', 0);
      if (row.pasted_text) {
        thread = await this.threads.paste(row.pasted_text, row.url);
      } else {
        const extraction = await this.threads.extract(row.url);
        if (extraction.mode === 'paste') {
          await this.rows.progress(row.id, { status: 'paste_needed', stage: null, error_reason: extraction.reason, paste_pending: true });
          await job.updateProgress({ stage: 'paste needed', done: 1, total: 1 });
          return result('paste_needed');
        }
        thread = extraction.thread;
      }
    } catch (error) {
      throw await this.fetchFailed(job, row, error);
    }

    try {
      await step('answering', 'Saving the question and answers', 1);
      const questionId = await this.questionFor(row, thread);
      row.question_id = questionId;
      const answers = await this.answers.insertImportedCommunity(questionId, row.id, thread.replies);
      await this.rows.progress(row.id, { answers_created: answers });
      await step('answering', 'Requesting the AI answer', 3);
      const ai = row.target_question_id === null ? await this.requestAi(row, questionId) : {};
      await this.rows.progress(row.id, { status: 'saved', stage: null, error_reason: null, paste_pending: false, ...ai });
      await job.updateProgress({ stage: 'saved', done: 4, total: 4 });
      return result('saved', answers);
    } catch (error) {
      if (isMissingQuestion(error)) {
        await this.rows.progress(row.id, { status: 'failed', stage: null, error_reason: Messages.errors.questionNotFound });
        throw new UnrecoverableError(Messages.errors.questionNotFound);
      }
      if (this.isLastAttempt(job)) await this.rows.progress(row.id, { status: 'failed', stage: null, error_reason: 'Could not save the import' });
      throw error;
    }
  }

  /** The parent of a batch runs when every link is done: the batch is finished, the counts are its result. */
  @OnJob(JobName.ImportBatch)
  async finishBatch(job: Job<ImportBatchPayload>): Promise<{ saved: number; failed: number; paste: number }> {
    return this.rows.finishBatch(job.data.batchId);
  }

  /** The target question, the one an earlier delivery made, or a new one recorded on the row in the same transaction. */
  private async questionFor(row: ImportRowRecord, thread: ImportedThread): Promise<number> {
    if (row.target_question_id !== null) {
      if (!(await this.questions.row(row.target_question_id))) throw new MissingQuestion();
      await this.rows.progress(row.id, { question_id: row.target_question_id });
      return row.target_question_id;
    }
    return this.rows.ds.transaction('READ COMMITTED', async (manager) => {
      const [locked] = (await manager.query('SELECT question_id FROM import_rows WHERE id = ? FOR UPDATE', [row.id])) as { question_id: number | string | null }[];
      if (locked?.question_id != null && (await this.questions.row(Number(locked.question_id), manager))) return Number(locked.question_id);
      const id = await this.questions.insert(
        { text: importedQuestionText(thread), cancerType: storedCancerType(displayCancerType(row.cancer_type)), userId: row.created_by, patientId: null },
        manager,
      );
      await this.rows.progress(row.id, { question_id: id }, manager);
      return id;
    });
  }

  /** An AI answer for a new question, once; without a provider the row says why there is none. */
  private async requestAi(row: ImportRowRecord, questionId: number): Promise<{ ai_run_id?: number; ai_note?: string | null }> {
    if (row.ai_run_id !== null) return {};
    if (!this.ai.isConfigured()) return { ai_note: ImportTexts.aiNotConfigured };
    try {
      const { runId } = await this.ai.requestAnswer(questionId, { requestedBy: row.created_by, trigger: 'import' });
      return { ai_run_id: runId, ai_note: null };
    } catch (error) {
      this.logger.warn({ rowId: row.id, err: error instanceof Error ? error.message : String(error), msg: 'AI answer not requested' });
      return { ai_note: `AI answer not requested: ${error instanceof Error ? error.message : 'error'}`.slice(0, 300) };
    }
  }

  /**
   * What a failed fetch does to the job: a 429 waits for the site's Retry-After without spending an attempt; a
   * transient failure (timeout, 5xx, unreachable) is retried with backoff; anything else ends the row with its reason.
   */
  private async fetchFailed(job: Job, row: ImportRowRecord, error: unknown): Promise<Error> {
    if (!(error instanceof FetchError)) {
      if (this.isLastAttempt(job)) await this.rows.progress(row.id, { status: 'failed', stage: null, error_reason: 'Could not read the page' });
      return error instanceof Error ? error : new Error(String(error));
    }
    if (error.code === 'rate_limited' && error.retryAfterMs !== null && job.token) {
      const waitMs = error.retryAfterMs;
      await this.rows.progress(row.id, { status: 'queued', stage: `${error.reason}: trying again in ${Math.ceil(waitMs / 1000)} s` });
      await job.moveToDelayed(Date.now() + waitMs, job.token);
      return new DelayedError();
    }
    if (error.transient && !this.isLastAttempt(job)) {
      await this.rows.progress(row.id, { status: 'queued', stage: `${error.reason}: trying again shortly` });
      return error;
    }
    await this.rows.progress(row.id, { status: 'failed', stage: null, error_reason: error.reason });
    return new UnrecoverableError(error.reason);
  }

  private isLastAttempt(job: Job): boolean {
    return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  }
}

class MissingQuestion extends Error {}

const isMissingQuestion = (error: unknown) =>
  error instanceof MissingQuestion || (error instanceof Error && 'status' in error && (error as { status?: number }).status === 404);
