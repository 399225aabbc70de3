import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import { LiteratureRecordsRepository } from '../answers/literature/literature-records.repository';
import { CitingAnswersQueryDto, CitingAnswersResponseDto } from './dto/literature-record-answers.dto';

export const LITERATURE_RECORD_NOT_FOUND = 'Literature record not found.';

/** The retrieved literature (answers' data): which published answers cite one record. */
@ApiTags('admin')
@Controller('admin')
export class AdminLiteratureController {
  constructor(private readonly records: LiteratureRecordsRepository) {}

  @Get('literature-records/:id/answers')
  @Roles('admin')
  @ApiOperation({ summary: 'The published AI answers and deep research reports citing one literature record, newest first, with their question' })
  @ApiOkResponse({ type: CitingAnswersResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'page or per_page out of range.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'Literature record not found.' })
  async answers(
    @Param('id', new RecordIdPipe(LITERATURE_RECORD_NOT_FOUND)) id: number,
    @Query() query: CitingAnswersQueryDto,
  ): Promise<CitingAnswersResponseDto> {
    if (!(await this.records.exists(id))) throw new NotFoundException(LITERATURE_RECORD_NOT_FOUND);
    return this.records.citingAnswers(id, query.page ?? 1, query.per_page ?? 25);
  }
}
