import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import { AI_RUN_NOT_FOUND, AiAnswersService } from '../answers/ai/ai-answers.service';
import { ResearchService } from '../answers/research/research.service';
import { AiRunListQueryDto, AiRunListResponseDto, AiRunQueryViewDto, ClaimCheckViewDto } from '../answers/ai/dto/ai-answers.dto';

/** The AI answer runs with their usage and cost (answers' data, read through its service). */
@Controller('admin')
export class AdminAiRunsController {
  constructor(private readonly ai: AiAnswersService, private readonly research: ResearchService) {}

  @Get('ai-runs')
  @Roles('admin')
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'page or per_page out of range.' })
  @ApiTags('AI answers')
  @ApiOperation({
    summary: 'AI answer runs, newest first: question, trigger, status, model, tokens, cost, duration and time per stage; with the daily AI and deep research budgets and their use',
  })
  @ApiOkResponse({ type: AiRunListResponseDto })
  async list(@Query() query: AiRunListQueryDto): Promise<AiRunListResponseDto> {
    const [runs, ai, research] = await Promise.all([
      this.ai.listRuns(query.page ?? 1, query.per_page ?? 25), this.ai.limitsUsage(), this.research.budgetUsage(),
    ]);
    return { ...runs, limits: { ai, research } };
  }

  @Get('ai-runs/:id/claims')
  @Roles('admin')
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'AI run not found.' })
  @ApiTags('AI answers')
  @ApiOperation({ summary: "Every claim of one AI answer run as the verifier decided it: published or withheld, each rule's result, the judge's verdict and reason" })
  @ApiOkResponse({ type: [ClaimCheckViewDto] })
  claims(@Param('id', new RecordIdPipe(AI_RUN_NOT_FOUND)) id: number): Promise<ClaimCheckViewDto[]> {
    return this.ai.runClaims(id);
  }

  @Get('ai-runs/:id/queries')
  @Roles('admin')
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'AI run not found.' })
  @ApiTags('AI answers')
  @ApiOperation({ summary: 'Every literature search one AI answer run sent, where and when, from the planner or the rule builder: what left the platform' })
  @ApiOkResponse({ type: [AiRunQueryViewDto] })
  queries(@Param('id', new RecordIdPipe(AI_RUN_NOT_FOUND)) id: number): Promise<AiRunQueryViewDto[]> {
    return this.ai.runQueries(id);
  }
}
