import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Roles } from '../../common/access/access.decorator';
import { CurrentUser } from '../../common/access/current-user';
import { userIdPipe } from '../auth/users.controller';
import { AdminService } from './admin.service';
import { AdminUserListResponseDto, ApprovalDto, ApprovalResponseDto, BlockDto, BlockResponseDto, UserDetailResponseDto } from './dto/user-admin.dto';

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

  @Post('user-block/:userId')
  @Roles('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Block (ending the user's sessions at once) or unblock an account; an admin cannot block themself." })
  @ApiOkResponse({ type: BlockResponseDto })
  changeBlocked(@CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string, @Body() body: BlockDto): Promise<BlockResponseDto> {
    return this.admin.setBlocked(caller, userId, body.is_blocked);
  }

  @Get('user/:id')
  @Roles('admin')
  @ApiOkResponse({ type: UserDetailResponseDto })
  detail(@Param('id', userIdPipe) id: string): Promise<UserDetailResponseDto> {
    return this.admin.detail(id);
  }
}
