import {
  BadRequestException, ForbiddenException, HttpException, Injectable, Logger, NotFoundException, PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Multipart } from '@fastify/multipart';
import {
  MedicalReport, MedicalReportListQuery, Messages, normalizeReportType, ReportContentType, ReportTexts, ReportType,
  UploadFields,
} from '@cqa/contracts';
import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { DataSource, Repository } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { RequestTransactions } from '../../common/database/request-transaction';
import { PatientAccess, PatientRef } from '../profiles/patient-access.service';
import { MedicalReportEntity } from './entities/medical-report.entity';
import { ReportFiles } from './files/report-files.processor';
import { newStorageKey, ReportFileMissingError, ReportStorage, ReportTooLargeError } from './storage/report-storage';
import { ContentSniffer, InvalidReportFileTypeError } from './upload/content-sniffer';
import { cleanFileName } from './upload/file-name';
import { UploadLimits } from './upload/upload-limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StoredUpload {
  key: string;
  size: number;
  sha256: string;
  contentType: ReportContentType;
  fileName: string;
  reportType: ReportType;
  patientId: string;
}

export interface ReportDownload {
  report: MedicalReportEntity;
  stream: Readable;
}

export function toMedicalReport(entity: MedicalReportEntity): MedicalReport {
  return {
    id: entity.id,
    file_name: entity.fileName,
    report_type: entity.reportType,
    upload_date: entity.uploadDate.toISOString(),
    file_size: entity.fileSize,
    content_type: entity.contentType,
    sha256: entity.sha256,
  };
}

