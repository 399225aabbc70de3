import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createValidationPipe } from '../../../common/errors/validation';
import { LoginDto } from '../dto/auth.dto';
import type { UserEntity } from '../entities/user.entity';
import { LocalStrategy } from './local.strategy';
import { strategyRunner } from './run-strategy';

const validation = createValidationPipe();

/**
 * Runs passport's 'local' strategy (LocalStrategy) on POST /api/auth/login and puts the verified account on
 * request.user. Guards run before pipes, so the body is validated here first, with the global pipe's rules and messages.
 */
@Injectable()
export class LocalAuthGuard implements CanActivate {
  private readonly run: (request: object, reply: object) => Promise<UserEntity>;

  constructor(strategy: LocalStrategy) {
    this.run = strategyRunner('local', strategy);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: UserEntity }>();
    request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto });
    request.user = await this.run(request, http.getResponse());
    return true;
  }
}
