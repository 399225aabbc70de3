import { ApiProperty } from '@nestjs/swagger';
import { AnswerKind, AnswerView, EVIDENCE_GRADES, EvidenceGrade, QuestionDetail, SourceGlance, SOURCE_STATES, SourceState } from '@cqa/contracts';
import { QuestionSummaryDto } from '../../questions/entities/question-summary.dto';
import { eachAnswerKind } from '../../../common/http/each-answer-kind';
import { AnswerViewDto } from './answer-view.dto';

/** Answers per kind (one property per kind of ANSWER_KINDS). */
@eachAnswerKind({ type: [AnswerViewDto] })
export class AnswersByKindDto {}

export class SourceGlanceDto implements SourceGlance {
  @ApiProperty({ enum: SOURCE_STATES, description: 'answered; working (a run is under way, nothing published yet); none.' }) state: SourceState;
  @ApiProperty({ type: String, nullable: true, description: "The running run's stage when working." }) stage: string | null;
  @ApiProperty({ enum: EVIDENCE_GRADES, nullable: true, description: "The newest graded answer's evidence certainty (AI answers, deep research)." }) grade: EvidenceGrade | null;
  @ApiProperty({ type: Number, nullable: true, description: "Average of all this source's ratings, one decimal." }) average_rating: number | null;
  @ApiProperty() rating_count: number;
}

/** Each source at a glance (one property per kind of ANSWER_KINDS). */
@eachAnswerKind({ type: SourceGlanceDto })
export class GlanceByKindDto {}

export class QuestionDetailDto extends QuestionSummaryDto implements QuestionDetail {
  @ApiProperty({ type: AnswersByKindDto, description: 'Answers by kind, newest first within each.' }) answers: Record<AnswerKind, AnswerView[]>;
  @ApiProperty({ type: GlanceByKindDto, description: 'Each source at a glance: state (with the stage while working), evidence grade, average rating.' })
  glance: Record<AnswerKind, SourceGlance>;
}
