import { Controller, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MessageResponse, TwoFactorTexts } from '@cqa/contracts';
import type { FastifyRequest } from 'fastify';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { MessageResponseDto } from '../auth/dto/auth.dto';
import { SessionService } from '../auth/session.service';
import { TwoFactorService } from '../auth/two-factor';

/** Admins clear the authenticator of someone who lost it (the auth module's TwoFactorService does the work). */
@ApiTags('admin')
@Controller('admin/users')
export class AdminTwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService, private readonly sessions: SessionService) {}

  @Post(':userId/two-factor/reset')
  @Roles('admin')
  @ApiOperation({ summary: "Clear a user's authenticator (they enrol again at the next sign-in); all of that user's sessions end." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'The user id is not a UUID.' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'User not found.' })
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageResponseDto })
  async reset(
    @CurrentUser() caller: AuthenticatedUser, @Param('userId', new ParseUUIDPipe()) userId: string, @Client() client: ClientInfo,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.twoFactor.reset(userId, caller.id, client, this.sessions.sessionOf(request));
    return { message: TwoFactorTexts.reset };
  }
}
