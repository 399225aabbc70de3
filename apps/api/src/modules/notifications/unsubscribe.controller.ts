import { Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Messages } from '@cqa/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/access/access.decorator';
import { Client, type ClientInfo } from '../../common/access/client-info';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { FixedWindowLimiter } from '../../common/throttle/fixed-window-limiter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { isUnsubscribeToken } from './notification-rules';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page';

const WINDOW_SECONDS = 15 * 60;

/**
 * The one-click unsubscribe link of every notification e-mail (RFC 8058): public on purpose, since it must work from
 * a mail client without signing in; the random token in the path is the only credential, and its only power is turning
 * the owner's notification e-mails off. Counted per client IP first, so tokens cannot be tried in bulk.
 */
@ApiTags('notifications')
@ApiProduces('text/html')
@ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many unsubscribe requests from this address: try again later.' })
@Controller('unsubscribe')
export class UnsubscribeController {
  private readonly limiter: FixedWindowLimiter;
  private readonly keyPrefix: string;

  constructor(
    private readonly settings: NotificationSettingsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    redisClient: RedisClient,
  ) {
    this.keyPrefix = `${config.queuePrefix}:rl:unsubscribe:ip:`;
    this.limiter = new FixedWindowLimiter(
      {
        hit: async (key, windowSeconds) => {
          await redisClient.ready();
          const [[, count]] = (await redisClient.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [[null, number]];
          return count;
        },
      },
      WINDOW_SECONDS,
    );
  }

  @Get(':token')
  @Public()
  @ApiOperation({ summary: 'The unsubscribe link opened in a browser: a page asking to confirm (changes nothing by itself). No sign-in.' })
  @ApiParam({ name: 'token', description: 'The random token of the e-mail\'s link (43 base64url characters).' })
  @ApiOkResponse({ description: 'HTML page with the Unsubscribe button.' })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid.' })
  async confirm(@Param('token') token: string, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    await this.count(client.ip);
    const known = isUnsubscribeToken(token) && (await this.settings.tokenExists(token));
    await this.html(reply, known ? HttpStatus.OK : HttpStatus.NOT_FOUND, known ? confirmPage(token) : invalidPage());
  }

  @Post(':token')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'One-click unsubscribe (RFC 8058; body `List-Unsubscribe=One-Click`): turns the owner\'s notification e-mails off. No sign-in.' })
  @ApiParam({ name: 'token', description: 'The random token of the e-mail\'s link (43 base64url characters).' })
  @ApiOkResponse({ description: 'HTML page: unsubscribed.' })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid.' })
  async unsubscribe(@Param('token') token: string, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    await this.count(client.ip);
    const done = isUnsubscribeToken(token) && (await this.settings.unsubscribe(token));
    await this.html(reply, done ? HttpStatus.OK : HttpStatus.NOT_FOUND, done ? donePage() : invalidPage());
  }

  private async count(ip: string): Promise<void> {
    if (await this.limiter.isOverLimit([{ key: `${this.keyPrefix}${ip}`, limit: this.config.notifications.unsubscribePerIp }])) {
      throw new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  private async html(reply: FastifyReply, status: number, body: string): Promise<void> {
    await reply.status(status).type('text/html; charset=utf-8').send(body);
  }
}
