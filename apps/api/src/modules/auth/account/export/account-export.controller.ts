import { Controller, Get, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiConflictResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AccountExportResponse, AccountExportStartResponse, AccountExportTexts } from '@cqa/contracts';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../../common/access/access.guard';
import { Client, ClientInfo } from '../../../../common/access/client-info';
import { CurrentUser } from '../../../../common/access/current-user';
import { ApiErrorDto } from '../../../../common/http/api-error.dto';
import { AccountExportResponseDto, AccountExportStartResponseDto } from './account-export.dto';
import { AccountExportService } from './account-export.service';

const exportIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(AccountExportTexts.notFound) });

/** "Download my data" (issue 44 item 3): every signed-in user, on their own account only. */
@ApiTags('account')
@Controller('account/export')
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Post()
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "Start preparing an archive of the caller's data (a background job; an e-mail tells when it is ready). One already being prepared is answered instead (200)." })
  @ApiAcceptedResponse({ type: AccountExportStartResponseDto, description: 'A new archive is being prepared.' })
  @ApiOkResponse({ type: AccountExportStartResponseDto, description: 'An archive was already being prepared: that one.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'ACCOUNT_EXPORTS_PER_DAY archives in the last 24 hours already.' })
  async start(
    @CurrentUser() caller: AuthenticatedUser, @Client() client: ClientInfo, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountExportStartResponse> {
    const { export: started, created } = await this.exports.start(caller, client);
    void reply.status(created ? HttpStatus.ACCEPTED : HttpStatus.OK);
    return { export: started, message: created ? AccountExportTexts.started : AccountExportTexts.alreadyPreparing };
  }

  @Get()
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "The caller's latest archive and its state (the account page polls it while it is being prepared); null when none." })
  @ApiOkResponse({ type: AccountExportResponseDto })
  async latest(@CurrentUser() caller: AuthenticatedUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<AccountExportResponse> {
    void reply.header('cache-control', 'private, no-store');
    return { export: await this.exports.latest(caller) };
  }

  @Get(':id/file')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "The archive itself (ZIP), for its signed-in owner only; the web fetches it with the bearer token. Each download is written to the sign-in log." })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "No such archive of the caller's (also another user's archive, and a malformed id)." })
  @ApiGoneResponse({ type: ApiErrorDto, description: 'The archive has expired and its file was deleted.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The archive is still being prepared, or failed.' })
  async file(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', exportIdPipe) id: string, @Client() client: ClientInfo, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { stream, sizeBytes, readyAt } = await this.exports.open(caller, id, client);
    void reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    const name = AccountExportTexts.fileName.replace('.zip', `-${readyAt.toISOString().slice(0, 10)}.zip`);
    return new StreamableFile(stream, { type: 'application/zip', length: sizeBytes, disposition: `attachment; filename="${name}"` });
  }
}
