import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { ResearchPlan, ResearchSubQuestion } from '@cqa/contracts';

/** Checked as a whole by planProblems() so the 400 lists every problem in words people understand. */
export class ResearchPlanDto implements ResearchPlan {
  @Allow() @ApiProperty({ description: '2 to 5 sub-questions, each { question, queries: { pubmed, europepmc, ctgov } }' }) subQuestions: ResearchSubQuestion[];
  @Allow() @ApiProperty({ type: [String] }) inclusionCriteria: string[];
  @Allow() @ApiProperty() yearFrom: number;
  @Allow() @ApiProperty() yearTo: number;
}
