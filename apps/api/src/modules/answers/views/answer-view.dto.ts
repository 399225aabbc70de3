import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AiAnswerDetails, ANSWER_KINDS, AnswerFeedbackView, AnswerKind, AnswerView, COMMUNITY_ANSWER_LABEL, CommunityAnswerMeta, RATING_ROLES, RatingRole,
  RoleRatingSummary,
} from '@cqa/contracts';

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
