import { Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox.service';
import { MailRelay } from './mail-relay.service';
import { MailSendProcessor } from './mail-send.processor';
import { MailService } from './mail.service';

/** Email: the outbox every request writes to, the worker's relay to the `mail` queue, and the job that sends. */
@Module({ providers: [MailService, MailOutbox, MailRelay, MailSendProcessor], exports: [MailOutbox, MailRelay] })
export class MailModule {}
