import { Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Messages } from '@cqa/contracts';
import { Roles } from '../../common/access/access.decorator';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { Client, ClientInfo } from '../../common/access/client-info';
import { CurrentUser } from '../../common/access/current-user';
import { ApiErrorDto } from '../../common/http/api-error.dto';
import { CreatePatientProfileDto, PatientByUserQueryDto, PatientProfileResponseDto, SavePatientProfileDto } from './dto/patient.dto';
import { ProfilesService } from './profiles.service';

/** A malformed id names no patient: answered as not found. */
const patientIdPipe = new ParseUUIDPipe({ version: undefined, exceptionFactory: () => new NotFoundException(Messages.errors.patientNotFound) });

@ApiTags('patients')
@Controller('patients')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: "A patient's profile by their user id", description: 'Patients: their own only. Experts and admins: any (recorded in the audit trail).' })
  @ApiOkResponse({ type: PatientProfileResponseDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: "A patient asking for someone else's profile." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No patient record for that user.' })
  byUser(@CurrentUser() caller: AuthenticatedUser, @Query() query: PatientByUserQueryDto, @Client() client: ClientInfo): Promise<PatientProfileResponseDto> {
    return this.profiles.getByUserId(caller, query.user_id, client.ip);
  }

  @Get(':id')
  @Roles('patient', 'expert', 'admin')
  @ApiOperation({ summary: 'A patient profile by patient record id', description: 'Patients: their own only. Experts and admins: any (recorded in the audit trail).' })
  @ApiOkResponse({ type: PatientProfileResponseDto })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: "A patient asking for someone else's profile." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: Messages.errors.patientNotFound })
  one(@CurrentUser() caller: AuthenticatedUser, @Param('id', patientIdPipe) id: string, @Client() client: ClientInfo): Promise<PatientProfileResponseDto> {
    return this.profiles.getById(caller, id, client.ip);
  }

  @Post()
  @Roles('patient', 'admin')
  @ApiOperation({ summary: 'Create the patient record of a patient user', description: 'Admins for any patient user; a patient for themself when they have no record yet.' })
  @ApiCreatedResponse({ type: PatientProfileResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A field is unknown, out of bounds or not in its list; or the user is not a patient.' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The user already has a patient record.' })
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreatePatientProfileDto, @Client() client: ClientInfo): Promise<PatientProfileResponseDto> {
    return this.profiles.create(caller, body, client.ip);
  }

  @Put(':id')
  @Roles('patient', 'admin')
  @ApiOperation({ summary: 'Save profile fields (progress, or the final submit with profile_completion_percentage 100)', description: 'The owner or an admin (admins are recorded in the audit trail).' })
  @ApiOkResponse({ type: PatientProfileResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'A field is unknown, out of bounds or not in its list; or a final submit with required fields missing.' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: "Experts, and patients for someone else's record." })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: Messages.errors.patientNotFound })
  update(
    @CurrentUser() caller: AuthenticatedUser, @Param('id', patientIdPipe) id: string, @Body() body: SavePatientProfileDto, @Client() client: ClientInfo,
  ): Promise<PatientProfileResponseDto> {
    return this.profiles.update(caller, id, body, client.ip);
  }
}
