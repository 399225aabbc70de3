import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../../ai';
import { ProfilesModule } from '../../profiles/profiles.module';
import { QuestionEventsModule } from '../../questions/question-events';
import { AnswersModule } from '../answers.module';
import { GenerationModule } from '../generation/generation.module';
import { AiAnswerProcessor } from './ai-answer.processor';
import { AiAnswersController } from './ai-answers.controller';
import { AiDailyLimits } from './ai-daily-limits';
import { AiRunRecovery } from './ai-run-recovery';
import { AiAnswersService } from './ai-answers.service';
import { AiRunsRepository } from './ai-runs.repository';
import { AiRunEntity, AiRunRecordEntity } from './entities/ai-run.entity';

/**
 * The AI answer, one of the answer sources beside ResearchModule and of the same shape: it publishes through
 * AnswersModule (the writer, the claim checks) and asks AiModule for the provider and the literature clients.
 * Its runs and their links to the literature records (ai_runs, ai_run_records), the `ai-answer` job (so the worker
 * boots it) and its routes. Exports AiAnswersService (isConfigured, requestAnswer, runStatus) for link import
 * and the admin routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AiRunEntity, AiRunRecordEntity]), AnswersModule, AiModule, GenerationModule, ProfilesModule, QuestionEventsModule],
  controllers: [AiAnswersController],
  providers: [AiAnswersService, AiDailyLimits, AiRunsRepository, AiAnswerProcessor, AiRunRecovery],
  exports: [AiAnswersService],
})
export class AiAnswersModule {}
