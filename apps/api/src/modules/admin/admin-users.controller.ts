import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Roles } from '../../common/access/access.decorator';
import { CurrentUser } from '../../common/access/current-user';
import { userIdPipe } from '../auth/users.controller';
import { AdminService } from './admin.service';
import { AdminUserListResponseDto, ApprovalDto, ApprovalResponseDto, UserDetailResponseDto } from './dto/user-admin.dto';

@ApiTags('user administration')
@Controller()
export class AdminUsersController {
  constructor(private readonly admin: AdminService) {}

  @Get('admin/patients-auth')
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async patients(): Promise<AdminUserListResponseDto> {
    return { users: await this.admin.list('patient') };
  }

  @Get('admin/experts-auth')
  @Roles('admin')
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async experts(): Promise<AdminUserListResponseDto> {
    return { users: await this.admin.list('expert') };
  }

  @Post('user-approval/:userId')
  @Roles('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApprovalResponseDto })
  changeApproval(
    @CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string, @Body() body: ApprovalDto,
  ): Promise<ApprovalResponseDto> {
    return this.admin.changeApproval(caller, userId, body.approval_status);
  }

  @Get('user/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UserDetailResponseDto })
  detail(@Param('id', userIdPipe) id: string): Promise<UserDetailResponseDto> {
    return this.admin.detail(id);
  }
}
