import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { QuestionsModule } from '../../questions/questions.module';
import { AnswersRepository } from '../answers.repository';
import { AnswerRetractionsRepository } from '../answer-retractions.repository';
import { ClaimChecksRepository } from '../claim-checks.repository';
import { ResearchRecheckProcessor } from './research-recheck.processor';
import { ResearchController } from './research.controller';
import { ResearchRepository } from './research.repository';
import { ResearchRunner } from './research.runner';
import { ResearchService } from './research.service';

/**
 * Deep research (docs/architecture.md: answers/research): HTTP routes and the 'research' queue's jobs. Booted by the
 * API and the worker alike. It publishes through the answers repository, so the question's counts stay right.
 */
@Module({
  // QuestionEvents: RESEARCH_AUTO plans research for each new patient question.
  imports: [QuestionsModule, AiModule],
  controllers: [ResearchController],
  providers: [AnswersRepository, AnswerRetractionsRepository, ClaimChecksRepository, ResearchRepository, ResearchRunner, ResearchService, ResearchRecheckProcessor],
  exports: [ResearchService],
})
export class ResearchModule {}
