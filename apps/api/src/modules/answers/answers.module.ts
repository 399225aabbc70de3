import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { QuestionsModule } from '../questions/questions.module';
import { AiAnswerProcessor } from './ai/ai-answer.processor';
import { AiAnswersController } from './ai/ai-answers.controller';
import { AiAnswersService } from './ai/ai-answers.service';
import { AiRunsRepository } from './ai/ai-runs.repository';
import { AiRunEntity, AiRunRecordEntity } from './ai/entities/ai-run.entity';
import { LiteratureRecordEntity } from './ai/entities/literature-record.entity';
import { AnswersController } from './answers.controller';
import { ClaimChecksRepository } from './claim-checks.repository';
import { AnswersRepository } from './answers.repository';
import { AnswersService } from './answers.service';
import { AnswerEntity } from './entities/answer.entity';
import { RatingEntity } from './entities/rating.entity';

/**
 * Answers of every kind (AI, community, expert, deep research) and their ratings. The answer sources come here:
 * the AI answer in answers/ai (its job handler runs in the worker, so the worker boots this module), deep research in
 * answers/research; the AI provider and literature clients in modules/ai, link import in modules/import.
 * Exports AiAnswersService (isConfigured, requestAnswer, runStatus) for link import and the admin routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnswerEntity, RatingEntity, AiRunEntity, AiRunRecordEntity, LiteratureRecordEntity]), ProfilesModule, QuestionsModule, AiModule],
  controllers: [AnswersController, AiAnswersController],
  providers: [AnswersService, AnswersRepository, AiAnswersService, AiRunsRepository, AiAnswerProcessor, ClaimChecksRepository],
  // The link importer writes community answers through the repository (this module keeps the question's counts).
  exports: [AnswersRepository, AiAnswersService, ClaimChecksRepository],
})
export class AnswersModule {}
