import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, NotFoundException, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AccountDeletionTexts, AccountPageTexts, MessageResponse } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { Client, ClientInfo } from '../../../common/access/client-info';
import { CurrentUser } from '../../../common/access/current-user';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { MessageResponseDto } from '../dto/auth.dto';
import { clearRefreshCookie } from '../refresh-cookie';
import { SessionService } from '../session.service';
import { AccountDeletionDto, AccountDeletionResponseDto, AccountSessionsResponseDto, ChangeEmailDto, ChangePasswordDto, ConfirmEmailChangeDto } from './account.dto';
import { AccountDeletionService } from './account-deletion.service';
import { AccountService } from './account.service';
import { EmailChangeService } from './email-change.service';

const sessionIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(AccountPageTexts.sessionNotFound) });

/** The account page's calls (issue 44): every signed-in user, on their own account only. */
@ApiTags('account')
@Controller('account')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly emailChange: EmailChangeService,
    private readonly sessions: SessionService,
    private readonly deletion: AccountDeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('password')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'Change the password with the current one; every other session of the account ends.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The current password is wrong (counted as a failed sign-in), or the new one breaks a rule.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async changePassword(
    @CurrentUser() caller: AuthenticatedUser, @Body() body: ChangePasswordDto, @Client() client: ClientInfo, @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.account.changePassword(caller, body.current_password, body.new_password, client, this.sessions.sessionOf(request));
    return { message: AccountPageTexts.passwordChanged };
  }

  @Get('sessions')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "The caller's signed-in sessions (device, sign-in, last use), newest use first; the caller's own is marked current." })
  @ApiOkResponse({ type: AccountSessionsResponseDto })
  async list(@CurrentUser() caller: AuthenticatedUser, @Req() request: FastifyRequest): Promise<AccountSessionsResponseDto> {
    return { sessions: await this.account.sessionsOf(caller, this.sessions.sessionOf(request)) };
  }

  @Delete('sessions/:id')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "End one of the caller's other sessions at once (its next step asks for the password again)." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: "The caller's own session (ended with Sign Out)." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "No such live session of the caller's (ended already, or another user's)." })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async end(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', sessionIdPipe) id: string, @Client() client: ClientInfo, @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.account.endSession(caller, id, this.sessions.sessionOf(request), client);
    return { message: AccountPageTexts.sessionEnded };
  }

  @Post('email')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'Ask to move the account to another e-mail address: a link goes to it, and the current address is told.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The password is wrong (counted as a failed sign-in), the address is invalid, or it is already the account\'s.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Another account uses the address.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async changeEmail(@CurrentUser() caller: AuthenticatedUser, @Body() body: ChangeEmailDto, @Client() client: ClientInfo): Promise<MessageResponse> {
    await this.emailChange.request(caller, body.password, body.new_email, client);
    return { message: AccountPageTexts.emailChangeSent };
  }

  // Public: the token from the link proves the new address, and it works on a device that is not signed in.
  @Post('email/confirm')
  @Public()
  @ApiOperation({ summary: 'Confirm a new e-mail address with the token of the link sent to it; the address being replaced is told.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The token is unknown, used, replaced by a newer one, or expired.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Another account has taken the address since.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async confirmEmail(@Body() body: ConfirmEmailChangeDto, @Client() client: ClientInfo): Promise<MessageResponse> {
    await this.emailChange.confirm(body.token, client);
    return { message: AccountPageTexts.emailChanged };
  }

  @Post('deletion')
  @Roles('patient', 'expert')
  @ApiOperation({
    summary: "Delete the caller's account: the password (and a current code when two-factor sign-in is on); every session ends at once and the "
      + 'account is erased after ACCOUNT_DELETION_GRACE_DAYS unless its owner signs in before. Admin accounts are not deleted this way.',
  })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The password is missing or wrong (counted as a failed sign-in), or the code is missing or wrong.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords or codes from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AccountDeletionResponseDto, description: 'Also clears the refresh cookie: the caller is signed out.' })
  async requestDeletion(
    @CurrentUser() caller: AuthenticatedUser, @Body() body: AccountDeletionDto, @Client() client: ClientInfo,
    @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDeletionResponseDto> {
    const due = await this.deletion.requestOwn(caller, body.password, body.two_factor_code, client);
    clearRefreshCookie(reply, request, this.config);
    return { message: AccountDeletionTexts.scheduled(due.toISOString().slice(0, 10)), due_at: due.toISOString() };
  }
}
