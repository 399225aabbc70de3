import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfilesModule } from '../profiles/profiles.module';
import { AnswersController } from './answers.controller';
import { AnswersRepository } from './answers.repository';
import { AnswersService } from './answers.service';
import { AnswerEntity } from './entities/answer.entity';
import { RatingEntity } from './entities/rating.entity';

/**
 * Answers of every kind (AI, community, expert, deep research) and their ratings. The answer sources come here:
 * deep research in answers/research; the AI provider and literature clients in modules/ai, link import in modules/import.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AnswerEntity, RatingEntity]), ProfilesModule],
  controllers: [AnswersController],
  providers: [AnswersService, AnswersRepository],
  // The link importer writes community answers through the repository (this module keeps the question's counts).
  exports: [AnswersRepository],
})
export class AnswersModule {}
