import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/access/access.decorator';
import { ProfileAccessLogListResponseDto, ProfileAccessLogQueryDto } from './dto/profile-access-log.dto';
import { ProfileAuditService } from './profile-audit.service';

/** Read-only on purpose: the trail is append-only, and only the services that reach patient data write to it. */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('admin/profile-access-logs')
export class ProfileAuditController {
  constructor(private readonly audit: ProfileAuditService) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: "Who reached which patient's profile or reports, newest first" })
  @ApiOkResponse({ type: ProfileAccessLogListResponseDto })
  list(@Query() query: ProfileAccessLogQueryDto): Promise<ProfileAccessLogListResponseDto> {
    return this.audit.list({ patientId: query.patient_id, userId: query.user_id, page: query.page ?? 1, perPage: query.per_page ?? 25 });
  }
}
