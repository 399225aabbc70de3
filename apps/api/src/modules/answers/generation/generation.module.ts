import { Module } from '@nestjs/common';
import { AiModule } from '../../ai';
import { LiteratureRetrieval } from './retrieval';

/**
 * What every generated answer source shares as Nest providers (docs/architecture.md: answers/generation): the one
 * retrieval pipeline, over AiModule's literature clients. AiAnswersModule and ResearchModule import it.
 */
@Module({
  imports: [AiModule],
  providers: [LiteratureRetrieval],
  exports: [LiteratureRetrieval],
})
export class GenerationModule {}
