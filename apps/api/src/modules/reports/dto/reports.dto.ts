import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import {
  MedicalReport, MedicalReportListQuery, MAX_REPORT_BYTES, REPORT_CONTENT_TYPES, REPORT_TYPES, ReportContentType, ReportType,
} from '@cqa/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsUUID } from 'class-validator';

export class MedicalReportDto implements MedicalReport {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: "The patient's own name for the file." }) file_name: string;
  @ApiProperty({ enum: REPORT_TYPES }) report_type: ReportType;
  @ApiProperty({ format: 'date-time' }) upload_date: string;
  @ApiProperty({ description: 'Bytes.' }) file_size: number;
  @ApiProperty({ enum: REPORT_CONTENT_TYPES, description: 'Judged from the file content at upload.' }) content_type: ReportContentType;
  @ApiProperty({ description: 'Hex SHA-256 of the stored bytes.', pattern: '^[a-f0-9]{64}$' }) sha256: string;
}

export class ListReportsQueryDto implements MedicalReportListQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "The patient's user id (experts and admins; a patient may give only their own)." })
  @IsOptional() @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The patient record id, instead of user_id.' })
  @IsOptional() @IsUUID('all', { message: 'patient_id must be a patient id' })
  patient_id?: string;
}

export class DeleteReportQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'When given, the report must belong to this patient record.' })
  @IsOptional() @IsUUID('all', { message: 'patient_id must be a patient id' })
  patient_id?: string;
}

export class DownloadReportQueryDto {
  @ApiPropertyOptional({ description: 'true: Content-Disposition attachment (save) instead of inline (view).' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'download must be true or false' })
  download?: boolean;
}

/** The multipart body of POST /api/upload, for the OpenAPI document (the handler reads the stream itself). */
export const UPLOAD_BODY_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['report_type', 'file'],
  properties: {
    report_type: { type: 'string', enum: [...REPORT_TYPES], description: "Must come before the file. 'Lab Results' is read as 'Laboratory Reports'." },
    user_id: { type: 'string', format: 'uuid', description: "Admins only, required for them: the patient's user id. Before the file." },
    file: { type: 'string', format: 'binary', description: `PDF, JPEG or PNG by content, at most ${MAX_REPORT_BYTES} bytes. One file.` },
  },
};
