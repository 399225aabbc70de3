import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import type { AuthLogEvent } from '@cqa/contracts';
import type { ClientInfo } from '../../common/access/client-info';
import { userAccountKey } from './account-key';
import { AuthLogService } from './auth-log.service';
import { AuthThrottle } from './auth-throttle.service';
import { SessionService } from './session.service';

/**
 * The owner, not just a holder of the access token: the password again, before a change of the account (its second
 * factor, its password). A wrong one counts as a failed sign-in (reserved against the client address and the account
 * before argon2 runs, so a burst cannot pass; 429 over either limit) and is written to the auth log under `refusal`'s
 * event; a right one gives the reservation back.
 */
@Injectable()
export class OwnerCheck {
  constructor(private readonly throttle: AuthThrottle, private readonly sessions: SessionService, private readonly authLog: AuthLogService) {}

  async require(userId: string, password: string, client: ClientInfo, refusal: { event: AuthLogEvent; message: string }): Promise<void> {
    const account = userAccountKey(userId);
    await this.throttle.reserveSignIn(client.ip, account);
    let matches: boolean;
    try {
      matches = await this.sessions.passwordMatches(userId, password, client);
    } catch (error) {
      if (!(error instanceof HttpException)) await this.throttle.signInNotCounted(client.ip, account).catch(() => undefined);
      throw error;
    }
    if (!matches) {
      await this.authLog.record(refusal.event, userId, client);
      throw new BadRequestException(refusal.message);
    }
    await this.throttle.signInSucceeded(client.ip, account);
  }
}
