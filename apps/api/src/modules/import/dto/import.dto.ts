import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CreateImportBatchRequest, CreateImportBatchResponse, IMPORT_BATCHES_PER_PAGE, IMPORT_MAX_URLS, IMPORT_PASTE_MAX_LENGTH, IMPORT_ROW_STATUSES,
  ImportBatchListResponse, ImportBatchView, ImportRowStatus, ImportRowView, ImportTexts, importUrlsProblem, PasteImportRequest,
} from '@cqa/contracts';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { Rule } from '../../../common/errors/rule';
import { cancerTypeProblem } from '../../questions/dto/questions.dto';
import { PageParam, PerPageParam } from '../../../common/http/pagination';

/** 'Please enter a Link URL' for none, 'Please enter a valid URL' for any entry that is not an http(s) link. */
export function importUrlListProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return importUrlsProblem([]);
  if (!value.every((v) => typeof v === 'string')) return importUrlsProblem(['not a url']);
  if (value.length > IMPORT_MAX_URLS) return ImportTexts.tooManyUrls;
  return importUrlsProblem(value as string[]);
}

export class CreateImportBatchDto implements CreateImportBatchRequest {
  @ApiProperty({ type: [String], minItems: 1, maxItems: IMPORT_MAX_URLS, description: 'http(s) links, one thread each; trimmed, blanks dropped, repeats merged.' })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value))
  @Rule('urls', importUrlListProblem)
  urls: string[];

  @ApiPropertyOptional({ default: 'General', description: 'Cancer type of the new questions; ignored with question_id.' })
  @IsOptional() @Rule('cancer_type', cancerTypeProblem)
  cancer_type?: string;

  @ApiPropertyOptional({ description: 'Add the community answers to this question instead of creating one per link.' })
  @IsOptional() @IsInt() @Min(1)
  question_id?: number;
}

export class PasteImportDto implements PasteImportRequest {
  @ApiProperty({ maxLength: IMPORT_PASTE_MAX_LENGTH, description: 'The title on the first line, then the replies separated by blank lines.' })
  @IsString() @MaxLength(IMPORT_PASTE_MAX_LENGTH)
  text: string;
}

export class ListImportBatchesQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam(50, IMPORT_BATCHES_PER_PAGE)
  per_page?: number;

  @ApiPropertyOptional({ description: 'Only the batches that added answers to this question.' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  question_id?: number;
}

export class ImportRowViewDto implements ImportRowView {
  @ApiProperty() id: number;
  @ApiProperty() batch_id: number;
  @ApiProperty() url: string;
  @ApiProperty({ enum: IMPORT_ROW_STATUSES }) status: ImportRowStatus;
  @ApiProperty({ type: String, nullable: true }) stage: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, or why the thread must be pasted.' }) error: string | null;
  @ApiProperty({ type: Number, nullable: true }) question_id: number | null;
  @ApiProperty() answers_created: number;
  @ApiProperty({ type: Number, nullable: true }) ai_run_id: number | null;
  @ApiProperty({ type: String, nullable: true }) ai_note: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class ImportBatchViewDto implements ImportBatchView {
  @ApiProperty() id: number;
  @ApiProperty() cancer_type: string;
  @ApiProperty({ type: Number, nullable: true }) question_id: number | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: [ImportRowViewDto] }) rows: ImportRowViewDto[];
}

export class CreateImportBatchResponseDto implements CreateImportBatchResponse {
  @ApiProperty({ type: ImportBatchViewDto, nullable: true, description: 'Null when every link was imported there before.' }) batch: ImportBatchViewDto | null;
  @ApiProperty({ type: [ImportRowViewDto] }) already_imported: ImportRowViewDto[];
}

export class ImportBatchListResponseDto implements ImportBatchListResponse {
  @ApiProperty({ type: [ImportBatchViewDto] }) items: ImportBatchViewDto[];
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
  @ApiProperty() total: number;
}
