import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PROFILE_AUDIT_ACTIONS, type ProfileAccessLogEntry, type ProfileAccessLogListResponse, type ProfileAccessLogQuery, type ProfileAuditAction,
  ROLES, type Role,
} from '@cqa/contracts';
import { IsOptional, IsUUID } from 'class-validator';
import { PageParam, PerPageParam } from '../../../common/http/pagination';

export class ProfileAccessLogQueryDto implements ProfileAccessLogQuery {
  @ApiPropertyOptional({ description: 'The patient record whose data was reached.' })
  @IsOptional() @IsUUID('all', { message: 'patient_id must be a patient id' })
  patient_id?: string;

  @ApiPropertyOptional({ description: 'The user who reached it.' })
  @IsOptional() @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string;

  @PageParam()
  page?: number;

  @PerPageParam(100, 25)
  per_page?: number;
}

export class ProfileAccessLogEntryDto implements ProfileAccessLogEntry {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) user_id: string | null;
  @ApiProperty({ type: String, nullable: true }) user_email: string | null;
  @ApiProperty({ enum: ROLES }) user_role: Role;
  @ApiProperty() patient_id: string;
  @ApiProperty({ enum: PROFILE_AUDIT_ACTIONS }) action: ProfileAuditAction;
  @ApiProperty({ type: String, nullable: true }) detail: string | null;
  @ApiProperty({ type: String, nullable: true }) ip_address: string | null;
  @ApiProperty() created_at: string;
}

export class ProfileAccessLogListResponseDto implements ProfileAccessLogListResponse {
  @ApiProperty({ type: [ProfileAccessLogEntryDto] }) logs: ProfileAccessLogEntryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
}
