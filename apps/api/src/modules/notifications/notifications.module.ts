import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AnswerMails } from './answer-mails.service';
import { ExpertDigest } from './expert-digest.service';
import { NewAnswersRepository } from './new-answers.repository';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationsController } from './notifications.controller';
import { UnsubscribeController } from './unsubscribe.controller';

/**
 * Telling people: answer e-mails batched per question (AnswerMails, fed by the answer writer's `answer_events`), the
 * experts' daily digest, the e-mail settings, the one-click unsubscribe link, and the patients' "New answers" marks.
 */
@Module({
  imports: [MailModule],
  controllers: [NotificationsController, UnsubscribeController],
  providers: [NotificationSettingsRepository, NewAnswersRepository, AnswerMails, ExpertDigest],
  exports: [NewAnswersRepository, AnswerMails],
})
export class NotificationsModule {}
