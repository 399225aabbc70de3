import { ApiProperty } from '@nestjs/swagger';
import { DeclineResearchRequest, RESEARCH_DECLINE_REASON_MAX, RESEARCH_DECLINE_REASON_MIN, RESEARCH_QUEUE_PAGE_SIZE, ResearchRequestTexts } from '@cqa/contracts';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { PageParam, PerPageParam } from '../../../../common/http/pagination';

export class DeclineResearchRequestDto implements DeclineResearchRequest {
  @ApiProperty({ minLength: RESEARCH_DECLINE_REASON_MIN, maxLength: RESEARCH_DECLINE_REASON_MAX, description: 'Shown to the patient who asked.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: ResearchRequestTexts.declineReasonInvalid })
  @MinLength(RESEARCH_DECLINE_REASON_MIN, { message: ResearchRequestTexts.declineReasonInvalid })
  @MaxLength(RESEARCH_DECLINE_REASON_MAX, { message: ResearchRequestTexts.declineReasonInvalid })
  reason: string;
}

export class ResearchQueueQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam(100, RESEARCH_QUEUE_PAGE_SIZE)
  per_page?: number;
}
