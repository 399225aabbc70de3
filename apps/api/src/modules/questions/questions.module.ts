import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AnswersController } from './answers.controller';
import { AnswersService } from './answers.service';
import { AnswerEntity } from './entities/answer.entity';
import { QuestionEntity } from './entities/question.entity';
import { RatingEntity } from './entities/rating.entity';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** Questions, answers, ratings, search and dashboard counts (HTTP only; no job handlers). */
@Module({
  imports: [TypeOrmModule.forFeature([QuestionEntity, AnswerEntity, RatingEntity]), AuthModule],
  controllers: [QuestionsController, AnswersController],
  providers: [QuestionsService, AnswersService],
})
export class QuestionsModule {}
