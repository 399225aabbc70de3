import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Messages, ResearchQueueResponse, ResearchRequestTexts, ResearchRequestView, ResearchRunView } from '@cqa/contracts';
import { Roles } from '../../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../../common/access/access.guard';
import { CurrentUser } from '../../../../common/access/current-user';
import { CallsTheModel, ControlsResearch } from '../research-refusals';
import { ApiErrorDto } from '../../../../common/http/api-error.dto';
import { RecordIdPipe } from '../../../../common/http/record-id.pipe';
import { DeclineResearchRequestDto, ResearchQueueQueryDto } from './research-requests.dto';
import { ResearchRequestsService } from './research-requests.service';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);
const requestId = new RecordIdPipe(ResearchRequestTexts.notFound);

@ApiTags('research')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role the route does not allow, or not the question of the caller.' })
@Controller()
export class ResearchRequestsController {
  constructor(private readonly requests: ResearchRequestsService) {}

  @Post('questions/:id/research-request')
  @Roles('patient')
  @ApiCreatedResponse({ description: 'ResearchRequestView, requested.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Question not found.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Deep research was already requested for this question.' })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Too many requests this hour, or the daily deep research budgets are spent: nothing is queued.' })
  @CallsTheModel()
  @ApiOperation({ summary: 'The patient asks for deep research on their own question (one request per question).' })
  request(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<ResearchRequestView> {
    return this.requests.request(caller, id);
  }

  @Delete('questions/:id/research-request')
  @Roles('patient')
  @ApiOkResponse({ description: 'ResearchRequestView, cancelled.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No request on this question.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Already reviewed: it can no longer be cancelled.' })
  @ApiOperation({ summary: 'The patient cancels their request before an expert reviews it.' })
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<ResearchRequestView> {
    return this.requests.cancel(caller, id);
  }

  @Get('research-requests')
  @Roles('admin', 'expert')
  @ApiOkResponse({ description: 'ResearchQueueResponse: open requests, oldest first.' })
  @ApiOperation({ summary: 'The "Research requests" review queue (experts when RESEARCH_EXPERTS_MAY_START).' })
  queue(@CurrentUser() caller: AuthenticatedUser, @Query() query: ResearchQueueQueryDto): Promise<ResearchQueueResponse> {
    return this.requests.queue(caller, query.page, query.per_page);
  }

  @Post('research-requests/:id/take')
  @ControlsResearch()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The new run (ResearchRunView), planning; its plan is then reviewed on the question.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Research request not found.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Another reviewer has already taken or declined this request.' })
  @CallsTheModel()
  @ApiOperation({ summary: 'Take a request: its deep research run starts (first reviewer wins).' })
  take(@CurrentUser() caller: AuthenticatedUser, @Param('id', requestId) id: number): Promise<ResearchRunView> {
    return this.requests.take(caller, id);
  }

  @Post('research-requests/:id/decline')
  @ControlsResearch()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'ResearchRequestView, declined.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The reason is missing or too long.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Research request not found.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'Taken by another reviewer, or its search has started.' })
  @ApiOperation({ summary: 'Decline a request with a reason the patient sees (before review, or while its plan is reviewed).' })
  decline(@CurrentUser() caller: AuthenticatedUser, @Param('id', requestId) id: number, @Body() body: DeclineResearchRequestDto): Promise<ResearchRequestView> {
    return this.requests.decline(caller, id, body.reason);
  }
}
