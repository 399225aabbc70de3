import { Controller, Get, NotFoundException, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Messages } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CurrentUser } from '../../common/access/current-user';
import { ApprovalStatusResponseDto } from './dto/auth.dto';
import { UsersService } from './users.service';

/** Unknown ids answer as unknown users rather than as malformed requests. */
export const userIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(Messages.errors.userNotFound) });

@ApiTags('user administration')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('approval-status/:userId')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "A user's approval status." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found (also for an id that is not a UUID).' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'Only admins, or the user themself.' })
  @ApiOkResponse({ type: ApprovalStatusResponseDto, description: 'Admins, or the user themself.' })
  approvalStatus(@CurrentUser() caller: AuthenticatedUser, @Param('userId', userIdPipe) userId: string): Promise<ApprovalStatusResponseDto> {
    return this.users.approvalStatus(caller, userId);
  }
}
