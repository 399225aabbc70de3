import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { QuestionSummary } from '@cqa/contracts';

/** The question row as the API shows it (toQuestionSummary): the list's items, and the head of the detail. */
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
