import { OwnerCheck } from './owner-check';
import { AccountController } from './account/account.controller';
import { AccountService } from './account/account.service';
import { EmailChangeService } from './account/email-change.service';
import { AccountExportController } from './account/export/account-export.controller';
import { AccountExportService } from './account/export/account-export.service';
import { AccountExportsModule } from './account/export/account-exports.module';
import { AccountDeletionService } from './account/account-deletion.service';
import { PendingDeletions } from './account/pending-deletions';
import { CredentialsController } from './account/credentials.controller';
import { CredentialsService } from './account/credentials.service';
import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RequestAuthenticator } from '../../common/access/access.guard';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { MailModule } from '../mail/mail.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { UserEntity } from './entities/user.entity';
import { AccountsService } from './accounts.service';
import { AuthLogService } from './auth-log.service';
import { AuthThrottle } from './auth-throttle.service';
import { AuthController } from './auth.controller';
import { AuthFormController } from './auth-form.controller';
import { AuthFlows } from './auth-flows.service';
import { AuthLogEntity } from './entities/auth-log.entity';
import { EmailTokenEntity } from './entities/email-token.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SessionService } from './session.service';
import { SessionVersions } from './session-versions.service';
import { JwtAuthenticator } from './strategies/jwt-authenticator';
import { JwtStrategy } from './strategies/jwt.strategy';
import { LocalStrategy } from './strategies/local.strategy';
import { LocalAuthGuard } from './strategies/local-auth.guard';
import { UsersController } from './users.controller';
import { OidcController } from './oidc.controller';
import { OidcSignIn } from './oidc-sign-in.service';
import { UsersService } from './users.service';
import { TWO_FACTOR_CONTROLLERS, TWO_FACTOR_ENTITIES, TWO_FACTOR_PROVIDERS, TwoFactorService } from './two-factor';

/** Accounts (the users table), registration, verification, sign-in, sessions, password reset; also the authenticator behind the AccessGuard (passport: JWT for access tokens, local for passwords). */
@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, EmailTokenEntity, RefreshTokenEntity, AuthLogEntity, ...TWO_FACTOR_ENTITIES]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM public key on
        // every verification, which cost more than the rest of a request.
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return { secretOrKeyProvider: () => key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } };
      },
    }),
    PassportModule,
    MailModule,
    ProfilesModule,
    AccountExportsModule,
  ],
  controllers: [AuthController, AuthFormController, OidcController, UsersController, AccountController, AccountExportController, CredentialsController, ...TWO_FACTOR_CONTROLLERS],
  providers: [
    AuthFlows, AccountsService, AccountService, CredentialsService, EmailChangeService, AccountExportService, AccountDeletionService, PendingDeletions, OwnerCheck, SessionService, SessionVersions, AuthLogService, AuthThrottle, UsersService, JwtStrategy, LocalStrategy, LocalAuthGuard, OidcSignIn,
    ...TWO_FACTOR_PROVIDERS,
    { provide: RequestAuthenticator, useClass: JwtAuthenticator },
  ],
  exports: [RequestAuthenticator, SessionService, AuthLogService, UsersService, TwoFactorService, AccountDeletionService],
})
export class AuthModule {}
