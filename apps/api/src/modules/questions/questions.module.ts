import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { QuestionEntity } from './entities/question.entity';
import { QuestionsController } from './questions.controller';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';
import { QuestionEvents } from './question-events';

/** Questions: asking, editing, the list and its search, the detail with its answers, dashboard counts; QuestionEvents tells `answers` of a new question. */
@Module({
  imports: [TypeOrmModule.forFeature([QuestionEntity]), ProfilesModule, NotificationsModule],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionsRepository, QuestionEvents],
  // The link importer creates its questions through the repository; QuestionEvents tells listeners of new questions.
  exports: [QuestionsRepository, QuestionEvents],
})
export class QuestionsModule {}