/**
 * Who reaches which report (spec section 6): a patient only their own; experts and admins read any patient's; only the
 * patient and admins (editing the profile) add or delete. Reads and changes by anyone but the patient go to the
 * profile access audit trail. File names are health data: they are stored and returned, never logged.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    @InjectRepository(MedicalReportEntity) private readonly reports: Repository<MedicalReportEntity>,
    private readonly storage: ReportStorage,
    private readonly access: PatientAccess,
    private readonly files: ReportFiles,
    private readonly dataSource: DataSource,
    private readonly limits: UploadLimits,
    private readonly transactions: RequestTransactions,
  ) {}

  /**
   * Streams the one file part of a multipart upload to storage (type proven by its first bytes, size metered) and
   * records it only once the whole request has been read: a refused, failed or interrupted upload keeps nothing.
   */
  async upload(caller: AuthenticatedUser, parts: AsyncIterableIterator<Multipart>, ip: string | null): Promise<MedicalReport> {
    const fields = new Map<string, string>();
    let stored: StoredUpload | null = null;
    let unread: Readable | null = null;
    let recorded = false;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!stored) fields.set(part.fieldname, String(part.value));
          continue;
        }
        unread = part.file;
        if (part.fieldname !== UploadFields.file) throw new BadRequestException(ReportTexts.fileFieldName);
        // A form sent with no file chosen carries an empty, nameless file part.
        if (!part.filename) {
          part.file.resume();
          unread = null;
          continue;
        }
        const patient = await this.uploadTarget(caller, fields.get(UploadFields.userId));
        const reportType = normalizeReportType(fields.get(UploadFields.reportType));
        if (!reportType) throw new BadRequestException(ReportTexts.reportTypeInvalid);

        await this.limits.countUpload(patient.id, caller.id);
        const room = this.limits.roomFor(await this.limits.use(this.dataSource.manager, patient.id));

        const sniffer = new ContentSniffer();
        // pipeline() carries a failure either way: a dropped request fails the sniffer, a refused write stops the part.
        const source = pipeline(part.file, sniffer, () => undefined);
        unread = null;
        const key = newStorageKey();
        const written = await this.storage.write(key, source, { maxBytes: room }).catch((error: unknown) => {
          throw error instanceof ReportTooLargeError && this.limits.quotaIsTighter(room) ? this.limits.overBytes() : error;
        });
        stored = {
          key, ...written, contentType: sniffer.contentType, fileName: cleanFileName(part.filename, sniffer.contentType), reportType,
          patientId: patient.id,
        };
      }
      if (!stored) throw new BadRequestException(Messages.errors.noFileOrUser);

      const id = randomUUID();
      await this.access.recordAccess({ actor: caller, patientId: stored.patientId, action: 'report.upload', ip, detail: id });
      const entity = this.reports.create({
        id, patientId: stored.patientId, uploadedBy: caller.id, fileName: stored.fileName, storageKey: stored.key,
        reportType: stored.reportType, contentType: stored.contentType, fileSize: stored.size, sha256: stored.sha256,
        uploadDate: new Date(),
      });
      const upload = stored;
      await this.transactions.run('report.upload', async (manager) => {
        // Two uploads running at once both passed the first check: the patient's row lock makes the second one see the first.
        this.limits.checkStill(await this.limits.use(manager, upload.patientId, true), upload.size);
        await manager.insert(MedicalReportEntity, entity).catch((error: { code?: string }) => {
          // The driver's error carries the query parameters, the file name among them: it must not reach a log.
          // Its code stays, so a deadlock is run again and a lock wait that timed out answers 503 (RequestTransactions).
          throw Object.assign(new Error(`Could not record an uploaded report (${error.code ?? 'database error'}).`), { code: error.code });
        });
      });
      recorded = true;
      return toMedicalReport(entity);
    } catch (error) {
      unread?.destroy();
      if (stored && !recorded) await this.discard(stored.key);
      throw uploadError(error);
    }
  }

  async list(caller: AuthenticatedUser, query: MedicalReportListQuery, ip: string | null): Promise<MedicalReport[]> {
    const patient = await this.listTarget(caller, query);
    await this.access.recordAccess({ actor: caller, patientId: patient.id, action: 'report.list', ip });
    const rows = await this.reports.find({ where: { patientId: patient.id }, order: { uploadDate: 'DESC', id: 'ASC' } });
    return rows.map(toMedicalReport);
  }

  /** The file of a report the caller may see; 'Report not found' for anything else, existing or not. */
  async download(caller: AuthenticatedUser, id: string, ip: string | null): Promise<ReportDownload> {
    const report = await this.visibleReport(caller, id);
    await this.access.recordAccess({ actor: caller, patientId: report.patientId, action: 'report.download', ip, detail: report.id });
    try {
      return { report, stream: await this.storage.read(report.storageKey) };
    } catch (error) {
      if (!(error instanceof ReportFileMissingError)) throw error;
      this.logger.warn(`Report ${report.id} has a row but no stored file.`);
      throw new NotFoundException(Messages.validation.reportNotFound);
    }
  }

  /** Removes row and file together: if the file cannot be removed the row stays, so nothing points nowhere. */
  async remove(caller: AuthenticatedUser, id: string, patientId: string | undefined, ip: string | null): Promise<void> {
    const report = await this.visibleReport(caller, id);
    if (patientId !== undefined && patientId !== report.patientId) throw new NotFoundException(Messages.validation.reportNotFound);
    await this.access.recordAccess({ actor: caller, patientId: report.patientId, action: 'report.delete', ip, detail: report.id });
    await this.reports.delete({ id: report.id });
    // The file goes in a job of its own (retried; the sweep catches a lost one), so a slow store never holds this.
    await this.files.removeFiles([report.storageKey]);
  }

  private ownPatient(userId: string): Promise<PatientRef | null> {
    return this.access.findRecord({ userId });
  }

  private async uploadTarget(caller: AuthenticatedUser, userId: string | undefined): Promise<PatientRef> {
    if (caller.role === 'patient') {
      if (userId !== undefined && userId !== caller.id) throw new ForbiddenException(Messages.portal.reportsPatientOnly);
      const own = await this.ownPatient(caller.id);
      if (!own) throw new NotFoundException(Messages.errors.patientNotFound);
      return own;
    }
    if (!userId) throw new BadRequestException(ReportTexts.userIdRequired);
    if (!UUID.test(userId)) throw new BadRequestException(ReportTexts.userIdInvalid);
    const patient = await this.ownPatient(userId);
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return patient;
  }

  private async listTarget(caller: AuthenticatedUser, query: MedicalReportListQuery): Promise<PatientRef> {
    if (caller.role === 'patient') {
      const own = await this.ownPatient(caller.id);
      const othersUser = query.user_id !== undefined && query.user_id !== caller.id;
      const othersRecord = query.patient_id !== undefined && query.patient_id !== own?.id;
      if (othersUser || othersRecord) throw new ForbiddenException(Messages.portal.reportsPatientOnly);
      if (!own) throw new NotFoundException(Messages.errors.patientNotFound);
      return own;
    }
    if (!query.user_id && !query.patient_id) throw new BadRequestException(ReportTexts.whoseReports);
    const patient = await this.access.findRecord({ userId: query.user_id, id: query.patient_id });
    if (!patient) throw new NotFoundException(Messages.errors.patientNotFound);
    return patient;
  }

  /** Experts and admins see every report; a patient only their own (another's answers exactly as a missing one). */
  private async visibleReport(caller: AuthenticatedUser, id: string): Promise<MedicalReportEntity> {
    const report = await this.reports.findOneBy({ id });
    if (!report) throw new NotFoundException(Messages.validation.reportNotFound);
    if (caller.role === 'patient') {
      const own = await this.ownPatient(caller.id);
      if (own?.id !== report.patientId) throw new NotFoundException(Messages.validation.reportNotFound);
    }
    return report;
  }

  private async discard(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.error(`Could not remove the stored file of a failed upload (key ${key}): ${(error as Error).message}`);
    }
  }
}

/** Our texts for what went wrong with an upload; anything unexpected stays a 500. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof ReportTooLargeError) return new PayloadTooLargeException(Messages.validation.fileTooLarge);
  if (error instanceof InvalidReportFileTypeError) return new UnsupportedMediaTypeException(Messages.validation.invalidFileType);
  switch ((error as { code?: unknown })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeException(Messages.validation.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return new BadRequestException(ReportTexts.oneFileOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new BadRequestException(ReportTexts.tooManyFields);
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return new BadRequestException(ReportTexts.interrupted);
  }
  if (error instanceof Error && /Unexpected end of (form|multipart data)|Part terminated early/i.test(error.message)) {
    return new BadRequestException(ReportTexts.interrupted);
  }
  // busboy's own complaints about the form itself (no boundary, broken headers).
  if (error instanceof Error && /^(Multipart|Malformed)/i.test(error.message)) return new BadRequestException(ReportTexts.malformed);
  return error;
}
