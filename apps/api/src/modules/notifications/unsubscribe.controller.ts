import { Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Messages, UNSUBSCRIBE_LINK_LIFETIME_DAYS } from '@cqa/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/access/access.decorator';
import { Client, type ClientInfo } from '../../common/access/client-info';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { FixedWindowLimiter } from '../../common/throttle/fixed-window-limiter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { RedisClient } from '../../queues/redis-client.provider';
import { isUnsubscribeToken } from './notification-rules';
import { NotificationSettingsRepository, type UnsubscribeLinkState } from './notification-settings.repository';
import { confirmPage, donePage, expiredPage, invalidPage, spentPage } from './unsubscribe-page';

const WINDOW_SECONDS = 15 * 60;

/**
 * The one-click unsubscribe link of every notification e-mail (RFC 8058): public on purpose, since it must work from
 * a mail client without signing in; the random token in the path is the only credential, and its only power is turning
 * the owner's notification e-mails off, once, within UNSUBSCRIBE_LINK_LIFETIME_DAYS of its e-mail. Only unknown tokens count against the per-IP limit: a mail provider's
 * one-click POSTs for all its users come from a few shared addresses, and a real link must keep working for every one
 * of them. 256 random bits are what make guessing hopeless; the limit turns a flood of made-up links away.
 */
@ApiTags('notifications')
@ApiProduces('text/html')
@ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many unknown unsubscribe links from this address: try again later.' })
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
  @ApiOkResponse({ description: 'HTML page with the Unsubscribe button (or, for a link already used, "unsubscribed").' })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid.' })
  @ApiGoneResponse({ description: `HTML page: the link was used and its owner has turned e-mails on again since, or it is older than ${UNSUBSCRIBE_LINK_LIFETIME_DAYS} days (expired: sign in to change the e-mail settings).` })
  async confirm(@Param('token') token: string, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    const state = isUnsubscribeToken(token) ? await this.settings.linkState(token) : 'unknown';
    await this.answer(reply, state, client.ip, () => confirmPage(token));
  }

  @Post(':token')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'One-click unsubscribe (RFC 8058; body `List-Unsubscribe=One-Click`): turns the owner\'s notification e-mails off. No sign-in.' })
  @ApiParam({ name: 'token', description: 'The random token of the e-mail\'s link (43 base64url characters).' })
  @ApiOkResponse({ description: 'HTML page: unsubscribed (also when the link was used already and e-mails are still off).' })
  @ApiNotFoundResponse({ description: 'HTML page: the link is not valid.' })
  @ApiGoneResponse({ description: `HTML page: the link was used and its owner has turned e-mails on again since, or it is older than ${UNSUBSCRIBE_LINK_LIFETIME_DAYS} days (expired); nothing changes.` })
  async unsubscribe(@Param('token') token: string, @Client() client: ClientInfo, @Res() reply: FastifyReply): Promise<void> {
    const state = isUnsubscribeToken(token) ? await this.settings.unsubscribe(token) : 'unknown';
    await this.answer(reply, state, client.ip, donePage);
  }

  private async answer(reply: FastifyReply, state: UnsubscribeLinkState, ip: string, freshPage: () => string): Promise<void> {
    switch (state) {
      case 'fresh': return this.html(reply, HttpStatus.OK, freshPage());
      case 'done': return this.html(reply, HttpStatus.OK, donePage());
      case 'spent': return this.html(reply, HttpStatus.GONE, spentPage());
      case 'expired': return this.html(reply, HttpStatus.GONE, expiredPage());
      case 'unknown':
        await this.countUnknown(ip);
        return this.html(reply, HttpStatus.NOT_FOUND, invalidPage());
    }
  }

  private async countUnknown(ip: string): Promise<void> {
    if (await this.limiter.isOverLimit([{ key: `${this.keyPrefix}${ip}`, limit: this.config.notifications.unsubscribePerIp }])) {
      throw new HttpException(Messages.platform.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  private async html(reply: FastifyReply, status: number, body: string): Promise<void> {
    await reply.status(status).type('text/html; charset=utf-8').send(body);
  }
}
