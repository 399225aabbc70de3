import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse,
  ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AiRunView, AiSettings, Messages } from '@cqa/contracts';
import { Roles } from '../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { CurrentUser } from '../../../common/access/current-user';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import { RecordIdPipe } from '../../../common/http/record-id.pipe';
import { AiAnswersService } from './ai-answers.service';
import { AiRunResponseDto, AiRunViewDto, AiSettingsDto, GenerateAiAnswerDto } from './dto/ai-answers.dto';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

@ApiTags('AI answers')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'A role the route does not allow.' })
@Controller()
export class AiAnswersController {
  constructor(private readonly ai: AiAnswersService) {}

  @Post('questions/:id/ai-answer')
  @Roles('admin')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "Generate (or regenerate, or retry) the question's AI answer: queues an `ai-answer` run, or returns the one already running." })
  @ApiAcceptedResponse({ type: AiRunViewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'use_profile while AI_PHI_ALLOWED is false.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "'Question not found.'" })
  @ApiTooManyRequestsResponse({ type: ApiErrorDto, description: 'Over AI_DAILY_LIMIT_PER_USER or AI_DAILY_LIMIT_GLOBAL.' })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: "'AI provider not configured'." })
  async generate(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number, @Body() body: GenerateAiAnswerDto): Promise<AiRunView> {
    const { runId } = await this.ai.requestAnswer(id, {
      requestedBy: caller.id, trigger: 'admin', regenerate: body.regenerate ?? true, useProfile: body.use_profile,
    });
    return this.ai.runStatus(runId);
  }

  @Get('questions/:id/ai-run')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "The question's latest AI run (stage and progress while it runs) for polling; patients see only the failure text." })
  @ApiOkResponse({ type: AiRunResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "'Question not found.'" })
  async latestRun(@CurrentUser() caller: AuthenticatedUser, @Param('id', questionId) id: number): Promise<AiRunResponseDto> {
    return { run: await this.ai.latestRunFor(caller, id), configured: this.ai.isConfigured() };
  }

  @Get('ai/settings')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'What the web offers: whether AI is configured, whether profile tailoring is allowed, whether new questions are answered at once.' })
  @ApiOkResponse({ type: AiSettingsDto })
  settings(): AiSettings {
    return this.ai.settings();
  }
}
