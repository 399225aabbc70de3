import {
  Controller, Delete, Get, HttpCode, Inject, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Query, Req, Res, StreamableFile,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags,
} from '@nestjs/swagger';
import { Messages, REPORT_CONTENT_TYPES, ReportTexts } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import { contentDisposition } from './content-disposition';
import { DeleteReportQueryDto, DownloadReportQueryDto, ListReportsQueryDto, MedicalReportDto, UPLOAD_BODY_SCHEMA } from './dto/reports.dto';
import { ReportsService } from './reports.service';
import { discardRestOfBody } from './upload/discard-rest';
import { cutOffStalledBody } from './upload/stalled-body';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';

/** Unknown or malformed ids answer as missing reports. */
const reportIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(Messages.validation.reportNotFound) });

@ApiTags('medical reports')
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post('upload')
  @Roles('patient', 'admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Upload one medical report (multipart; text fields before the file)',
    description: "413 'File is too large. Maximum allowed size is 15MB.'; 415 'Invalid file type. Only PDF, JPG, JPEG, and PNG files are allowed.' (judged by content).",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MedicalReportDto })
  async upload(@CurrentUser() caller: AuthenticatedUser, @Req() request: FastifyRequest, @Client() client: ClientInfo): Promise<MedicalReportDto> {
    if (!request.isMultipart()) throw new UnsupportedMediaTypeException(ReportTexts.multipartRequired);
    const stopWatching = cutOffStalledBody(request.raw, this.config.ops.uploadIdleTimeoutMs);
    try {
      const report = await this.reports.upload(caller, request.parts(), client.ip);
      stopWatching();
      return report;
    } catch (error) {
      // Still watched: a client that stops sending while the rest of its refused body is discarded is cut off too.
      discardRestOfBody(request.raw);
      throw error;
    }
  }

  @Get('medical-reports')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "A patient's reports, newest first: a patient's own; experts and admins name the patient" })
  @ApiOkResponse({ type: [MedicalReportDto] })
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListReportsQueryDto, @Client() client: ClientInfo): Promise<MedicalReportDto[]> {
    return this.reports.list(caller, query, client.ip);
  }

  @Delete('medical-reports/:id')
  @Roles('patient', 'admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a report and its file (the patient, or an admin editing the profile)' })
  @ApiNoContentResponse()
  async remove(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', reportIdPipe) id: string, @Query() query: DeleteReportQueryDto,
    @Client() client: ClientInfo,
  ): Promise<void> {
    await this.reports.remove(caller, id, query.patient_id, client.ip);
  }

  @Get('medical-reports/:id/file')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'The report file itself (bearer token required; the web fetches it and opens a blob URL)' })
  @ApiProduces(...REPORT_CONTENT_TYPES)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async file(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', reportIdPipe) id: string, @Query() query: DownloadReportQueryDto,
    @Client() client: ClientInfo, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { report, stream } = await this.reports.download(caller, id, client.ip);
    void reply.headers({
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      // The bytes are a PDF or an image (checked at upload); nothing in them may load or run anything else.
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    });
    return new StreamableFile(stream, {
      type: report.contentType,
      length: report.fileSize,
      disposition: contentDisposition(query.download ? 'attachment' : 'inline', report.fileName),
    });
  }
}
