import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AnswerKind, CANCER_TYPES, CreateQuestionRequest, CreateQuestionResponse, DashboardStats, GENERAL_CANCER_TYPE, MAX_QUESTIONS_PER_PAGE, Messages,
  QUESTION_FILTERS, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH, QuestionApiTexts, QuestionFilter, QuestionListQuery, QUESTION_SCOPES, QuestionScope,
  QuestionListResponse, QUESTIONS_PER_PAGE, SEARCH_MAX_LENGTH, UpdateQuestionRequest, SIMILAR_MIN_LENGTH, SimilarQuestion, SimilarQuestionsRequest,
  SimilarQuestionsResponse,
} from '@cqa/contracts';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Rule } from '../../../common/errors/rule';
import { eachAnswerKind } from '../../../common/http/each-answer-kind';
import { PageParam, PerPageParam } from '../../../common/http/pagination';
import { QuestionSummaryDto } from '../entities/question-summary.dto';

export { QuestionSummaryDto };

export function questionTextProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return Messages.validation.questionTextRequired;
  if (value.trim().length < QUESTION_MIN_LENGTH) return Messages.validation.questionTooShort;
  if (value.length > QUESTION_MAX_LENGTH) return QuestionApiTexts.tooLong('Question', QUESTION_MAX_LENGTH);
  return null;
}

/** The question form's select offers the cancer types; 'General' or an empty value mean none. */
const ACCEPTED_CANCER_TYPES = new Set<string>([...CANCER_TYPES, GENERAL_CANCER_TYPE, '']);
export const cancerTypeProblem = (value: unknown) =>
  typeof value === 'string' && ACCEPTED_CANCER_TYPES.has(value.trim()) ? null : QuestionApiTexts.cancerTypeInvalid;

export class ListQuestionsQueryDto implements QuestionListQuery {
  @ApiPropertyOptional({ enum: QUESTION_FILTERS, default: 'all', description: 'answered: at least one expert answer; unanswered: none.' })
  @IsOptional() @IsIn(QUESTION_FILTERS, { message: `filter must be one of ${QUESTION_FILTERS.join(', ')}` })
  filter?: QuestionFilter;

  @ApiPropertyOptional({ enum: QUESTION_SCOPES, default: 'all', description: "mine: only the calling patient's own questions (patients only; other roles get 400)." })
  @IsOptional() @IsIn(QUESTION_SCOPES, { message: `scope must be one of ${QUESTION_SCOPES.join(', ')}` })
  scope?: QuestionScope;

  @ApiPropertyOptional({ description: "A cancer type; 'General' finds questions without one." })
  @IsOptional() @IsString() @MaxLength(100)
  cancer_type?: string;

  @ApiPropertyOptional({ maxLength: SEARCH_MAX_LENGTH, description: 'Words searched in the question and its answers (every word, as a prefix).' })
  @IsOptional() @IsString() @MaxLength(SEARCH_MAX_LENGTH)
  q?: string;

  @PageParam()
  page?: number;

  @PerPageParam(MAX_QUESTIONS_PER_PAGE, QUESTIONS_PER_PAGE)
  per_page?: number;
}

export class StatsQueryDto {
  @ApiPropertyOptional({ description: 'Count only questions (and, for admins, answers) of this cancer type.' })
  @IsOptional() @IsString() @MaxLength(100)
  cancer_type?: string;
}

export class CreateQuestionDto implements CreateQuestionRequest {
  @ApiProperty({ minLength: QUESTION_MIN_LENGTH, maxLength: QUESTION_MAX_LENGTH })
  @Rule('questionText', questionTextProblem)
  question_text: string;

  @ApiPropertyOptional({ enum: [...CANCER_TYPES, GENERAL_CANCER_TYPE], description: "Missing, empty or 'General': no cancer type." })
  @IsOptional() @Rule('cancerType', cancerTypeProblem)
  cancer_type?: string;

  @ApiPropertyOptional({
    default: false,
    description: "Patients: tailor the AI answer with an age band, cancer type, stage and treatment types from their profile. Refused (400) unless the server sets AI_PHI_ALLOWED=true.",
  })
  @IsOptional() @IsBoolean({ message: 'use_profile must be true or false' })
  use_profile?: boolean;
}

export class UpdateQuestionDto implements UpdateQuestionRequest {
  @ApiPropertyOptional({ minLength: QUESTION_MIN_LENGTH, maxLength: QUESTION_MAX_LENGTH })
  @IsOptional() @Rule('questionText', questionTextProblem)
  question_text?: string;

  @ApiPropertyOptional({ enum: [...CANCER_TYPES, GENERAL_CANCER_TYPE] })
  @IsOptional() @Rule('cancerType', cancerTypeProblem)
  cancer_type?: string;
}

export class QuestionListResponseDto implements QuestionListResponse {
  @ApiProperty({ type: [QuestionSummaryDto] }) items: QuestionSummaryDto[];
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
}

export class SimilarQuestionsRequestDto implements SimilarQuestionsRequest {
  @ApiProperty({ minLength: SIMILAR_MIN_LENGTH, maxLength: QUESTION_MAX_LENGTH, description: 'The text being typed (a question or search words).' })
  @IsString({ message: 'q must be text' }) @MinLength(SIMILAR_MIN_LENGTH) @MaxLength(QUESTION_MAX_LENGTH)
  q: string;
}

/** Answers per kind (one property per kind of ANSWER_KINDS). */
@eachAnswerKind({ type: Number })
export class AnswerCountsDto {}

export class SimilarQuestionDto implements SimilarQuestion {
  @ApiProperty() id: number;
  @ApiProperty() question_text: string;
  @ApiProperty({ type: AnswerCountsDto }) answer_counts: Record<AnswerKind, number>;
}

export class SimilarQuestionsResponseDto implements SimilarQuestionsResponse {
  @ApiProperty({ type: [SimilarQuestionDto] }) items: SimilarQuestionDto[];
}

export class CreateQuestionResponseDto implements CreateQuestionResponse {
  @ApiProperty() id: number;
}

export class DashboardStatsDto implements DashboardStats {
  @ApiProperty() totalPatients: number;
  @ApiProperty() totalQuestions: number;
  @ApiPropertyOptional({ description: 'Admins only.' }) totalExperts?: number;
  @ApiPropertyOptional({ description: 'Admins only.' }) totalAnswers?: number;
  @ApiPropertyOptional({ description: 'Admins only: accounts whose registration waits for approval.' }) waitingRegistrations?: number;
}
