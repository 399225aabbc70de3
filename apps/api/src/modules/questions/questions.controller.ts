import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  CreateQuestionResponse, DashboardStats, Messages, QuestionListResponse, QuestionSummary, SIMILAR_QUESTIONS_LIMIT, SimilarQuestionsResponse,
} from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import {
  CreateQuestionDto, CreateQuestionResponseDto, DashboardStatsDto, ListQuestionsQueryDto, QuestionListResponseDto,
  QuestionSummaryDto, SimilarQuestionsRequestDto, SimilarQuestionsResponseDto, StatsQueryDto, UpdateQuestionDto,
} from './dto/questions.dto';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import { QuestionsService } from './questions.service';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

@ApiTags('questions')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role or an owner the route does not allow.' })
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get('questions')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'List questions, newest first, filtered and searched; no total (Next is offered when a page is full). patient_id only for experts and admins.' })
  @ApiOkResponse({ type: QuestionListResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListQuestionsQueryDto): Promise<QuestionListResponse> {
    return this.questions.list(caller, query);
  }

  @Post('questions')
  @Roles('patient', 'admin')
  @ApiOperation({ summary: "Ask a question (patients: as their patient record) or create one by hand (admins: shown as 'Anonymous')." })
  @ApiCreatedResponse({ type: CreateQuestionResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Question text missing or shorter than 10 characters; unknown cancer type.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "'Patient not found for the given user ID'." })
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateQuestionDto): Promise<CreateQuestionResponse> {
    return this.questions.create(caller, body);
  }

  // POST, not GET: the text is a question being typed, which may hold health details, and stays out of URLs and access logs.
  @Post('questions/similar')
  @HttpCode(HttpStatus.OK)
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({
    summary: `Up to ${SIMILAR_QUESTIONS_LIMIT} answered questions sharing the medical topic of a text being typed (drugs, symptoms, cancers, procedures; a generic word such as chemotherapy alone is no match), most alike first, with their answer counts per source; none when nothing matches; never who asked.`,
  })
  @ApiOkResponse({ type: SimilarQuestionsResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'q missing, shorter than 3 characters or longer than a question.' })
  similar(@Body() body: SimilarQuestionsRequestDto): Promise<SimilarQuestionsResponse> {
    return this.questions.similar(body.q);
  }

  @Patch('questions/:id')
  @Roles('patient', 'admin')
  @ApiOperation({ summary: 'Edit the text and cancer type: patients their own questions, admins any.' })
  @ApiOkResponse({ type: QuestionSummaryDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  update(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Body() body: UpdateQuestionDto): Promise<QuestionSummary> {
    return this.questions.update(caller, id, body);
  }

  @Put('questions/:id')
  @Roles('patient', 'admin')
  @ApiOperation({ summary: 'The same as PATCH.' })
  @ApiOkResponse({ type: QuestionSummaryDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  replace(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Body() body: UpdateQuestionDto): Promise<QuestionSummary> {
    return this.questions.update(caller, id, body);
  }

  @Delete('questions/:id')
  @Roles('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a question with its answers and their ratings.' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ApiErrorDto })
  remove(@Param('id', questionId) id: number): Promise<void> {
    return this.questions.remove(id);
  }

  @Get('stats')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'Dashboard counts: patients and questions; admins also experts and answers. A cancer type narrows questions and answers.' })
  @ApiOkResponse({ type: DashboardStatsDto })
  stats(@CurrentUser() caller: AuthenticatedUser, @Query() query: StatsQueryDto): Promise<DashboardStats> {
    return this.questions.stats(caller, query.cancer_type);
  }
}
