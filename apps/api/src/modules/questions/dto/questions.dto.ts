import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AiAnswerDetails, ANSWER_KINDS, AnswerFeedbackView, AnswerKind, AnswerView, CANCER_TYPES, RATING_ROLES, RatingRole, RoleRatingSummary, COMMUNITY_ANSWER_LABEL, CommunityAnswerMeta, CreateQuestionRequest, CreateQuestionResponse, DashboardStats, GENERAL_CANCER_TYPE,
  MAX_QUESTIONS_PER_PAGE, Messages, QUESTION_FILTERS, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH, QuestionApiTexts, QuestionDetail,
  QuestionFilter, QuestionListQuery, QUESTION_SCOPES, QuestionScope, QuestionListResponse, QuestionSummary, QUESTIONS_PER_PAGE, SEARCH_MAX_LENGTH, UpdateQuestionRequest,
  EVIDENCE_GRADES, EvidenceGrade, SIMILAR_MIN_LENGTH, SimilarQuestion, SimilarQuestionsRequest, SimilarQuestionsResponse, SourceGlance, SOURCE_STATES, SourceState,
} from '@cqa/contracts';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Rule } from '../../../common/errors/rule';
import { PageParam, PerPageParam } from '../../../common/http/pagination';

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

export class QuestionSummaryDto implements QuestionSummary {
  @ApiProperty() id: number;
  @ApiProperty() question_text: string;
  @ApiProperty({ description: "'General' when none was given." }) cancer_type: string;
  @ApiProperty() created_at: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: "The asking patient's record id; null shows as 'Anonymous'. Left out for patients except on their own questions." }) patient_id?: string | null;
  @ApiProperty() answers_count: number;
  @ApiProperty() has_expert_answer: boolean;
  @ApiPropertyOptional({ description: 'Only on the asking patient\'s own questions in their list: answers arrived since they last opened it.' })
  has_new_answers?: boolean;
}

export class QuestionListResponseDto implements QuestionListResponse {
  @ApiProperty({ type: [QuestionSummaryDto] }) items: QuestionSummaryDto[];
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
}

export class CommunityAnswerMetaDto implements CommunityAnswerMeta {
  @ApiProperty() host: string;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601; null when the site did not say.' }) posted_at: string | null;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ enum: [COMMUNITY_ANSWER_LABEL] }) label: typeof COMMUNITY_ANSWER_LABEL;
}

export class RoleRatingSummaryDto implements RoleRatingSummary {
  @ApiProperty({ type: Number, nullable: true, description: 'One decimal; null when unrated.' }) average: number | null;
  @ApiProperty() count: number;
}

export class RatingsByRoleDto implements Record<RatingRole, RoleRatingSummary> {
  @ApiProperty({ type: RoleRatingSummaryDto }) expert: RoleRatingSummaryDto;
  @ApiProperty({ type: RoleRatingSummaryDto }) patient: RoleRatingSummaryDto;
}

export class AnswerFeedbackViewDto implements AnswerFeedbackView {
  @ApiProperty({ enum: RATING_ROLES }) role: RatingRole;
  @ApiProperty({ type: String, nullable: true, description: "The expert's account name; null for patients." }) author: string | null;
  @ApiProperty() rating: number;
  @ApiProperty() feedback: string;
  @ApiProperty() created_at: string;
}

