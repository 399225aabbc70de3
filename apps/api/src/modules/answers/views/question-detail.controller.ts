import { Controller, Get, Param } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Messages, QuestionDetail } from '@cqa/contracts';
import { Roles } from '../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { CurrentUser } from '../../../common/access/current-user';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import { RecordIdPipe } from '../../../common/http/record-id.pipe';
import { QuestionDetailDto } from './question-detail.dto';
import { QuestionDetailService } from './question-detail.service';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

/** GET /questions/:id: the question page's data, served where its answers' views live. */
@ApiTags('questions')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role or an owner the route does not allow.' })
@Controller()
export class QuestionDetailController {
  constructor(private readonly questions: QuestionDetailService) {}

  @Get('questions/:id')
  @Roles('patient', 'expert', 'admin')
  // The operation keeps the id it had under QuestionsController, so the published document stays the same.
  @ApiOperation({ operationId: 'QuestionsController_detail', summary: "A question with its answers by kind, each with its average rating, count and the caller's own rating." })
  @ApiOkResponse({ type: QuestionDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "'Question not found.'" })
  detail(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<QuestionDetail> {
    return this.questions.detail(caller, id);
  }
}
