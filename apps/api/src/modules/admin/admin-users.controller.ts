import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { AccountDeletionTexts, MessageResponse } from '@cqa/contracts';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import { AccountDeletionService } from '../auth/account/account-deletion.service';
import { AccountDeletionResponseDto } from '../auth/account/account.dto';
import { MessageResponseDto } from '../auth/dto/auth.dto';
import { userIdPipe } from '../auth/users.controller';
import { AdminService } from './admin.service';
import {
  AdminAccountDeletionDto, AdminUserListResponseDto, ApprovalDto, ApprovalResponseDto, BlockDto, BlockResponseDto, RejectionDto, UserDetailResponseDto, UsersByIdsDto,
} from './dto/user-admin.dto';

@ApiTags('user administration')
@Controller()
export class AdminUsersController {
  constructor(private readonly admin: AdminService, private readonly deletion: AccountDeletionService) {}

  @Get('admin/patients-auth')
  @Roles('admin')
  @ApiOperation({ summary: 'Patient accounts with their approval and sign-in state.' })
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async patients(): Promise<AdminUserListResponseDto> {
    return { users: await this.admin.list('patient') };
  }

  @Get('admin/experts-auth')
  @Roles('admin')
  @ApiOperation({ summary: 'Expert accounts with their approval and sign-in state.' })
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async experts(): Promise<AdminUserListResponseDto> {
    return { users: await this.admin.list('expert') };
  }

  @Post('user-approval/:userId')
  @Roles('admin')
  @ApiOperation({ summary: "Change an account's approval status (an admin cannot change their own)." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Not an allowed change from the current status, or the caller themself.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApprovalResponseDto })
  changeApproval(
    @CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string, @Body() body: ApprovalDto,
  ): Promise<ApprovalResponseDto> {
    return this.admin.changeApproval(caller, userId, body.approval_status, body.reason);
  }

  @Post('approve-user/:id')
  @Roles('admin')
  @ApiOperation({ summary: 'Approve an account (spec section 7): as user-approval with approved; its owner is e-mailed.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Not an allowed change from the current status, or the caller themself.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApprovalResponseDto })
  approve(@CurrentUser() caller: AuthenticatedUser, @Param('id', userIdPipe) id: string): Promise<ApprovalResponseDto> {
    return this.admin.changeApproval(caller, id, 'approved');
  }

  @Post('reject-user/:id')
  @Roles('admin')
  @ApiOperation({ summary: 'Reject an account (spec section 7), with an optional reason the e-mail to its owner repeats; its sessions end.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'Not an allowed change from the current status, the caller themself, or a reason too long.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ApprovalResponseDto })
  reject(@CurrentUser() caller: AuthenticatedUser, @Param('id', userIdPipe) id: string, @Body() body: RejectionDto): Promise<ApprovalResponseDto> {
    return this.admin.changeApproval(caller, id, 'rejected', body?.reason);
  }

  @Post('users/by-ids')
  @Roles('admin')
  @ApiOperation({ summary: 'The accounts of up to 100 ids (spec section 7), newest first; unknown ids are left out.' })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'ids is not a list of 1 to 100 user ids.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AdminUserListResponseDto })
  async byIds(@Body() body: UsersByIdsDto): Promise<AdminUserListResponseDto> {
    return { users: await this.admin.byIds(body.ids) };
  }

  @Post('user-block/:userId')
  @Roles('admin')
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'An admin cannot block themself.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Block (ending the user's sessions at once) or unblock an account; an admin cannot block themself." })
  @ApiOkResponse({ type: BlockResponseDto })
  changeBlocked(@CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string, @Body() body: BlockDto): Promise<BlockResponseDto> {
    return this.admin.setBlocked(caller, userId, body.is_blocked);
  }

  @Get('user/:id')
  @Roles('admin')
  @ApiOperation({ summary: "One account's details for admins." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @ApiOkResponse({ type: UserDetailResponseDto })
  detail(@Param('id', userIdPipe) id: string): Promise<UserDetailResponseDto> {
    return this.admin.detail(id);
  }

  @Post('admin/users/:id/deletion')
  @Roles('admin')
  @ApiOperation({
    summary: "Delete a patient's or expert's account on their request (the note says how they asked): their sessions end, they are e-mailed, "
      + 'and the account is erased after ACCOUNT_DELETION_GRACE_DAYS unless they sign in before.',
  })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The note is missing or too long, or the account is an admin.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The account has already been erased.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AccountDeletionResponseDto })
  async scheduleDeletion(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', userIdPipe) id: string, @Body() body: AdminAccountDeletionDto, @Client() client: ClientInfo,
  ): Promise<AccountDeletionResponseDto> {
    const due = await this.deletion.scheduleByAdmin(caller, id, body.note, client);
    return { message: AccountDeletionTexts.adminScheduled(due.toISOString().slice(0, 10)), due_at: due.toISOString() };
  }

  @Delete('admin/users/:id/deletion')
  @Roles('admin')
  @ApiOperation({ summary: "Cancel a patient's or expert's pending account deletion; they are e-mailed." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The account is an admin.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found, or no deletion pending.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The account has already been erased.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async cancelDeletion(@Param('id', userIdPipe) id: string, @Client() client: ClientInfo): Promise<MessageResponse> {
    await this.deletion.cancelByAdmin(id, client);
    return { message: AccountDeletionTexts.adminCancelled };
  }
}
