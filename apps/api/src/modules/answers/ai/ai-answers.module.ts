import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../../ai';
import { ProfilesModule } from '../../profiles/profiles.module';
import { QuestionsModule } from '../../questions/questions.module';
import { AnswersModule } from '../answers.module';
import { LiteratureRetrieval } from '../generation/retrieval';
import { AiAnswerProcessor } from './ai-answer.processor';
import { AiAnswersController } from './ai-answers.controller';
import { AiDailyLimits } from './ai-daily-limits';
import { AiRunRecovery } from './ai-run-recovery';
import { AiAnswersService } from './ai-answers.service';
import { AiRunsRepository } from './ai-runs.repository';
import { AiRunEntity, AiRunRecordEntity } from './entities/ai-run.entity';
import { LiteratureRecordEntity } from './entities/literature-record.entity';

/**
 * The AI answer, one of the answer sources beside ResearchModule and of the same shape: it publishes through
 * AnswersModule (the writer, the claim checks) and asks AiModule for the provider and the literature clients.
 * Its runs and retrieved literature (ai_runs, ai_run_records, literature_records), the `ai-answer` job (so the
 * worker boots it) and its routes. Exports AiAnswersService (isConfigured, requestAnswer, runStatus) for link import
 * and the admin routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AiRunEntity, AiRunRecordEntity, LiteratureRecordEntity]), AnswersModule, AiModule, ProfilesModule, QuestionsModule],
  controllers: [AiAnswersController],
  providers: [AiAnswersService, AiDailyLimits, AiRunsRepository, AiAnswerProcessor, AiRunRecovery, LiteratureRetrieval],
  exports: [AiAnswersService],
})
export class AiAnswersModule {}
