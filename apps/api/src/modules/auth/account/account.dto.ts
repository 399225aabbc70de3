import { ApiProperty } from '@nestjs/swagger';
import {
  AccountDeletionRequest, AccountDeletionResponse, AccountDeletionTexts, AccountPageTexts, AccountSession, AccountSessionsResponse, ChangeEmailRequest, ChangePasswordRequest,
  ConfirmEmailChangeRequest, Messages, PASSWORD_MIN_LENGTH,
} from '@cqa/contracts';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { NotCommonPassword } from '../dto/field-rules';

const PASSWORD_MAX_LENGTH = 256;

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsString({ message: AccountPageTexts.currentPasswordRequired }) @IsNotEmpty({ message: AccountPageTexts.currentPasswordRequired }) @MaxLength(PASSWORD_MAX_LENGTH)
  current_password: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, description: "The registration's rules: at least 8 characters, not a common password, not the current one." })
  @IsString({ message: Messages.validation.passwordRequired })
  @MinLength(PASSWORD_MIN_LENGTH, { message: Messages.validation.passwordTooShort }) @MaxLength(PASSWORD_MAX_LENGTH) @NotCommonPassword()
  new_password: string;
}

export class AccountSessionDto implements AccountSession {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Chrome on Android' }) device: string;
  @ApiProperty() started_at: string;
  @ApiProperty() last_used_at: string;
  @ApiProperty() current: boolean;
}

export class AccountSessionsResponseDto implements AccountSessionsResponse {
  @ApiProperty({ type: [AccountSessionDto] }) sessions: AccountSessionDto[];
}

export class ChangeEmailDto implements ChangeEmailRequest {
  @ApiProperty()
  @IsString({ message: AccountPageTexts.currentPasswordRequired }) @IsNotEmpty({ message: AccountPageTexts.currentPasswordRequired }) @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({ maxLength: 254 })
  @IsNotEmpty({ message: Messages.validation.emailRequired }) @IsEmail({}, { message: Messages.validation.emailInvalid }) @MaxLength(254)
  new_email: string;
}

export class ConfirmEmailChangeDto implements ConfirmEmailChangeRequest {
  @ApiProperty({ description: 'The token from the link e-mailed to the new address.' })
  @IsString({ message: AccountPageTexts.emailChangeInvalid }) @IsNotEmpty({ message: AccountPageTexts.emailChangeInvalid }) @MaxLength(100, { message: AccountPageTexts.emailChangeInvalid })
  token: string;
}

export class AccountDeletionDto implements AccountDeletionRequest {
  @ApiProperty({ description: 'The password again (counted as a sign-in attempt).' })
  @IsString({ message: AccountDeletionTexts.passwordRequired }) @IsNotEmpty({ message: AccountDeletionTexts.passwordRequired }) @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;

  @ApiProperty({ required: false, description: 'A current authenticator code; required when two-factor sign-in is on.' })
  @IsOptional() @IsString({ message: AccountDeletionTexts.codeRequired }) @MaxLength(64)
  two_factor_code?: string;
}

export class AccountDeletionResponseDto implements AccountDeletionResponse {
  @ApiProperty() message: string;
  @ApiProperty({ description: 'When the erasure is due, unless the owner signs in before.' }) due_at: string;
}
