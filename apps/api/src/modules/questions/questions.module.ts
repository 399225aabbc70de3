import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { QuestionEntity } from './entities/question.entity';
import { QuestionsController } from './questions.controller';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';
import { QuestionEventsModule } from './question-events';

/**
 * Questions: asking, editing, the list and its search, similar questions, dashboard counts; QuestionEvents tells
 * `answers` of a new question. The question page with its answers is answers' (answers/views).
 */
@Module({
  imports: [TypeOrmModule.forFeature([QuestionEntity]), ProfilesModule, NotificationsModule, QuestionEventsModule],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionsRepository],
  // The link importer creates its questions through the repository; QuestionEvents tells listeners of new questions.
  exports: [QuestionsRepository, QuestionEventsModule],
})
export class QuestionsModule {}
