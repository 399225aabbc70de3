import { Controller, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QUEUES_PASS_COOKIE } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../../common/access/access.decorator';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import { SessionService } from '../auth/session.service';

@ApiTags('admin')
@Controller('admin/queues-session')
export class QueuesSessionController {
  constructor(private readonly sessions: SessionService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Sets the short-lived, httpOnly cookie that lets this admin's browser open Bull Board at /admin/queues. */
  @Post()
  @Roles('admin')
  @ApiOperation({ summary: "Let this admin's browser open Bull Board at /admin/queues (a short-lived cookie)." })
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The cqa_queues cookie is set; open /admin/queues.' })
  async open(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const pass = await this.sessions.issueQueuesPass(user);
    void reply.setCookie(QUEUES_PASS_COOKIE.name, pass, {
      httpOnly: true,
      secure: this.config.isProduction || request.protocol !== 'http',
      sameSite: 'strict',
      path: QUEUES_PASS_COOKIE.path,
      maxAge: QUEUES_PASS_COOKIE.ttlSeconds,
    });
  }
}
