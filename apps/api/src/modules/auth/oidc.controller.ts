import { Controller, Get, HttpStatus, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OIDC_ERROR_PARAM, OIDC_TWO_FACTOR_PARAM, OidcTwoFactorStep } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Inject } from '@nestjs/common';
import { Public } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { Client, ClientInfo } from '../../common/access/client-info';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { AuthConfigDto } from './dto/auth-config.dto';
import { OIDC_PORTALS, OIDC_STATE_TTL_SECONDS, OidcPortal, OidcRefused, OidcSignIn } from './oidc-sign-in.service';
import { secure, setRefreshCookie } from './refresh-cookie';
import { SessionService } from './session.service';
import { TwoFactorSignIn } from './two-factor';
import { setChallengeCookie } from './two-factor/challenge-cookie';

const STATE_COOKIE = { name: 'cqa_oidc', path: '/api/auth/oidc' } as const;
/** Where each portal signs in (a failed institution sign-in comes back there) and where it lands afterwards. */
const LOGIN_PAGE: Record<OidcPortal, string> = { expert: '/', admin: '/admin/login' };
const HOME_PAGE: Record<OidcPortal, string> = { expert: '/expert/questions', admin: '/admin/questions' };

@ApiTags('auth')
@Controller('auth')
export class OidcController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcSignIn,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorSignIn,
  ) {}

  /** Which sign-in methods the login pages offer. */
  @Get('config')
  @Public()
  @ApiOperation({ summary: 'Which sign-in methods the login pages offer, and the account deletion grace period the account page states.' })
  @ApiOkResponse({ type: AuthConfigDto })
  authConfig(): AuthConfigDto {
    return { institutionSignIn: this.oidc.enabled, accountDeletionGraceDays: this.config.ops.accountDeletionGraceDays };
  }

  /** Starts an institution sign-in: a browser navigation here is redirected to the identity provider. 404 when not configured. */
  @Get('oidc/start')
  @Public()
  @ApiOperation({ summary: 'Start an institution (OpenID Connect) sign-in: redirects to the identity provider.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Institution sign-in is not configured.' })
  @ApiQuery({ name: 'portal', enum: OIDC_PORTALS })
  @ApiFoundResponse({ description: "Redirects to the identity provider; sets the flow's short-lived state cookie." })
  async start(@Query('portal') portal: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const chosen: OidcPortal = portal === 'admin' ? 'admin' : 'expert';
    const { url, state } = await this.oidc.start(chosen);
    // Lax, not Strict: the provider sends the browser back with a cross-site navigation, which must carry it.
    void reply.setCookie(STATE_COOKIE.name, state, {
      httpOnly: true, secure: secure(this.config, request), sameSite: 'lax', path: STATE_COOKIE.path, maxAge: OIDC_STATE_TTL_SECONDS,
    });
    void reply.redirect(url, HttpStatus.FOUND);
  }

  /**
   * The identity provider's redirect back: checks everything, then applies the password sign-in's two-factor rule. With
   * no second factor needed, opens a session (refresh cookie) and goes to the portal; otherwise sets the challenge cookie
   * and goes to the login page, which asks for the code (or, for an admin without one, the enrolment).
   */
  @Get('oidc/callback')
  @Public()
  @ApiOperation({ summary: "The identity provider's redirect back: signs in, or asks for the second factor." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Institution sign-in is not configured.' })
  @ApiFoundResponse({
    description: "Redirects to the portal, signed in; to its login page with '?two_factor=code|enrol' (challenge in the httpOnly " +
      "cqa_2fa cookie) when a second factor is needed; or to its login page with '?sso_error=<reason>'.",
  })
  async callback(@Client() client: ClientInfo, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const stateCookie = request.cookies?.[STATE_COOKIE.name];
    const portal = (await this.oidc.portalOf(stateCookie)) ?? 'expert';
    void reply.clearCookie(STATE_COOKIE.name, { path: STATE_COOKIE.path });
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const user = await this.oidc.finish(search, stateCookie);
      const challenge = await this.twoFactor.challengeIfNeeded(user);
      if (challenge) {
        setChallengeCookie(reply, request, this.config, challenge.challenge);
        const step: OidcTwoFactorStep = challenge.enrolmentRequired ? 'enrol' : 'code';
        void reply.redirect(`${LOGIN_PAGE[portal]}?${OIDC_TWO_FACTOR_PARAM}=${step}`, HttpStatus.FOUND);
        return;
      }
      const session = await this.sessions.startSession(user, client);
      setRefreshCookie(reply, request, this.config, session.refreshToken, session.refreshExpiresAt);
      void reply.redirect(HOME_PAGE[portal], HttpStatus.FOUND);
    } catch (error) {
      if (!(error instanceof OidcRefused)) throw error;
      void reply.redirect(`${LOGIN_PAGE[portal]}?${OIDC_ERROR_PARAM}=${error.reason}`, HttpStatus.FOUND);
    }
  }
}
