import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Messages, ResearchLatest, ResearchRunView, ResearchTexts } from '@cqa/contracts';
import { Roles } from '../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { CurrentUser } from '../../../common/access/current-user';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import { RecordIdPipe } from '../../../common/http/record-id.pipe';
import { ResearchPlanDto } from './research.dto';
import { CallsTheModel, ControlsResearch, ControlsRun } from './research-refusals';
import { ResearchService } from './research.service';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);
const runId = new RecordIdPipe(ResearchTexts.runNotFound);

@ApiTags('research')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role the route does not allow.' })
@Controller()
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  @Post('questions/:id/research')
  @ControlsResearch()
  @ApiCreatedResponse({ description: 'The new run (ResearchRunView), planning.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Question not found.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'A run of this question is already active.' })
  @CallsTheModel()
  @ApiOperation({ summary: "Start deep research (admins; experts when RESEARCH_EXPERTS_MAY_START). 503 'AI provider not configured'." })
  start(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<ResearchRunView> {
    return this.research.start(caller, id);
  }

  @Get('questions/:id/research')
  @Roles('patient', 'expert', 'admin')
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Question not found.' })
  @ApiOperation({ summary: 'The latest run with its stage, progress, plan and report; patients get the published report only.' })
  @ApiOkResponse({ description: 'ResearchLatest' })
  latest(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<ResearchLatest> {
    return this.research.latest(caller, id);
  }

  @Put('questions/:id/research/:runId/plan')
  @ControlsRun()
  @ApiOkResponse({ description: 'The run (ResearchRunView).' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The plan is invalid (every problem listed).' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The plan no longer waits for approval.' })
  @ApiOperation({ summary: 'Edit the plan while it waits for approval; validated (400 lists every problem).' })
  updatePlan(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id', questionId) id: number,
    @Param('runId', runId) run: number,
    @Body() body: ResearchPlanDto,
  ): Promise<ResearchRunView> {
    return this.research.updatePlan(caller, id, run, body);
  }

  @Post('questions/:id/research/:runId/approve')
  @ControlsRun()
  @ApiOkResponse({ description: 'The run (ResearchRunView).' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The plan is invalid (every problem listed).' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The plan no longer waits for approval.' })
  @CallsTheModel()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Approve the plan: the search starts.' })
  approve(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Param('runId', runId) run: number): Promise<ResearchRunView> {
    return this.research.approve(caller, id, run);
  }

  @Post('questions/:id/research/:runId/cancel')
  @ControlsRun()
  @ApiOkResponse({ description: 'The run (ResearchRunView).' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The run is not active.' })
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel a run: waiting steps are removed, running ones stop; nothing is published.' })
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Param('runId', runId) run: number): Promise<ResearchRunView> {
    return this.research.cancel(caller, id, run);
  }

  @Post('questions/:id/research/:runId/retry')
  @ControlsRun()
  @ApiOkResponse({ description: 'The run (ResearchRunView).' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Only a failed run can be retried.' })
  @CallsTheModel()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Retry a failed run from the step that failed.' })
  retry(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Param('runId', runId) run: number): Promise<ResearchRunView> {
    return this.research.retry(caller, id, run);
  }

}
