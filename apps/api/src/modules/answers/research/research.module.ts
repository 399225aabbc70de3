import { Module } from '@nestjs/common';
import { AiModule } from '../../ai';
import { QuestionEventsModule } from '../../questions/question-events';
import { AnswersModule } from '../answers.module';
import { GenerationModule } from '../generation/generation.module';
import { RetractionRecheckProcessor } from '../generation/retraction-recheck.processor';
import { ResearchBudgets } from './research-budgets';
import { ResearchRecovery } from './research-recovery';
import { ResearchRunLifecycle } from './research-run-lifecycle';
import { ResearchController } from './research.controller';
import { ResearchRepository } from './research.repository';
import { ResearchRunner } from './research.runner';
import { ResearchService } from './research.service';
import { RESEARCH_STAGE_PROVIDERS } from './stages';
import { ResearchRequestsController } from './requests/research-requests.controller';
import { ResearchRequestsRepository } from './requests/research-requests.repository';
import { ResearchRequestsService } from './requests/research-requests.service';

/**
 * Deep research (docs/architecture.md: answers/research): HTTP routes and the 'research' queue's jobs. Booted by the
 * API and the worker alike. One of the answer sources beside AiAnswersModule and of the same shape: it publishes through
 * AnswersModule (the writer, the claim checks, the retraction flags) and asks AiModule for the provider and literature clients.
 */
@Module({
  // QuestionEvents: RESEARCH_AUTO plans research for each new patient question.
  imports: [AnswersModule, AiModule, GenerationModule, QuestionEventsModule],
  controllers: [ResearchController, ResearchRequestsController],
  providers: [
    ResearchBudgets, ResearchRepository, ResearchRunLifecycle, ResearchRunner, ResearchService, RetractionRecheckProcessor, ResearchRequestsRepository, ResearchRequestsService,
    ResearchRecovery, ...RESEARCH_STAGE_PROVIDERS,
  ],
  exports: [ResearchService],
})
export class ResearchModule {}
