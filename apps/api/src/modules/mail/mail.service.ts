import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig, REPO_ROOT } from '../../config/app-config';

export interface OutgoingMail {
  to: string;
  /** What the email is for (`verify-email`, `reset-password`, …), for the outbox and the logs. */
  kind: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the message is about; logged when there is no mail server, so a developer can follow it. */
  link?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export const MAIL_DIR = path.join(REPO_ROOT, 'var', 'mail');

/**
 * Sends over SMTP_URL; without it, writes each message to var/mail/<timestamp>-<id>.eml and logs its link.
 * Only the worker's `mail-send` job calls it: requests put their email in the outbox (MailOutbox).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl
      ? createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async onModuleDestroy(): Promise<void> {
    this.transport.close();
  }

  /** Returns the .eml file written when no mail server is configured. */
  async send(mail: OutgoingMail): Promise<{ file?: string }> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    if (this.config.smtpUrl) return {};
    const file = path.join(MAIL_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await mkdir(MAIL_DIR, { recursive: true });
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    // The recipient stays out of the log: the file holds it.
    this.logger.log(`Email "${mail.subject}" written to ${path.relative(REPO_ROOT, file)}${mail.link ? `; link: ${mail.link}` : ''}`);
    return { file };
  }
}
