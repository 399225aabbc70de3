import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { AuthTexts } from '@cqa/contracts';
import * as oidc from 'openid-client';
import { Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig, OidcConfig } from '../../config/app-config';
import { UserEntity } from './entities/user.entity';
import { mayHoldSession } from './session.service';

/** The portals an institution's identity provider may sign into: staff only. */
export const OIDC_PORTALS = ['expert', 'admin'] as const;
export type OidcPortal = (typeof OIDC_PORTALS)[number];

const STATE_AUDIENCE = 'cqa:oidc-state';
export const OIDC_STATE_TTL_SECONDS = 600;

interface StateClaims { verifier: string; state: string; nonce: string; portal: OidcPortal }

/** Why an institution sign-in was refused; the login page shows the matching AuthTexts. */
export type OidcRefusal = 'unverified' | 'no_account' | 'failed';

export class OidcRefused extends ForbiddenException {
  constructor(readonly reason: OidcRefusal) {
    super(reason === 'unverified' ? AuthTexts.institutionEmailUnverified : reason === 'no_account' ? AuthTexts.institutionNoAccount : AuthTexts.institutionFailed);
  }
}

/**
 * OpenID Connect sign-in (authorization code flow with PKCE, state and nonce) for experts and admins, mapped onto an
 * existing approved account by the provider's VERIFIED email only. The flow's secrets travel in a signed, short-lived,
 * httpOnly cookie, so no server-side store is needed.
 */
@Injectable()
export class OidcSignIn {
  private readonly logger = new Logger('OidcSignIn');
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  get enabled(): boolean {
    return this.config.oidc !== null;
  }

  /** The provider's authorization URL, and the signed state to keep in the browser until the callback. */
  async start(portal: OidcPortal): Promise<{ url: string; state: string }> {
    const settings = this.settings();
    const configuration = await this.discover(settings);
    const verifier = oidc.randomPKCECodeVerifier();
    const claims: StateClaims = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce(), portal };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: settings.redirectUri, scope: 'openid email', code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256', state: claims.state, nonce: claims.nonce,
    });
    const state = await this.jwt.signAsync({ ...claims }, { audience: STATE_AUDIENCE, expiresIn: OIDC_STATE_TTL_SECONDS, algorithm: 'HS256' });
    return { url: url.href, state };
  }

  /** The portal the state cookie names, if it is valid (to send a failed sign-in back to the right login page). */
  async portalOf(state: string | undefined): Promise<OidcPortal | null> {
    return (await this.readState(state))?.portal ?? null;
  }

  /** Checks the callback (code, state, PKCE, nonce, ID token) and yields the account its verified email belongs to. */
  async finish(search: string, stateCookie: string | undefined): Promise<UserEntity> {
    const settings = this.settings();
    const expected = await this.readState(stateCookie);
    if (!expected) throw new OidcRefused('failed');
    let email: unknown;
    let verified: unknown;
    try {
      const configuration = await this.discover(settings);
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = search;
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: expected.verifier, expectedState: expected.state, expectedNonce: expected.nonce, idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      ({ email, email_verified: verified } = claims);
      if (email === undefined) ({ email, email_verified: verified } = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub));
    } catch (error) {
      this.logger.warn(`OIDC callback refused: ${error instanceof Error ? `${error.name} ${(error as { code?: string }).code ?? ''}` : 'unknown'}`);
      throw new OidcRefused('failed');
    }
    if (verified !== true || typeof email !== 'string') throw new OidcRefused('unverified');
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    if (!user || user.role !== expected.portal || !user.emailConfirmedAt || !mayHoldSession(user)) throw new OidcRefused('no_account');
    return user;
  }

  private settings(): OidcConfig {
    if (!this.config.oidc) throw new NotFoundException();
    return this.config.oidc;
  }

  private async readState(token: string | undefined): Promise<StateClaims | null> {
    if (!token) return null;
    try {
      return await this.jwt.verifyAsync<StateClaims>(token, { audience: STATE_AUDIENCE, algorithms: ['HS256'] });
    } catch {
      return null;
    }
  }

  /** Discovery once per process; a failure is retried on the next sign-in. Plain http is refused in production. */
  private discover(settings: OidcConfig): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, this.config.isProduction ? {} : { execute: [oidc.allowInsecureRequests] })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}
