import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  APPROVAL_STATUSES, ApprovalStatus, CANCER_STAGES, EXPERT_CREDENTIAL_LIMITS, PROFILE_CANCER_TYPES, SEXES, ApprovalStatusResponse, AuthUser, EmailRequest, LoginRequest, Messages, MessageResponse, PASSWORD_MIN_LENGTH,
  RegisterRequest, RegisterResponse, ResetPasswordRequest, Role, ROLES, SelfRegisteringRole, SessionResponse,
} from '@cqa/contracts';
import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

import { CredentialValue, NotCommonPassword, ProfileFieldValue } from './field-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const PASSWORD_MAX_LENGTH = 256;
const AGE_MAX = 120;
const isExpert = (dto: { role?: unknown }) => dto.role === 'expert';

export class RegisterDto implements RegisterRequest {
  @ApiProperty() @Transform(trim)
  @IsNotEmpty({ message: Messages.validation.emailRequired }) @IsEmail({}, { message: Messages.validation.emailInvalid }) @MaxLength(254)
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: Messages.validation.passwordRequired })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.validation.passwordTooShort }) @MaxLength(PASSWORD_MAX_LENGTH) @NotCommonPassword()
  password: string;

  @ApiProperty({ enum: ['patient', 'expert'] })
  @IsIn(['patient', 'expert'], { message: Messages.validation.selectRole })
  role: SelfRegisteringRole;

  @ApiProperty() @Transform(trim)
  @IsString({ message: Messages.validation.firstNameRequired }) @IsNotEmpty({ message: Messages.validation.firstNameRequired }) @MaxLength(100)
  first_name: string;

  @ApiProperty() @Transform(trim)
  @IsString({ message: Messages.validation.lastNameRequired }) @IsNotEmpty({ message: Messages.validation.lastNameRequired }) @MaxLength(100)
  last_name: string;

  @ApiProperty({ description: 'The disclaimers agreement; must be true.' })
  @Equals(true, { message: Messages.validation.disclaimersRequired })
  agreeToTerms: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: AGE_MAX }) @IsOptional()
  @IsInt({ message: Messages.validation.fieldRequired('Age') })
  @Min(0, { message: Messages.validation.valueTooSmall(0) }) @Max(AGE_MAX, { message: Messages.validation.valueTooLarge(AGE_MAX) })
  age?: number;

  @ApiPropertyOptional({ enum: SEXES }) @IsOptional() @Transform(trim) @ProfileFieldValue('sex')
  sex?: string;

  @ApiPropertyOptional({ enum: PROFILE_CANCER_TYPES }) @IsOptional() @Transform(trim) @ProfileFieldValue('cancer_type')
  cancer_type?: string;

  @ApiPropertyOptional({ enum: CANCER_STAGES }) @IsOptional() @Transform(trim) @ProfileFieldValue('cancer_stage')
  cancer_stage?: string;

  @ApiPropertyOptional({ description: 'Patients: must be true.' })
  @ValidateIf((dto: RegisterDto) => dto.role === 'patient')
  @Equals(true, { message: Messages.validation.hipaaRequired })
  hipaa_consent?: boolean;

  // Experts' professional details (issue 44 item 7); a patient's are ignored, as an expert's patient fields are.
  @ApiPropertyOptional({ maxLength: EXPERT_CREDENTIAL_LIMITS.specialty, description: 'Experts: required (e.g. medical oncologist; ONCOLOGY_SPECIALTIES are suggestions). Patients: ignored.' })
  @ValidateIf(isExpert) @Transform(trim) @CredentialValue('specialty')
  specialty?: string;

  @ApiPropertyOptional({ maxLength: EXPERT_CREDENTIAL_LIMITS.licence_number, description: 'Experts: required; shown to admins only. Patients: ignored.' })
  @ValidateIf(isExpert) @Transform(trim) @CredentialValue('licence_number')
  licence_number?: string;

  @ApiPropertyOptional({ maxLength: EXPERT_CREDENTIAL_LIMITS.institution, description: 'Experts: required. Patients: ignored.' })
  @ValidateIf(isExpert) @Transform(trim) @CredentialValue('institution')
  institution?: string;
}

export class RegisterResponseDto implements RegisterResponse {
  @ApiProperty({ type: Object, example: { id: 'uuid' } }) user: { id: string };
  @ApiProperty() message: string;
}

export class LoginDto implements LoginRequest {
  @ApiProperty() @Transform(trim)
  @IsNotEmpty({ message: Messages.validation.emailRequired }) @IsEmail({}, { message: Messages.validation.emailInvalid }) @MaxLength(254)
  email: string;

  @ApiProperty()
  @IsString({ message: Messages.validation.passwordRequired }) @IsNotEmpty({ message: Messages.validation.passwordRequired }) @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({ enum: ROLES, description: 'The portal the user signs in from.' })
  @IsIn(ROLES, { message: Messages.validation.selectRole })
  role: Role;
}

export class EmailDto implements EmailRequest {
  @ApiProperty() @Transform(trim)
  @IsNotEmpty({ message: Messages.validation.emailRequired }) @IsEmail({}, { message: Messages.validation.emailInvalid }) @MaxLength(254)
  email: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(128)
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: Messages.validation.passwordRequired })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.validation.passwordTooShort }) @MaxLength(PASSWORD_MAX_LENGTH) @NotCommonPassword()
  password: string;
}

export class MessageResponseDto implements MessageResponse {
  @ApiProperty() message: string;
}

export class AuthUserDto implements AuthUser {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: APPROVAL_STATUSES }) approvalStatus: ApprovalStatus;
  @ApiProperty({ type: String, nullable: true }) patientId: string | null;
  @ApiProperty({ type: Number, nullable: true }) profileCompletion: number | null;
}

export class SessionResponseDto implements SessionResponse {
  @ApiProperty({ type: AuthUserDto }) user: AuthUserDto;
  @ApiProperty() accessToken: string;
  @ApiProperty() expiresIn: number;
  @ApiPropertyOptional({ description: "True when this sign-in cancelled the account's pending deletion." }) deletionCancelled?: boolean;
}

export class ApprovalStatusResponseDto implements ApprovalStatusResponse {
  @ApiProperty({ enum: APPROVAL_STATUSES }) approval_status: ApprovalStatus;
  @ApiProperty() is_blocked: boolean;
}