export class AnswerViewDto implements AnswerView {
  @ApiProperty() id: number;
  @ApiProperty() question_id: number;
  @ApiProperty({ enum: ANSWER_KINDS }) answer_type: AnswerKind;
  @ApiProperty({ description: 'Markdown.' }) answer_text: string;
  @ApiProperty({ type: String, nullable: true }) explanation_logic: string | null;
  @ApiProperty({ type: [String] }) sources: string[];
  @ApiProperty({ type: String, nullable: true }) search_method: string | null;
  @ApiProperty({ type: String, nullable: true }) expert_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The author: an expert account's own name (never a client-sent value)." }) expert_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A custom label the expert gave, shown beside their name.' }) expert_label: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The expert account's specialty, for the byline; null when not given." }) expert_specialty: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The expert account's institution, for the byline; null when not given. The licence number is never sent." })
  expert_institution: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: Number, nullable: true, description: 'One decimal; null when unrated.' }) average_rating: number | null;
  @ApiProperty() rating_count: number;
  @ApiProperty({ type: RatingsByRoleDto }) ratings_by_role: RatingsByRoleDto;
  @ApiProperty({ type: [AnswerFeedbackViewDto], description: "Experts' feedback on AI and deep-research answers; admins also see patients' and all other feedback." })
  feedback: AnswerFeedbackViewDto[];
  @ApiProperty({ type: Number, nullable: true, description: "The caller's own rating." }) my_rating: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The caller's own feedback." }) my_feedback: string | null;
  @ApiProperty({ type: [String], description: 'Titles of cited papers retracted since publication (nightly re-check); empty when none.' }) retracted_sources: string[];
  @ApiPropertyOptional({ type: CommunityAnswerMetaDto, description: 'Imported community answers only: host, date, score and the anecdotal label.' })
  community?: CommunityAnswerMetaDto;
  @ApiProperty({
    type: 'object', additionalProperties: true, nullable: true,
    description: 'Generated AI answers only (AiAnswerDetails in contracts): sources with evidence level and retraction status, grade, model, generated_at, the published statements with their verbatim quotes (everyone), unsupported claims (staff only), profile fields used.',
  })
  ai_details: AiAnswerDetails | null;
}

export class AnswersByKindDto implements Record<AnswerKind, AnswerView[]> {
  @ApiProperty({ type: [AnswerViewDto] }) ai: AnswerViewDto[];
  @ApiProperty({ type: [AnswerViewDto] }) quora: AnswerViewDto[];
  @ApiProperty({ type: [AnswerViewDto] }) expert: AnswerViewDto[];
  @ApiProperty({ type: [AnswerViewDto] }) deep_research: AnswerViewDto[];
}

export class SourceGlanceDto implements SourceGlance {
  @ApiProperty({ enum: SOURCE_STATES, description: 'answered; working (a run is under way, nothing published yet); none.' }) state: SourceState;
  @ApiProperty({ type: String, nullable: true, description: "The running run's stage when working." }) stage: string | null;
  @ApiProperty({ enum: EVIDENCE_GRADES, nullable: true, description: "The newest graded answer's evidence certainty (AI answers, deep research)." }) grade: EvidenceGrade | null;
  @ApiProperty({ type: Number, nullable: true, description: "Average of all this source's ratings, one decimal." }) average_rating: number | null;
  @ApiProperty() rating_count: number;
}

export class GlanceByKindDto implements Record<AnswerKind, SourceGlance> {
  @ApiProperty({ type: SourceGlanceDto }) ai: SourceGlanceDto;
  @ApiProperty({ type: SourceGlanceDto }) quora: SourceGlanceDto;
  @ApiProperty({ type: SourceGlanceDto }) expert: SourceGlanceDto;
  @ApiProperty({ type: SourceGlanceDto }) deep_research: SourceGlanceDto;
}

export class QuestionDetailDto extends QuestionSummaryDto implements QuestionDetail {
  @ApiProperty({ type: AnswersByKindDto, description: 'Answers by kind, newest first within each.' }) answers: AnswersByKindDto;
  @ApiProperty({ type: GlanceByKindDto, description: 'Each source at a glance: state (with the stage while working), evidence grade, average rating.' })
  glance: GlanceByKindDto;
}

export class SimilarQuestionsRequestDto implements SimilarQuestionsRequest {
  @ApiProperty({ minLength: SIMILAR_MIN_LENGTH, maxLength: QUESTION_MAX_LENGTH, description: 'The text being typed (a question or search words).' })
  @IsString({ message: 'q must be text' }) @MinLength(SIMILAR_MIN_LENGTH) @MaxLength(QUESTION_MAX_LENGTH)
  q: string;
}

export class AnswerCountsDto implements Record<AnswerKind, number> {
  @ApiProperty() ai: number;
  @ApiProperty() quora: number;
  @ApiProperty() expert: number;
  @ApiProperty() deep_research: number;
}

export class SimilarQuestionDto implements SimilarQuestion {
  @ApiProperty() id: number;
  @ApiProperty() question_text: string;
  @ApiProperty({ type: AnswerCountsDto }) answer_counts: AnswerCountsDto;
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
