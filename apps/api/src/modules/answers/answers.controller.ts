import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Patch, Post, Put, UseFilters } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AnswerView, Messages, QuestionApiTexts } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import { CreateAnswerDto, RateAnswerDto, UpdateAnswerDto } from './dto/answers.dto';
import { AnswerViewDto } from './views/answer-view.dto';
import { AnswersService } from './answers.service';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import { LoginToRateFilter } from './login-to-rate.filter';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);
const answerId = new RecordIdPipe(QuestionApiTexts.answerNotFound);

@ApiTags('answers')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role or an owner the route does not allow.' })
@Controller()
export class AnswersController {
  constructor(private readonly answers: AnswersService) {}

  @Post('questions/:id/answers')
  @Roles('expert', 'admin')
  @ApiOperation({ summary: "Answer a question. Experts: expert answers only, named after them by default. Admins: any kind." })
  @ApiCreatedResponse({ type: AnswerViewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Answer text missing; for expert answers also explanation, a source or the search method.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "'Question not found.'" })
  create(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Body() body: CreateAnswerDto): Promise<AnswerView> {
    return this.answers.create(caller, id, body);
  }

  @Patch('answers/:id')
  @Roles('expert', 'admin')
  @ApiOperation({ summary: 'Edit an answer: experts their own expert answers, admins any. The kind stays.' })
  @ApiOkResponse({ type: AnswerViewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  update(@CurrentUser() caller: AuthenticatedUser, @Param('id', answerId) id: number, @Body() body: UpdateAnswerDto): Promise<AnswerView> {
    return this.answers.update(caller, id, body);
  }

  @Put('answers/:id')
  @Roles('expert', 'admin')
  @ApiOperation({ summary: 'The same as PATCH.' })
  @ApiOkResponse({ type: AnswerViewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  replace(@CurrentUser() caller: AuthenticatedUser, @Param('id', answerId) id: number, @Body() body: UpdateAnswerDto): Promise<AnswerView> {
    return this.answers.update(caller, id, body);
  }

  @Delete('answers/:id')
  @Roles('expert', 'admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete an answer and its ratings: experts their own expert answers, admins any.' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ApiErrorDto })
  remove(@CurrentUser() caller: AuthenticatedUser, @Param('id', answerId) id: number): Promise<void> {
    return this.answers.remove(caller, id);
  }

  @Put('answers/:id/rating')
  @Roles('patient', 'expert')
  @UseFilters(LoginToRateFilter)
  @ApiOperation({
    summary: 'Rate 1-5 with optional feedback; rating again updates. Patients rate any answer, experts any but their own; admins never.',
  })
  @ApiOkResponse({ type: AnswerViewDto, description: 'The answer with its new average, count and the caller\'s rating.' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: "'Please log in to rate answers'." })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "Unknown answer, or 'Patient not found for the given user ID'." })
  rate(@CurrentUser() caller: AuthenticatedUser, @Param('id', answerId) id: number, @Body() body: RateAnswerDto): Promise<AnswerView> {
    return this.answers.rate(caller, id, body);
  }
}
