import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_EXPORT_STATUSES, AccountExport, AccountExportResponse, AccountExportStartResponse, AccountExportStatus } from '@cqa/contracts';

export class AccountExportDto implements AccountExport {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ACCOUNT_EXPORT_STATUSES }) status: AccountExportStatus;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) ready_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Until when a ready archive can be downloaded.' }) expires_at: string | null;
  @ApiProperty({ nullable: true, type: Number }) size_bytes: number | null;
}

export class AccountExportResponseDto implements AccountExportResponse {
  @ApiProperty({ type: AccountExportDto, nullable: true }) export: AccountExportDto | null;
}

export class AccountExportStartResponseDto implements AccountExportStartResponse {
  @ApiProperty({ type: AccountExportDto }) export: AccountExportDto;
  @ApiProperty() message: string;
}
