import { Body, ConflictException, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags,
  ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { MessageResponse, TwoFactorTexts } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../../common/access/access.decorator';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { Client, ClientInfo } from '../../../common/access/client-info';
import { CurrentUser } from '../../../common/access/current-user';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { MessageResponseDto, SessionResponseDto } from '../dto/auth.dto';
import { setRefreshCookie } from '../refresh-cookie';
import { SessionService } from '../session.service';
import { clearChallengeCookie, readChallengeCookie } from './challenge-cookie';
import {
  TwoFactorAccountConfirmDto, TwoFactorChallengeDto, TwoFactorDisableDto, TwoFactorEnabledResponseDto, TwoFactorEnrolConfirmDto,
  TwoFactorEnrolledSessionDto, TwoFactorSetupDto, TwoFactorSetupResponseDto, TwoFactorStatusResponseDto, TwoFactorVerifyDto,
} from './dto/two-factor.dto';
import { TwoFactorSignIn } from './two-factor-sign-in.service';
import { TwoFactorService } from './two-factor.service';

/**
 * The second sign-in step, open to the holder of a challenge: from POST /api/auth/login (in the body) or from the
 * institution sign-in's callback (the cqa_2fa cookie, used when the body names none).
 */
@ApiTags('auth')
@Controller('auth/two-factor')
export class TwoFactorSignInController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, private readonly signIn: TwoFactorSignIn) {}

  @Post('verify')
  @Public()
  @ApiOperation({ summary: 'Finish a sign-in with an authenticator or recovery code: opens the session.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'No challenge (or it expired or was used), or a wrong code; too many wrong codes end it.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts: try again later.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SessionResponseDto, description: 'Also sets the httpOnly refresh cookie.' })
  async verify(
    @Body() body: TwoFactorVerifyDto, @Client() client: ClientInfo, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponseDto> {
    const session = await this.signIn.verify(challengeOf(body, request), { code: body.code, recoveryCode: body.recoveryCode }, client);
    clearChallengeCookie(reply, request, this.config);
    setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
    return session.body;
  }

  @Post('enrol/setup')
  @Public()
  @ApiOperation({ summary: 'During a sign-in that requires it (admins; experts by default): a new authenticator secret to enrol.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'No challenge, or it expired or does not ask for enrolment.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts: try again later.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: TwoFactorSetupResponseDto, description: 'Only for a challenge that requires enrolment (admins; experts by default).' })
  enrolSetup(@Body() body: TwoFactorChallengeDto, @Req() request: FastifyRequest): Promise<TwoFactorSetupResponseDto> {
    return this.signIn.enrolSetup(challengeOf(body, request));
  }

  @Post('enrol/confirm')
  @Public()
  @ApiOperation({ summary: 'Confirm the enrolment with a first code: the recovery codes and the session.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'No challenge (or it expired or was used), or a wrong code; too many wrong codes end it.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts: try again later.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: TwoFactorEnrolledSessionDto, description: 'The recovery codes (shown once) and the session; sets the refresh cookie.' })
  async enrolConfirm(
    @Body() body: TwoFactorEnrolConfirmDto, @Client() client: ClientInfo, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorEnrolledSessionDto> {
    const { session, recoveryCodes } = await this.signIn.enrolConfirm(challengeOf(body, request), body.code, client);
    clearChallengeCookie(reply, request, this.config);
    setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
    return { ...session.body, recoveryCodes };
  }
}

function challengeOf(body: TwoFactorChallengeDto, request: FastifyRequest): string {
  const challenge = body.challenge ?? readChallengeCookie(request);
  if (!challenge) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
  return challenge;
}

/** A signed-in user's own authenticator. */
@ApiTags('account')
@Controller('account/two-factor')
export class AccountTwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService, private readonly sessions: SessionService) {}

  @Get()
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "Whether the caller's two-factor sign-in is on." })
  @ApiOkResponse({ type: TwoFactorStatusResponseDto })
  status(@CurrentUser() caller: AuthenticatedUser): Promise<TwoFactorStatusResponseDto> {
    return this.twoFactor.status(caller);
  }

  @Post('setup')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'Begin enrolling an authenticator (the password again first): a new secret and its otpauth URL.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The password is missing or wrong (counted as a failed sign-in).' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Two-factor sign-in is already on.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: TwoFactorSetupResponseDto })
  async setup(@CurrentUser() caller: AuthenticatedUser, @Body() body: TwoFactorSetupDto, @Client() client: ClientInfo): Promise<TwoFactorSetupResponseDto> {
    if (await this.twoFactor.isEnabled(caller.id)) throw new ConflictException(TwoFactorTexts.alreadyEnabled);
    await this.twoFactor.requireOwner(caller.id, body.password, client);
    return this.twoFactor.beginSetup(caller.id);
  }

  @Post('confirm')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({
    summary: "Turn two-factor sign-in on with the password and a first code: the recovery codes (shown once). The account's other sessions end.",
  })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'No setup begun, already on, the password is wrong (counted as a failed sign-in), or the code is wrong.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: TwoFactorEnabledResponseDto })
  async confirm(
    @CurrentUser() caller: AuthenticatedUser, @Body() body: TwoFactorAccountConfirmDto, @Client() client: ClientInfo, @Req() request: FastifyRequest,
  ): Promise<TwoFactorEnabledResponseDto> {
    await this.twoFactor.requireOwner(caller.id, body.password, client);
    return { recoveryCodes: await this.twoFactor.confirmSetup(caller.id, body.code, client, this.sessions.sessionOf(request)) };
  }

  @Post('disable')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "Turn two-factor sign-in off with the password and a current code. The account's other sessions end." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Not on, wrong password (counted as a failed sign-in), or wrong code.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Admins (and experts, by default) must keep two-factor sign-in on.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many wrong passwords from this address or for this account.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async disable(
    @CurrentUser() caller: AuthenticatedUser, @Body() body: TwoFactorDisableDto, @Client() client: ClientInfo, @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.twoFactor.disable(caller, body.password, body.code, client, this.sessions.sessionOf(request));
    return { message: TwoFactorTexts.disabled };
  }
}
