import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DevOnly } from '../../common/access/access.decorator';
import { DiagnosticsService } from './diagnostics.service';
import { SelfCheckAcceptedDto, SelfCheckRequestDto, SelfCheckStatusDto } from './dto/self-check.dto';

@ApiTags('diagnostics')
@Controller('diagnostics')
export class DiagnosticsController {
  constructor(private readonly diagnostics: DiagnosticsService) {}

  @Post('self-check')
  @DevOnly()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: SelfCheckAcceptedDto, description: 'Queued for the worker.' })
  requestSelfCheck(@Body() body: SelfCheckRequestDto): Promise<SelfCheckAcceptedDto> {
    return this.diagnostics.requestSelfCheck(body.holdMs);
  }

  @Get('self-check/:id')
  @DevOnly()
  @ApiOkResponse({ type: SelfCheckStatusDto })
  selfCheckStatus(@Param('id') id: string): Promise<SelfCheckStatusDto> {
    return this.diagnostics.selfCheckStatus(id);
  }
}
