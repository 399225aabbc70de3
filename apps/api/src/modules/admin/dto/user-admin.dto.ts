import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACCOUNT_DELETION_NOTE_MAX_LENGTH, AccountDeletionTexts, AdminAccountDeletionRequest, AccountTexts, AdminUserListResponse, AdminUserSummary, APPROVAL_STATUSES, BlockRequest, BlockResponse, ApprovalRequest, ApprovalResponse, ApprovalStatus,
  AUTH_LOG_EVENTS, AuthLogEntry, AuthLogEvent, AuthLogListResponse, REJECTION_REASON_MAX_LENGTH, RejectionRequest, Role, ROLES, UserDetailResponse,
  USERS_BY_IDS_MAX, UsersByIdsRequest,
} from '@cqa/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PageParam, PerPageParam } from '../../../common/http/pagination';
import { StoredExpertCredentialsDto } from '../../auth/account/credentials.dto';

export class ApprovalDto implements ApprovalRequest {
  @ApiProperty({ enum: APPROVAL_STATUSES })
  @IsIn(APPROVAL_STATUSES, { message: `approval_status must be one of ${APPROVAL_STATUSES.join(', ')}` })
  approval_status: ApprovalStatus;

  @ApiPropertyOptional({ maxLength: REJECTION_REASON_MAX_LENGTH, description: "Rejections only: told to the user in the e-mail that says so." })
  @IsOptional() @IsString({ message: AccountTexts.rejectionReasonTooLong }) @MaxLength(REJECTION_REASON_MAX_LENGTH, { message: AccountTexts.rejectionReasonTooLong })
  reason?: string;
}

export class RejectionDto implements RejectionRequest {
  @ApiPropertyOptional({ maxLength: REJECTION_REASON_MAX_LENGTH, description: 'Told to the user in the e-mail that says so.' })
  @IsOptional() @IsString({ message: AccountTexts.rejectionReasonTooLong }) @MaxLength(REJECTION_REASON_MAX_LENGTH, { message: AccountTexts.rejectionReasonTooLong })
  reason?: string;
}

export class AdminAccountDeletionDto implements AdminAccountDeletionRequest {
  @ApiProperty({ maxLength: ACCOUNT_DELETION_NOTE_MAX_LENGTH, description: 'How and when the person asked for the deletion; cleared at the erasure.' })
  @IsString({ message: AccountDeletionTexts.adminNoteRequired }) @Matches(/\S/, { message: AccountDeletionTexts.adminNoteRequired })
  @MaxLength(ACCOUNT_DELETION_NOTE_MAX_LENGTH, { message: AccountDeletionTexts.adminNoteTooLong(ACCOUNT_DELETION_NOTE_MAX_LENGTH) })
  note: string;
}

export class UsersByIdsDto implements UsersByIdsRequest {
  @ApiProperty({ type: [String], minItems: 1, maxItems: USERS_BY_IDS_MAX, description: 'User ids (UUIDs); unknown ones are left out of the answer.' })
  @IsArray({ message: AccountTexts.usersByIdsInvalid })
  @ArrayMinSize(1, { message: AccountTexts.usersByIdsInvalid })
  @ArrayMaxSize(USERS_BY_IDS_MAX, { message: AccountTexts.usersByIdsInvalid })
  @IsUUID('all', { each: true, message: AccountTexts.usersByIdsInvalid })
  ids: string[];
}

export class ApprovalResponseDto implements ApprovalResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ enum: APPROVAL_STATUSES }) approval_status: ApprovalStatus;
}

export class BlockDto implements BlockRequest {
  @ApiProperty({ description: 'true blocks the account and ends its sessions at once; false unblocks it.' })
  @IsBoolean({ message: 'is_blocked must be true or false' })
  is_blocked: boolean;
}

export class BlockResponseDto implements BlockResponse {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty() is_blocked: boolean;
}

export class AdminUserSummaryDto implements AdminUserSummary {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() full_name: string;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ type: String, nullable: true }) email_confirmed_at: string | null;
  @ApiProperty({ enum: APPROVAL_STATUSES }) approval_status: ApprovalStatus;
  @ApiProperty() is_blocked: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'When the user last signed in; null when never.' }) last_sign_in_at: string | null;
  @ApiProperty({ type: String, nullable: true }) patient_id: string | null;
  @ApiProperty({ type: StoredExpertCredentialsDto, nullable: true, description: 'Experts only (null for patients); each detail null when not given yet.' })
  credentials: StoredExpertCredentialsDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'When a pending deletion will erase the account; null when none is pending.' })
  deletion_due_at: string | null;
}

export class AdminUserListResponseDto implements AdminUserListResponse {
  @ApiProperty({ type: [AdminUserSummaryDto] }) users: AdminUserSummaryDto[];
}

class AppSpecificDataDto {
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() registration_date: string;
}

export class UserDetailResponseDto implements UserDetailResponse {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) email_confirmed_at: string | null;
  @ApiProperty({ enum: APPROVAL_STATUSES }) approval_status: ApprovalStatus;
  @ApiProperty({ type: AppSpecificDataDto }) app_specific_data: AppSpecificDataDto;
  @ApiProperty({ type: StoredExpertCredentialsDto, nullable: true, description: 'Experts only (null for others); each detail null when not given yet.' })
  credentials: StoredExpertCredentialsDto | null;
}

export class AuthLogQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string;

  @PageParam()
  page?: number;

  @PerPageParam(100, 25)
  per_page?: number;
}

export class AuthLogEntryDto implements AuthLogEntry {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) user_id: string | null;
  @ApiProperty({ enum: AUTH_LOG_EVENTS }) event_type: AuthLogEvent;
  @ApiProperty({ type: String, nullable: true }) ip_address: string | null;
  @ApiProperty({ type: String, nullable: true }) user_agent: string | null;
  @ApiProperty() created_at: string;
}

export class AuthLogListResponseDto implements AuthLogListResponse {
  @ApiProperty({ type: [AuthLogEntryDto] }) logs: AuthLogEntryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() per_page: number;
}
