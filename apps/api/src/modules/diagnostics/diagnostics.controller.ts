import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DevOnly } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { DiagnosticsService } from './diagnostics.service';
import { SelfCheckAcceptedDto, SelfCheckRequestDto, SelfCheckStatusDto } from './dto/self-check.dto';

@ApiTags('diagnostics')
@Controller('diagnostics')
export class DiagnosticsController {
  constructor(private readonly diagnostics: DiagnosticsService) {}

  @Post('self-check')
  @DevOnly()
  @ApiOperation({ summary: 'Queue a self-check job (development only): proves the worker takes jobs.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'holdMs is out of range.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'In production (the route does not exist there).' })
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: SelfCheckAcceptedDto, description: 'Queued for the worker.' })
  requestSelfCheck(@Body() body: SelfCheckRequestDto): Promise<SelfCheckAcceptedDto> {
    return this.diagnostics.requestSelfCheck(body.holdMs);
  }

  @Get('self-check/:id')
  @DevOnly()
  @ApiOperation({ summary: 'The state of a self-check job (development only).' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No self-check job with this id, or in production.' })
  @ApiOkResponse({ type: SelfCheckStatusDto })
  selfCheckStatus(@Param('id') id: string): Promise<SelfCheckStatusDto> {
    return this.diagnostics.selfCheckStatus(id);
  }
}
