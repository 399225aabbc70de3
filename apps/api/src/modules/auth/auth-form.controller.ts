import {
  BadRequestException, ConflictException, Controller, ForbiddenException, HttpException, HttpStatus, Inject, Logger, Post, Req, Res, Body, Type, UnauthorizedException,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiForbiddenResponse, ApiOperation, ApiResponse, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import {
  ADMIN_LOGIN_DESTINATION, AUTH_FORM_ROUTES, type AuthForm, destinationAfterLogin, isTwoFactorChallenge, type FormNotice, forgotPasswordHref, landingHref, SIGNED_OUT_HREF,
  loginPageHref, Messages, noticeForMessages, RESET_TOKEN_PATTERN, resetPasswordHref, type Role, ROLES, type SelfRegisteringRole,
  TWO_FACTOR_RESTART_NOTICES, TwoFactorTexts,
} from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/access/access.decorator';
import { Client, ClientInfo } from '../../common/access/client-info';
import { createValidationPipe } from '../../common/errors/validation';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import type { FormFields } from '../../common/http/form-body';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { AccountsService } from './accounts.service';
import { AuthFlows } from './auth-flows.service';
import { AuthThrottle } from './auth-throttle.service';
import { EmailDto, LoginDto, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { LocalStrategy } from './strategies/local.strategy';
import { setRefreshCookie } from './refresh-cookie';
import { clearChallengeCookie, readChallengeCookie, setChallengeCookie } from './two-factor/challenge-cookie';
import { TwoFactorFormDto, TwoFactorVerifyDto } from './two-factor/dto/two-factor.dto';
import { TwoFactorSignIn } from './two-factor/two-factor-sign-in.service';

const validation = createValidationPipe();
/** The JSON route's DTO, checked with the global pipe's rules and messages. */
const validated = <T extends object>(metatype: Type<T>, value: object): Promise<T> =>
  validation.transform(value, { type: 'body', metatype }) as Promise<T>;

/** A ticked checkbox is posted with its value ('on' unless the page gives one); an unticked one is not posted at all. */
const ticked = (value: string | undefined) => value === 'on' || value === 'true';
const defined = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));
const portalOf = (role: string | undefined): Role => (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'patient';
const selfRegisteringRole = (role: string | undefined): SelfRegisteringRole => (role === 'expert' ? 'expert' : 'patient');

const SEE_OTHER = { status: HttpStatus.SEE_OTHER };
const CROSS_SITE = { type: ApiErrorDto, description: 'Not posted from a page of this site (Origin / Sec-Fetch-Site).' };
const NOT_A_FORM = { type: ApiErrorDto, description: 'The body is not application/x-www-form-urlencoded.' };
const FORM = 'application/x-www-form-urlencoded';

/**
 * The public pages' forms as a browser posts them before (or without) any script (AUTH_FORM_ROUTES): the JSON routes'
 * DTOs, throttles and services, answered with 303 to the next page, or back to the form's page with the notice of what
 * went wrong (`#notice-<code>`; never the address or the password). Only urlencoded posts from a page of this origin
 * reach them (registerCrossSiteGuard); the JSON routes stay JSON-only.
 */
@ApiTags('auth')
@Controller('auth/form')
export class AuthFormController {
  private readonly logger = new Logger('AuthForms');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly flows: AuthFlows,
    private readonly throttle: AuthThrottle,
    private readonly password: LocalStrategy,
    private readonly twoFactor: TwoFactorSignIn,
  ) {}

  @Post('login')
  @Public()
  @ApiOperation({ summary: 'The sign-in form without script: as POST /api/auth/login, answered with a redirect.' })
  @ApiConsumes(FORM)
  @ApiBody({ type: LoginDto })
  @ApiResponse({
    ...SEE_OTHER,
    description: "To the portal, signed in (the refresh cookie set); to the login page's two-factor step ('?two_factor=code|enrol', " +
      'the challenge in its cookie; the code step posts to POST /api/auth/form/two-factor); or back to the login page with a notice.',
  })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async login(
    @Body() form: FormFields, @Client() client: ClientInfo, @Req() request: FastifyRequest, @Res() reply: FastifyReply,
  ): Promise<void> {
    const portal = portalOf(form.role);
    await this.answer(reply, 'login', (notice) => loginPageHref(portal, { notice }), async () => {
      await this.throttle.refuseLockedSignIn(client.ip);
      const body = await validated(LoginDto, { email: form.email, password: form.password, role: form.role });
      const user = await this.password.verify(client, body.email, body.password, body.role);
      const next = await this.flows.afterPassword(user, client, request, reply);
      if (isTwoFactorChallenge(next)) {
        // A redirect carries no body: the challenge rides in its cookie, as after an institution sign-in.
        setChallengeCookie(reply, request, this.config, next.challenge);
        return loginPageHref(portal, { twoFactor: next.enrolmentRequired ? 'enrol' : 'code' });
      }
      return portal === 'admin' ? ADMIN_LOGIN_DESTINATION : destinationAfterLogin(next.user);
    });
  }

  @Post('two-factor')
  @Public()
  @ApiOperation({
    summary: 'The two-factor step without script: as POST /api/auth/two-factor/verify (the challenge from its cookie), answered with a redirect.',
  })
  @ApiConsumes(FORM)
  @ApiBody({ type: TwoFactorFormDto })
  @ApiResponse({
    ...SEE_OTHER,
    description: "To the portal, signed in (the refresh cookie set, the challenge's cleared); back to the step with a notice (a wrong " +
      'or missing code, too many attempts); or to the login form when the challenge is gone (expired, used, too many wrong codes).',
  })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async verifyTwoFactor(
    @Body() form: FormFields, @Client() client: ClientInfo, @Req() request: FastifyRequest, @Res() reply: FastifyReply,
  ): Promise<void> {
    const portal = portalOf(form.role);
    const back = (notice: FormNotice) => {
      if (!TWO_FACTOR_RESTART_NOTICES.includes(notice)) return loginPageHref(portal, { notice, twoFactor: 'code' });
      clearChallengeCookie(reply, request, this.config);
      return loginPageHref(portal, { notice });
    };
    await this.answer(reply, 'twoFactor', back, async () => {
      const challenge = readChallengeCookie(request);
      if (!challenge) throw new UnauthorizedException(TwoFactorTexts.challengeExpired);
      // The page shows both fields before its script runs: a code, when typed, is the answer.
      const code = form.code?.trim();
      if (!code && !form.recoveryCode?.trim()) throw new BadRequestException(TwoFactorTexts.codeRequired);
      const body = await validated(TwoFactorVerifyDto, code ? { code } : defined({ recoveryCode: form.recoveryCode?.trim() }));
      const session = await this.twoFactor.verify(challenge, { code: body.code, recoveryCode: body.recoveryCode }, client);
      clearChallengeCookie(reply, request, this.config);
      setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
      return portal === 'admin' && session.body.user.role === 'admin' ? ADMIN_LOGIN_DESTINATION : destinationAfterLogin(session.body.user);
    });
  }

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'The registration form without script: as POST /api/auth/register, answered with a redirect.' })
  @ApiConsumes(FORM)
  @ApiBody({ type: RegisterDto, description: 'Checkboxes (agreeToTerms, hipaa_consent) are ticked when posted as "on"; specialty, licence_number and institution are read for experts only.' })
  @ApiResponse({
    ...SEE_OTHER,
    description: "To the landing page's 'Registration Successful!' or 'Registration Rejected' screen, to the login form when the " +
      'address is registered already, or back to the registration form with a notice.',
  })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async register(@Body() form: FormFields, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    const role = selfRegisteringRole(form.role);
    await this.answer(reply, 'register', (notice) => landingHref({ role, mode: 'register' }, notice), async () => {
      await this.throttle.checkIp('register', client.ip);
      const body = await validated(RegisterDto, defined({
        email: form.email, password: form.password, role: form.role, first_name: form.first_name, last_name: form.last_name,
        agreeToTerms: ticked(form.agreeToTerms),
        ...(form.role === 'patient'
          ? {
              age: form.age ? Number(form.age) : undefined, sex: form.sex, cancer_type: form.cancer_type, cancer_stage: form.cancer_stage,
              hipaa_consent: ticked(form.hipaa_consent),
            }
          : {}),
        ...(form.role === 'expert' ? { specialty: form.specialty, licence_number: form.licence_number, institution: form.institution } : {}),
      }));
      try {
        await this.flows.register(body, client);
      } catch (error) {
        if (error instanceof ConflictException) return loginPageHref(role, { notice: 'already-registered' });
        if (error instanceof ForbiddenException && error.message === Messages.errors.registrationRejected) return landingHref({ screen: 'rejected' });
        throw error;
      }
      return landingHref({ screen: 'registered' });
    });
  }

  @Post('forgot-password')
  @Public()
  @ApiOperation({ summary: 'The forgot-password form without script: as POST /api/auth/forgot-password, answered with a redirect.' })
  @ApiConsumes(FORM)
  @ApiBody({ type: EmailDto })
  @ApiResponse({ ...SEE_OTHER, description: "To 'Check Your Email' (whether or not the address has an account), or back with a notice." })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async forgotPassword(@Body() form: FormFields, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(reply, 'forgotPassword', (notice) => forgotPasswordHref({ notice }), async () => {
      await this.throttle.checkIp('forgot-password', client.ip);
      const body = await validated(EmailDto, { email: form.email });
      await this.flows.forgotPassword(body.email);
      return forgotPasswordHref({ screen: 'sent' });
    });
  }

  @Post('reset-password')
  @Public()
  @ApiOperation({ summary: 'The reset-password form without script: as POST /api/auth/reset-password (plus the confirmation), answered with a redirect.' })
  @ApiConsumes(FORM)
  @ApiBody({ type: ResetPasswordDto, description: 'Also `confirm`, which must equal `password`.' })
  @ApiResponse({ ...SEE_OTHER, description: 'To the login form, saying the password was reset, or back to the reset form with a notice.' })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async resetPassword(@Body() form: FormFields, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    // Back to the same link (its token is in it already); a token that is not one is never echoed.
    const token = RESET_TOKEN_PATTERN.test(form.token ?? '') ? form.token : undefined;
    await this.answer(reply, 'resetPassword', (notice) => resetPasswordHref(token, notice), async () => {
      if (!token) return resetPasswordHref(undefined, 'link-invalid');
      const body = await validated(ResetPasswordDto, { token, password: form.password });
      if (!form.confirm) return resetPasswordHref(token, 'confirm-password');
      if (form.confirm !== body.password) return resetPasswordHref(token, 'passwords-differ');
      await this.accounts.resetPassword(body.token, body.password, client);
      return loginPageHref('patient', { notice: 'password-reset' });
    });
  }

  @Post('logout')
  @Public()
  @ApiOperation({ summary: "The sign-out form without script: ends the refresh cookie's session, clears the cookie and goes to the landing page." })
  @ApiConsumes(FORM)
  @ApiResponse({ ...SEE_OTHER, description: "To the landing page's login form, saying the user has signed out." })
  @ApiForbiddenResponse(CROSS_SITE)
  @ApiUnsupportedMediaTypeResponse(NOT_A_FORM)
  async logout(@Client() client: ClientInfo, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.flows.logout(client, request, reply);
    void reply.redirect(SIGNED_OUT_HREF, HttpStatus.SEE_OTHER);
  }

  /**
   * 303 to where `work` says, or back to the form (`back`) with the notice of its refusal: the refusal's text among
   * the form's notices, else the form's catch-all. An unexpected failure is logged, as the exception filter would.
   */
  private async answer(reply: FastifyReply, form: AuthForm, back: (notice: FormNotice) => string, work: () => Promise<string>): Promise<void> {
    let to: string;
    try {
      to = await work();
    } catch (error) {
      if (!(error instanceof HttpException)) this.logger.error(error instanceof Error ? error : String(error), undefined, `POST ${AUTH_FORM_ROUTES[form]}`);
      to = back(noticeForMessages(form, error instanceof HttpException ? messagesOf(error) : []));
    }
    void reply.redirect(to, HttpStatus.SEE_OTHER);
  }
}

/** A refusal's texts: a validation failure lists every problem (the page shows the first it knows, as its own checks would). */
function messagesOf(error: HttpException): string[] {
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const messages = (Array.isArray(message) ? message : [message]).map(String);
  // A refusal with a line of its own (a pending registration's) is its own notice first: both lines, as one text.
  const detail = typeof response === 'object' && response !== null ? (response as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' ? [`${messages[0]} ${detail}`, ...messages] : messages;
}
