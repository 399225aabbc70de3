import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AI_ANSWER_STAGES, AI_RUN_STATUSES, AI_RUN_TRIGGERS, AiAnswerStage, AiRunAdminRow, AiRunListResponse, AiRunStatus, AiRunTimings, AiRunTrigger,
  AiRunQueryView, AiRunView, AiSettings, ClaimCheckView, GenerateAiAnswerRequest, JUDGE_VERDICTS, JudgeResult, JudgeVerdict, SUPPORT_RULES, SupportRule,
  SupportRuleResult,
} from '@cqa/contracts';
import { IsBoolean, IsOptional } from 'class-validator';
import { PageParam, PerPageParam } from '../../../../common/http/pagination';

export class GenerateAiAnswerDto implements GenerateAiAnswerRequest {
  @ApiPropertyOptional({ default: true, description: 'A new run whose answer replaces the generated one (hand-typed AI answers stay). false: the existing answer is kept.' })
  @IsOptional() @IsBoolean({ message: 'regenerate must be true or false' })
  regenerate?: boolean;

  @ApiPropertyOptional({ description: "Tailor with the asking patient's minimised profile; unset keeps the question's earlier choice. Refused (400) unless AI_PHI_ALLOWED." })
  @IsOptional() @IsBoolean({ message: 'use_profile must be true or false' })
  use_profile?: boolean;
}

export class AiRunViewDto implements AiRunView {
  @ApiProperty() id: number;
  @ApiProperty() question_id: number;
  @ApiProperty({ enum: AI_RUN_STATUSES }) status: AiRunStatus;
  @ApiProperty({ enum: AI_ANSWER_STAGES }) stage: AiAnswerStage;
  @ApiProperty() done: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: String, nullable: true, description: "Why it failed; patients see only 'Failed to get AI answer'." }) error: string | null;
  @ApiProperty({ type: Number, nullable: true }) answer_id: number | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) finished_at: string | null;
}

export class AiRunResponseDto {
  @ApiProperty({ type: AiRunViewDto, nullable: true, description: 'The latest run of the question; null when none.' }) run: AiRunViewDto | null;
  @ApiProperty({ description: 'Whether an AI provider is configured.' }) configured: boolean;
}

export class AiSettingsDto implements AiSettings {
  @ApiProperty() configured: boolean;
  @ApiProperty({ description: 'AI_PHI_ALLOWED: whether the ask form may offer tailoring with the profile.' }) phiAllowed: boolean;
  @ApiProperty() autoAnswer: boolean;
}

export class AiRunTimingsDto implements AiRunTimings {
  @ApiProperty() retrieval: number;
  @ApiProperty() model: number;
  @ApiProperty() verification: number;
  @ApiProperty() publish: number;
  @ApiProperty() total: number;
}

export class AiRunAdminRowDto implements AiRunAdminRow {
  @ApiProperty() id: number;
  @ApiProperty() question_id: number;
  @ApiProperty() question_text: string;
  @ApiProperty({ enum: AI_RUN_TRIGGERS }) trigger: AiRunTrigger;
  @ApiProperty({ enum: AI_RUN_STATUSES }) status: AiRunStatus;
  @ApiProperty({ enum: AI_ANSWER_STAGES }) stage: AiAnswerStage;
  @ApiProperty({ type: String, nullable: true }) model: string | null;
  @ApiProperty() prompt_tokens: number;
  @ApiProperty() completion_tokens: number;
  @ApiProperty({ type: Number, nullable: true, description: 'US dollars; null when the price of the model is unknown.' }) cost_usd: number | null;
  @ApiProperty() use_profile: boolean;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ type: Number, nullable: true }) answer_id: number | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) finished_at: string | null;
  @ApiProperty({ type: Number, nullable: true }) duration_ms: number | null;
  @ApiProperty({ type: AiRunTimingsDto, nullable: true }) timings: AiRunTimingsDto | null;
}

class AiDailyLimitUsageDto {
  @ApiProperty({ description: 'AI_DAILY_LIMIT_PER_USER' }) perUser: number;
  @ApiProperty({ description: 'AI_DAILY_LIMIT_GLOBAL' }) global: number;
  @ApiProperty({ description: 'AI runs of the whole platform in the last 24 hours' }) usedGlobal: number;
}

class ResearchBudgetDto {
  @ApiProperty({ description: 'The per-person daily limit' }) perUser: number;
  @ApiProperty({ description: 'The platform-wide daily limit' }) global: number;
  @ApiProperty({ description: "What the platform took in the counter's current 24 hours (tokens: reserved and not given back)" }) usedGlobal: number;
  @ApiProperty({ type: String, nullable: true, description: "When the platform counter's 24 hours end; null while nothing was taken" }) resetsAt: string | null;
}

class ResearchBudgetUsageDto {
  @ApiProperty({ type: ResearchBudgetDto, description: 'RESEARCH_DAILY_STARTS_*: runs started or retried' }) starts: ResearchBudgetDto;
  @ApiProperty({ type: ResearchBudgetDto, description: 'RESEARCH_DAILY_TOKENS_*: tokens reserved at plan approval' }) tokens: ResearchBudgetDto;
}

class AdminLimitsDto {
  @ApiProperty({ type: AiDailyLimitUsageDto }) ai: AiDailyLimitUsageDto;
  @ApiProperty({ type: ResearchBudgetUsageDto }) research: ResearchBudgetUsageDto;
}

export class AiRunListResponseDto implements AiRunListResponse {
  @ApiProperty({ type: [AiRunAdminRowDto] }) items: AiRunAdminRowDto[];
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: AdminLimitsDto, required: false, description: 'The daily AI and deep research budgets and their use' }) limits?: AdminLimitsDto;
}

export class AiRunListQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam(100, 25)
  per_page?: number;
}

export class SupportRuleResultDto implements SupportRuleResult {
  @ApiProperty({ enum: SUPPORT_RULES }) rule: SupportRule;
  @ApiProperty() passed: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed; null when it passed.' }) detail: string | null;
}

export class JudgeResultDto implements JudgeResult {
  @ApiProperty({ enum: JUDGE_VERDICTS }) verdict: JudgeVerdict;
  @ApiProperty() reason: string;
}

export class ClaimCheckViewDto implements ClaimCheckView {
  @ApiProperty() position: number;
  @ApiProperty({ type: String, nullable: true, description: "Deep research: the report section; null for AI answers." }) section: string | null;
  @ApiProperty() text: string;
  @ApiProperty() published: boolean;
  @ApiProperty({ type: [String], description: 'Why it was withheld (provenance, rules, judge); empty when published.' }) reasons: string[];
  @ApiProperty({ type: [SupportRuleResultDto] }) rules: SupportRuleResultDto[];
  @ApiProperty({ type: JudgeResultDto, nullable: true, description: 'Null when not judged (withheld earlier, or AI_SUPPORT_JUDGE=off).' }) judge: JudgeResultDto | null;
}

export class AiRunQueryViewDto implements AiRunQueryView {
  @ApiProperty({ description: '0 for the first search, then each broadening.' }) step: number;
  @ApiProperty({ enum: ['pubmed', 'europepmc', 'ctgov'] }) database: AiRunQueryView['database'];
  @ApiProperty({ description: 'The query as sent (after the personal-data scrubber).' }) query: string;
  @ApiProperty({ enum: ['planner', 'fallback'] }) source: AiRunQueryView['source'];
  @ApiProperty({ type: Number, nullable: true, description: 'Records returned; null when the search failed.' }) found: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty() sent_at: string;
}
