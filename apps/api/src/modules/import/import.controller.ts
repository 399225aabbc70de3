import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CreateImportBatchResponse, ImportBatchListResponse, ImportBatchView, ImportRowView, ImportTexts } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import {
  CreateImportBatchDto, CreateImportBatchResponseDto, ImportBatchListResponseDto, ImportBatchViewDto, ImportRowViewDto, ListImportBatchesQueryDto,
  PasteImportDto,
} from './dto/import.dto';
import { ImportService } from './import.service';

const batchId = new RecordIdPipe(ImportTexts.batchNotFound);
const rowId = new RecordIdPipe(ImportTexts.rowNotFound);

@ApiTags('link import')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'Admins only.' })
@Controller('import')
export class ImportController {
  constructor(private readonly imports: ImportService) {}

  @Post('batches')
  @Roles('admin')
  @ApiOperation({ summary: 'Import community threads from 1-20 links: one row per link, fetched and saved by the worker.' })
  @ApiCreatedResponse({ type: CreateImportBatchResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: "'Please enter a Link URL', 'Please enter a valid URL', more than 20 links." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: "question_id names no question: 'Question not found.'" })
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateImportBatchDto): Promise<CreateImportBatchResponse> {
    return this.imports.create(caller, body);
  }

  @Get('batches')
  @Roles('admin')
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A query parameter is out of range.' })
  @ApiOperation({ summary: 'Import batches, newest first, each with its rows and their live status.' })
  @ApiOkResponse({ type: ImportBatchListResponseDto })
  list(@Query() query: ListImportBatchesQueryDto): Promise<ImportBatchListResponse> {
    return this.imports.list(query);
  }

  @Get('batches/:id')
  @Roles('admin')
  @ApiOperation({ summary: 'One import batch with its rows and their live status.' })
  @ApiOkResponse({ type: ImportBatchViewDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  batch(@Param('id', batchId) id: number): Promise<ImportBatchView> {
    return this.imports.batch(id);
  }

  @Get('rows/:id')
  @Roles('admin')
  @ApiOperation({ summary: 'One import row: its link, status, stage and the question it made.' })
  @ApiOkResponse({ type: ImportRowViewDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  row(@Param('id', rowId) id: number): Promise<ImportRowView> {
    return this.imports.row(id);
  }

  @Post('rows/:id/retry')
  @Roles('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Queue a failed link again.' })
  @ApiOkResponse({ type: ImportRowViewDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The row has not failed.' })
  retry(@Param('id', rowId) id: number): Promise<ImportRowView> {
    return this.imports.retry(id);
  }

  @Post('rows/:id/paste')
  @Roles('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Resume a link the site does not let us fetch with its pasted text; the link stays the source.' })
  @ApiOkResponse({ type: ImportRowViewDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'No title or no replies in the text.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The row does not wait for pasted text.' })
  paste(@Param('id', rowId) id: number, @Body() body: PasteImportDto): Promise<ImportRowView> {
    return this.imports.paste(id, body.text);
  }
}
