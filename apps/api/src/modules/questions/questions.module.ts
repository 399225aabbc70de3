import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ResearchModule } from '../answers/research/research.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { QuestionEntity } from './entities/question.entity';
import { QuestionsController } from './questions.controller';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';

/** Questions: asking, editing, the list and its search, the detail with its answers, dashboard counts (HTTP only). */
@Module({
  imports: [TypeOrmModule.forFeature([QuestionEntity]), ProfilesModule, ResearchModule],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionsRepository],
  // The link importer creates its questions through the repository.
  exports: [QuestionsRepository],
})
export class QuestionsModule {}
