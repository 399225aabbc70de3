import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ResearchRetractionFlag } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import { ResearchService } from '../answers/research/research.service';

/** Deep research's admin view (research data, read through its service). */
@ApiTags('admin')
@Controller('admin')
export class AdminResearchController {
  constructor(private readonly research: ResearchService) {}

  @Get('research/flags')
  @Roles('admin')
  @ApiOperation({ summary: 'Published deep research reports that now cite a retracted paper.' })
  flags(): Promise<ResearchRetractionFlag[]> {
    return this.research.flags();
  }
}
