import {
  Controller, Delete, Get, HttpCode, Inject, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Query, Req, Res, StreamableFile,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBody, ApiConsumes, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse,
  ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse, ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Messages, REPORT_CONTENT_TYPES, ReportTexts } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import { contentDisposition } from './content-disposition';
import { DeleteReportQueryDto, DownloadReportQueryDto, ListReportsQueryDto, MedicalReportDto, UPLOAD_BODY_SCHEMA } from './dto/reports.dto';
import { ReportsService } from './reports.service';
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
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A malformed or interrupted body, a wrong field, a missing report type or file, or (staff) no valid user_id.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'A patient naming another patient: patients reach only their own reports.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'The patient has no patient record.' })
  @ApiPayloadTooLargeResponse({ type: ApiErrorDto, description: "The file is over the size limit, or the patient's report quota is full." })
  @ApiUnsupportedMediaTypeResponse({ type: ApiErrorDto, description: 'Not multipart, or not a PDF, JPG or PNG (judged by content).' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many uploads in a short time.' })
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
    // A refusal leaves the rest of the body unread, and its answer closes the connection (registerCloseOnEarlyRefusal).
    const report = await this.reports.upload(caller, request.parts(), client.ip);
    stopWatching();
    return report;
  }

  @Get('medical-reports')
  @Roles('patient', 'expert', 'admin')
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Staff must name the patient (user_id or patient_id).' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'A patient naming another patient: patients reach only their own reports.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Patient not found.' })
  @ApiOperation({ summary: "A patient's reports, newest first: a patient's own; experts and admins name the patient" })
  @ApiOkResponse({ type: [MedicalReportDto] })
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListReportsQueryDto, @Client() client: ClientInfo): Promise<MedicalReportDto[]> {
    return this.reports.list(caller, query, client.ip);
  }

  @Delete('medical-reports/:id')
  @Roles('patient', 'admin')
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "Report not found (also for another patient's report, and a malformed id)." })
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
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "Report not found (also for another patient's report, and a malformed id)." })
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
