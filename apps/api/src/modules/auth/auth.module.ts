import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
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
import { AuthLogEntity } from './entities/auth-log.entity';
import { EmailTokenEntity } from './entities/email-token.entity';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { SessionService } from './session.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Accounts (the users table), registration, verification, sign-in, sessions, password reset; also the authenticator behind the AccessGuard. */
@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, EmailTokenEntity, RefreshTokenEntity, AuthLogEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM public key on
        // every verification, which cost more than the rest of a request.
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return { secretOrKeyProvider: () => key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } };
      },
    }),
    MailModule,
    ProfilesModule,
  ],
  controllers: [AuthController, UsersController],
  providers: [AccountsService, SessionService, AuthLogService, AuthThrottle, UsersService, { provide: RequestAuthenticator, useExisting: SessionService }],
  exports: [RequestAuthenticator, SessionService, AuthLogService, UsersService],
})
export class AuthModule {}
