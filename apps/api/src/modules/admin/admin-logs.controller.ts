import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { AuthLogService } from '../auth/auth-log.service';
import { ProfileAuditService } from '../profiles/profile-audit.service';
import { ProfileAccessLogListResponseDto, ProfileAccessLogQueryDto } from './dto/profile-access-log.dto';
import { AuthLogListResponseDto, AuthLogQueryDto } from './dto/user-admin.dto';

/** The two trails admins read: sign-in events (auth's) and profile access (profiles'). Read-only: both are append-only. */
@Controller('admin')
export class AdminLogsController {
  constructor(private readonly authLog: AuthLogService, private readonly profileAudit: ProfileAuditService) {}

  @Get('auth-logs')
  @Roles('admin')
  @ApiOperation({ summary: 'Sign-in events (sign-ins, failures, sign-outs, two-factor changes), newest first.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A query parameter is out of range.' })
  @ApiTags('user administration')
  @ApiOkResponse({ type: AuthLogListResponseDto })
  authLogs(@Query() query: AuthLogQueryDto): Promise<AuthLogListResponseDto> {
    return this.authLog.list({ userId: query.user_id, page: query.page ?? 1, perPage: query.per_page ?? 25 });
  }

  @Get('profile-access-logs')
  @Roles('admin')
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A query parameter is out of range.' })
  @ApiTags('audit')
  @ApiOperation({ summary: "Who reached which patient's profile or reports, newest first" })
  @ApiOkResponse({ type: ProfileAccessLogListResponseDto })
  profileAccessLogs(@Query() query: ProfileAccessLogQueryDto): Promise<ProfileAccessLogListResponseDto> {
    return this.profileAudit.list({ patientId: query.patient_id, userId: query.user_id, page: query.page ?? 1, perPage: query.per_page ?? 25 });
  }
}
