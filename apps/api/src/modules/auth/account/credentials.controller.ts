import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ExpertCredentialTexts } from '@cqa/contracts';
import { Roles } from '../../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { CurrentUser } from '../../../common/access/current-user';
import { ApiErrorDto } from '../../../common/http/api-error.dto';
import { CredentialsUpdateResponseDto, ExpertCredentialsDto, StoredExpertCredentialsDto } from './credentials.dto';
import { CredentialsService } from './credentials.service';

/** An expert's professional details on the account page (issue 44 item 7): experts only, their own account only. */
@ApiTags('account')
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'Not an expert (patients and admins have no professional details).' })
@Controller('account/credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get()
  @Roles('expert')
  @ApiOperation({ summary: "The calling expert's specialty, licence or registration number and institution (each null when not given yet)." })
  @ApiOkResponse({ type: StoredExpertCredentialsDto })
  get(@CurrentUser() caller: AuthenticatedUser): Promise<StoredExpertCredentialsDto> {
    return this.credentials.of(caller);
  }

  @Put()
  @Roles('expert')
  @ApiOperation({ summary: "Replace the calling expert's professional details: all three, trimmed, required, within their limits (EXPERT_CREDENTIAL_LIMITS)." })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A detail missing, too long, or holding line breaks or control characters (every problem listed).' })
  @ApiOkResponse({ type: CredentialsUpdateResponseDto })
  async update(@CurrentUser() caller: AuthenticatedUser, @Body() body: ExpertCredentialsDto): Promise<CredentialsUpdateResponseDto> {
    return { message: ExpertCredentialTexts.saved, credentials: await this.credentials.update(caller, body) };
  }
}
