import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Messages } from '@cqa/contracts';
import { NotFoundException } from '@nestjs/common';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { AuthLogService } from '../auth/auth-log.service';
import { CurrentUser } from '../auth/current-user';
import {
  AdminUserListResponseDto, ApprovalDto, ApprovalResponseDto, ApprovalStatusResponseDto, AuthLogListResponseDto, AuthLogQueryDto,
  UserDetailResponseDto,
} from './dto/user-admin.dto';
import { UsersAdminService } from './users-admin.service';

/** Unknown ids answer as unknown users rather than as malformed requests. */
const userIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(Messages.errors.userNotFound) });

@ApiTags('user administration')
@Controller()
export class UsersAdminController {
  constructor(private readonly usersAdmin: UsersAdminService, private readonly authLog: AuthLogService) {}

  @Get('admin/patients-auth')
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async patients(): Promise<AdminUserListResponseDto> {
    return { users: await this.usersAdmin.list('patient') };
  }

  @Get('admin/experts-auth')
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async experts(): Promise<AdminUserListResponseDto> {
    return { users: await this.usersAdmin.list('expert') };
  }

  @Post('user-approval/:userId')
  @Roles('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApprovalResponseDto })
  changeApproval(
    @CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string, @Body() body: ApprovalDto,
  ): Promise<ApprovalResponseDto> {
    return this.usersAdmin.changeApproval(caller, userId, body.approval_status);
  }

  @Get('user/approval-status/:userId')
  @Roles('patient', 'expert', 'admin')
  @ApiOkResponse({ type: ApprovalStatusResponseDto, description: 'Admins, or the user themself.' })
  approvalStatus(@CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string): Promise<ApprovalStatusResponseDto> {
    return this.usersAdmin.approvalStatus(caller, userId);
  }

  @Get('user/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UserDetailResponseDto })
  detail(@Param('id', userIdPipe) id: string): Promise<UserDetailResponseDto> {
    return this.usersAdmin.detail(id);
  }

  @Get('admin/auth-logs')
  @Roles('admin')
  @ApiOkResponse({ type: AuthLogListResponseDto })
  authLogs(@Query() query: AuthLogQueryDto): Promise<AuthLogListResponseDto> {
    return this.authLog.list({ userId: query.user_id, page: query.page ?? 1, perPage: query.per_page ?? 25 });
  }
}
