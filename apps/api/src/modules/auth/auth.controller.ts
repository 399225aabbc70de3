import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse,
  ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AuthTexts, Messages, TwoFactorChallengeResponse } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { AccountsService } from './accounts.service';
import { AuthThrottle } from './auth-throttle.service';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import {
  AuthUserDto, EmailDto, LoginDto, MessageResponseDto, RegisterDto, RegisterResponseDto, ResetPasswordDto, SessionResponseDto,
} from './dto/auth.dto';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, TwoRefreshCookies } from './refresh-cookie';
import { AuthFlows } from './auth-flows.service';
import { SessionService } from './session.service';
import type { UserEntity } from './entities/user.entity';
import { LocalAuthGuard } from './strategies/local-auth.guard';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionService,
    private readonly throttle: AuthThrottle,
    private readonly flows: AuthFlows,
  ) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Create a patient or expert account and e-mail its verification link.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The body fails validation (the message names the field).' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'This e-mail was rejected before: "Your registration was rejected...".' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'This email is already registered. Please login instead.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts from this address or for this account: try again later.' })
  @ApiCreatedResponse({ type: RegisterResponseDto })
  async register(@Body() body: RegisterDto, @Client() client: ClientInfo): Promise<RegisterResponseDto> {
    const { userId } = await this.flows.register(body, client);
    return { user: { id: userId }, message: Messages.success.registration };
  }

  @Get('verify-email/:code')
  @Public()
  @ApiOperation({ summary: 'Confirm an e-mail address with the code from its verification link.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: "The code is unknown, expired, or used while the account's address is still unconfirmed." })
  @ApiOkResponse({ type: MessageResponseDto, description: `"${AuthTexts.emailVerified}", or for a used code of a confirmed account "${AuthTexts.alreadyVerified}".` })
  async verifyEmail(@Param('code') code: string): Promise<MessageResponseDto> {
    const outcome = await this.accounts.verifyEmail(code);
    return { message: outcome === 'verified' ? AuthTexts.emailVerified : AuthTexts.alreadyVerified };
  }

  @Post('resend-verification')
  @Public()
  @ApiOperation({ summary: 'Send a new verification link (the same answer whether or not the address has an account).' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The body fails validation (the message names the field).' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts from this address or for this account: try again later.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async resendVerification(@Body() body: EmailDto): Promise<MessageResponseDto> {
    await this.throttle.checkAccount('resend-verification', await this.accounts.accountKeyOf(body.email));
    await this.accounts.resendVerification(body.email);
    return { message: Messages.success.verificationSent };
  }

  /** The password is checked by LocalStrategy (behind LocalAuthGuard), which hands over the verified account. */
  @Post('login')
  @Public()
  @ApiOperation({ summary: 'Sign in with e-mail and password: a session, or a second-factor challenge.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Invalid email or password.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'E-mail not verified, account not approved or blocked, or the wrong portal for this role.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts from this address or for this account: try again later.' })
  @UseGuards(LocalAuthGuard)
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({
    type: SessionResponseDto,
    description: 'Also sets the httpOnly refresh cookie. When a second factor is needed, answers a TwoFactorChallengeResponse ' +
      '({ twoFactorRequired: true, challenge, enrolmentRequired }) instead, without a cookie: see /api/auth/two-factor/*.',
  })
  async login(
    @Client() client: ClientInfo, @Req() request: FastifyRequest & { user: UserEntity }, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponseDto | TwoFactorChallengeResponse> {
    return this.flows.afterPassword(request.user, client, request, reply);
  }

  @Post('refresh')
  @Public()
  @ApiOperation({ summary: 'Exchange the refresh cookie for a new access token (rotating the cookie).' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'The refresh token is unknown, revoked or expired: the cookie is cleared.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Two refresh cookies (one planted by another host): neither is used, both are cleared.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'The account may no longer hold a session (blocked, no longer approved): the cookie is cleared.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SessionResponseDto, description: 'Reads and replaces the refresh cookie.' })
  @ApiNoContentResponse({ description: 'No refresh cookie: there is no session (an anonymous visit); nothing to do.' })
  async refresh(
    @Client() client: ClientInfo, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponseDto | undefined> {
    try {
      const token = readRefreshCookie(request);
      if (!token) {
        void reply.status(HttpStatus.NO_CONTENT);
        return undefined;
      }
      const session = await this.sessions.refresh(token, client);
      setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
      return session.body;
    } catch (error) {
      // A refused session loses its cookie; a passing fault (503) keeps it for the next try.
      if (error instanceof TwoRefreshCookies || (error instanceof HttpException && [HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN].includes(error.getStatus()))) {
        clearRefreshCookie(reply, request, this.config);
      }
      throw error;
    }
  }

  @Post('logout')
  @Public()
  @ApiOperation({ summary: "End the refresh cookie's session and clear the cookie." })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'A cross-site request (the Origin is not ours).' })
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Ends the session of the refresh cookie and clears it.' })
  async logout(@Client() client: ClientInfo, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.flows.logout(client, request, reply);
  }

  @Post('forgot-password')
  @Public()
  @ApiOperation({ summary: 'E-mail a password reset link (the same answer whether or not the address has an account).' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The body fails validation (the message names the field).' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many attempts from this address or for this account: try again later.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async forgotPassword(@Body() body: EmailDto): Promise<MessageResponseDto> {
    await this.flows.forgotPassword(body.email);
    return { message: Messages.success.resetSent };
  }

  @Post('reset-password')
  @Public()
  @ApiOperation({ summary: "Set a new password with the reset link's token; ends the account's sessions." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The link is invalid or expired, the password is too weak, or it is the same as before.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async resetPassword(@Body() body: ResetPasswordDto, @Client() client: ClientInfo): Promise<MessageResponseDto> {
    await this.accounts.resetPassword(body.token, body.password, client);
    return { message: Messages.success.passwordReset };
  }

  @Get('me')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'The signed-in account.' })
  @ApiOkResponse({ type: AuthUserDto })
  me(@CurrentUser() caller: AuthenticatedUser): Promise<AuthUserDto> {
    return this.sessions.authUserById(caller.id);
  }
}
