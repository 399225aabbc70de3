import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AnswerRetractionsRepository } from './answer-retractions.repository';
import { AnswersController } from './answers.controller';
import { ClaimChecksRepository } from './claim-checks.repository';
import { LiteratureRecordsRepository } from './literature/literature-records.repository';
import { AnswersRepository } from './answers.repository';
import { AnswersService } from './answers.service';
import { AnswerEntity } from './entities/answer.entity';
import { RatingEntity } from './entities/rating.entity';
import { QuestionDetailController } from './views/question-detail.controller';
import { QuestionDetailRepository } from './views/question-detail.repository';
import { QuestionDetailService } from './views/question-detail.service';
import { LiteratureRecordEntity } from './literature/literature-record.entity';

/**
 * Answers of every kind (AI, community, expert, deep research) and their ratings. It owns "an answer was produced":
 * the answer sources (AiAnswersModule in answers/ai, ResearchModule in answers/research, link import in
 * modules/import) import this module and publish through what it exports: AnswersRepository (over answer-writer.ts,
 * the one writer of cancer_answers), the verifier's claim checks, the retraction flags and the
 * literature records every source's runs link to (LiteratureRecordsRepository). The question page (GET
 * /questions/:id) is served here, from the answers' views (answers/views).
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnswerEntity, RatingEntity, LiteratureRecordEntity]), ProfilesModule, NotificationsModule],
  controllers: [AnswersController, QuestionDetailController],
  providers: [
    AnswersService, AnswersRepository, ClaimChecksRepository, AnswerRetractionsRepository, LiteratureRecordsRepository, QuestionDetailService,
    QuestionDetailRepository,
  ],
  exports: [AnswersRepository, ClaimChecksRepository, AnswerRetractionsRepository, LiteratureRecordsRepository],
})
export class AnswersModule {}
