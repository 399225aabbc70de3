import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  CreateImportBatchResponse, DEFAULT_IMPORT_CANCER_TYPE, displayCancerType, ImportBatchListResponse, ImportBatchView, IMPORT_BATCHES_PER_PAGE,
  ImportRowView, ImportTexts, Messages,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { QuestionsRepository } from '../questions/questions.repository';
import { ThreadParser } from './extractors/thread-parser';
import { FetchError } from './fetching/fetch-error';
import { ImportJobs } from './import-jobs.service';
import { normalizeImportUrl, questionScope, urlHash } from './import-keys';
import { ImportRepository, ImportRowRecord, toRowView } from './import.repository';
import { CreateImportBatchDto, ListImportBatchesQueryDto } from './dto/import.dto';

/** The admin's side of link import: batches in, rows out; the jobs do the fetching. */
@Injectable()
export class ImportService {
  private readonly logger = new Logger('import');

  constructor(
    private readonly repo: ImportRepository,
    private readonly jobs: ImportJobs,
    @Inject(QuestionsRepository) private readonly questions: QuestionsRepository,
    @Inject(ThreadParser) private readonly parser: ThreadParser,
  ) {}

  async create(caller: AuthenticatedUser, dto: CreateImportBatchDto): Promise<CreateImportBatchResponse> {
    const targetQuestionId = dto.question_id ?? null;
    let cancerType = displayCancerType(dto.cancer_type ?? DEFAULT_IMPORT_CANCER_TYPE);
    if (targetQuestionId !== null) {
      const question = await this.questions.row(targetQuestionId);
      if (!question) throw new NotFoundException(Messages.errors.questionNotFound);
      cancerType = displayCancerType(question.cancer_type);
    }
    const links = [...new Map(dto.urls.map((u) => normalizeImportUrl(u)).map((url) => [url, { url, hash: urlHash(url) }])).values()];
    const scope = questionScope(targetQuestionId);
    const { batchId, created, existing } = await this.repo.createBatch({ createdBy: caller.id, cancerType, targetQuestionId }, links, scope);
    if (batchId !== null) {
      try {
        await this.jobs.enqueueBatch(batchId, created);
      } catch (error) {
        // The rows stay, failed, so Retry can queue them once the queue is back.
        this.logger.error({ batchId, err: error instanceof Error ? error.message : String(error), msg: 'import batch not queued' });
        for (const row of created) await this.repo.progress(row.id, { status: 'failed', error_reason: 'Could not queue the import' });
      }
    }
    return { batch: batchId === null ? null : (await this.repo.batch(batchId))!, already_imported: existing.map(toRowView) };
  }

  async list(query: ListImportBatchesQueryDto): Promise<ImportBatchListResponse> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? IMPORT_BATCHES_PER_PAGE;
    const { items, total } = await this.repo.batches(page, perPage, query.question_id ?? null);
    return { items, page, per_page: perPage, total };
  }

  async batch(id: number): Promise<ImportBatchView> {
    const batch = await this.repo.batch(id);
    if (!batch) throw new NotFoundException(ImportTexts.batchNotFound);
    return batch;
  }

  async row(id: number): Promise<ImportRowView> {
    return toRowView(await this.record(id));
  }

  async retry(id: number): Promise<ImportRowView> {
    const row = await this.record(id);
    const run = await this.repo.restart(id, ['failed'], null);
    if (run === null) throw new ConflictException(ImportTexts.notFailed);
    await this.jobs.enqueueRun(row, run);
    return this.row(id);
  }

  /**
   * The pasted thread is checked here first, so a paste without a title or replies is refused at once; it is read
   * in the parser's worker thread, so a hostile paste cannot stall other requests.
   */
  async paste(id: number, text: string): Promise<ImportRowView> {
    const row = await this.record(id);
    if (row.status !== 'paste_needed') throw new ConflictException(ImportTexts.notPasteNeeded);
    try {
      await this.parser.parse({ kind: 'paste', text, url: row.url });
    } catch (error) {
      if (error instanceof FetchError) throw new BadRequestException(error.reason);
      throw error;
    }
    const run = await this.repo.restart(id, ['paste_needed'], text);
    if (run === null) throw new ConflictException(ImportTexts.notPasteNeeded);
    await this.jobs.enqueueRun(row, run);
    return this.row(id);
  }

  private async record(id: number): Promise<ImportRowRecord> {
    const row = await this.repo.row(id);
    if (!row) throw new NotFoundException(ImportTexts.rowNotFound);
    return row;
  }
}
