import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountDeletionTexts, landingHref, Role } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo } from '../../../common/access/client-info';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/app-config';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { deletionCancelledMail, deletionScheduledMail } from '../../mail/mail-templates';
import { AuthLogService } from '../auth-log.service';

const DAY_MS = 24 * 3600 * 1000;

export type DeletionRequester = { by: 'self' } | { by: 'admin'; adminId: string; note: string };

/** What a sign-in finds: nothing pending, a pending deletion it has just cancelled, or an account erased meanwhile. */
export type SignInDeletionOutcome = 'none' | 'cancelled' | 'erased';

/**
 * The pending deletions of accounts (issue 44), `account_deletions`: scheduled by the owner or an admin with the e-mail
 * that says what goes and what stays, cancelled by a sign-in or an admin. The row and its e-mail commit together.
 */
@Injectable()
export class PendingDeletions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: MailOutbox,
    private readonly authLog: AuthLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Schedules the erasure at now + the grace period (a second request moves the date); returns that date. */
  async schedule(user: { id: string; email: string; role: Role }, requester: DeletionRequester, client: ClientInfo): Promise<Date> {
    const due = new Date(Date.now() + this.config.ops.accountDeletionGraceDays * DAY_MS);
    const mail = deletionScheduledMail(user.email, due, requester.by === 'admin', AccountDeletionTexts, this.signInLink(user.role));
    const outboxId = await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO account_deletions (user_id, due_at, requested_by, admin_id, note) VALUES (?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE requested_at = CURRENT_TIMESTAMP(3), due_at = VALUES(due_at), requested_by = VALUES(requested_by),
           admin_id = VALUES(admin_id), note = VALUES(note)`,
        [user.id, due, requester.by, requester.by === 'admin' ? requester.adminId : null, requester.by === 'admin' ? requester.note : null],
      );
      return this.outbox.add(tx, mail);
    });
    this.outbox.enqueueAfterCommit([outboxId]);
    await this.authLog.record('deletion_requested', user.id, client);
    return due;
  }

  /** Cancels a pending deletion, e-mailing its owner; false when none was pending. */
  async cancel(user: { id: string; email: string; role: Role }, byAdmin: boolean, client: ClientInfo): Promise<boolean> {
    const mail = deletionCancelledMail(user.email, byAdmin, this.signInLink(user.role));
    const outboxId = await this.dataSource.transaction(async (tx) => {
      const result = (await tx.query('DELETE FROM account_deletions WHERE user_id = ? AND erased_at IS NULL', [user.id])) as { affectedRows: number };
      return result.affectedRows ? this.outbox.add(tx, mail) : null;
    });
    if (!outboxId) return false;
    this.outbox.enqueueAfterCommit([outboxId]);
    await this.authLog.record('deletion_cancelled', user.id, client);
    return true;
  }

  /**
   * Every sign-in passes here (SessionService.startSession): a pending deletion ends. One cheap read when none is
   * pending; the erasure locks the row, so a sign-in racing it either cancels it first or finds it erased.
   */
  async onSignIn(user: { id: string; email: string; role: Role }, client: ClientInfo): Promise<SignInDeletionOutcome> {
    const [row] = (await this.dataSource.query('SELECT erased_at FROM account_deletions WHERE user_id = ?', [user.id])) as { erased_at: Date | null }[];
    if (!row) return 'none';
    if (row.erased_at) return 'erased';
    if (await this.cancel(user, false, client)) return 'cancelled';
    const [after] = (await this.dataSource.query('SELECT erased_at FROM account_deletions WHERE user_id = ?', [user.id])) as { erased_at: Date | null }[];
    return after?.erased_at ? 'erased' : 'none';
  }

  /** Every pending deletion's due date by account (a handful at any time). */
  async dueByUser(): Promise<Map<string, Date>> {
    const rows = (await this.dataSource.query('SELECT user_id, due_at FROM account_deletions WHERE erased_at IS NULL')) as { user_id: string; due_at: Date }[];
    return new Map(rows.map((r) => [r.user_id, new Date(r.due_at)]));
  }

  async pendingDue(userId: string): Promise<Date | null> {
    const [row] = (await this.dataSource.query('SELECT due_at FROM account_deletions WHERE user_id = ? AND erased_at IS NULL', [userId])) as { due_at: Date }[];
    return row ? new Date(row.due_at) : null;
  }

  /** Only patients and experts are deleted this way (AccountDeletionService), both signing in on the landing page. */
  private signInLink(role: Role): string {
    return `${this.config.publicUrl}${landingHref({ role: role === Role.Expert ? Role.Expert : Role.Patient, mode: 'login' })}`;
  }
}
