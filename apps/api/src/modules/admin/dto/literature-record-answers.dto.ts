import { ApiProperty } from '@nestjs/swagger';
import { PageParam, PerPageParam } from '../../../common/http/pagination';
import type { CitingAnswer } from '../../answers/literature/literature-records.repository';

export class CitingAnswersQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam(100, 25)
  per_page?: number;
}

export class CitingAnswerDto implements CitingAnswer {
  @ApiProperty() answer_id: number;
  @ApiProperty({ enum: ['ai', 'deep_research'], description: 'The answer source: an AI answer or a deep research report.' }) source_kind: CitingAnswer['source_kind'];
  @ApiProperty({ description: 'The AI answer run or deep research run that used the record.' }) run_id: number;
  @ApiProperty() question_id: number;
  @ApiProperty({ description: "The question's text, cut at 200 characters." }) question_title: string;
}

export class CitingAnswersResponseDto {
  @ApiProperty({ type: [CitingAnswerDto] }) items: CitingAnswerDto[];
  @ApiProperty() total: number;
}
