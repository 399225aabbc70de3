import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  TwoFactorAccountConfirmRequest, TwoFactorChallengeRequest, TwoFactorChallengeResponse, TwoFactorDisableRequest, TwoFactorEnabledResponse,
  TwoFactorEnrolConfirmRequest, TwoFactorSetupRequest, TwoFactorSetupResponse, TwoFactorStatusResponse, TwoFactorTexts, TwoFactorVerifyRequest,
} from '@cqa/contracts';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { SessionResponseDto } from '../../dto/auth.dto';

const SIX_DIGITS = /^\s*\d{6}\s*$/;

export class TwoFactorChallengeDto implements TwoFactorChallengeRequest {
  @ApiPropertyOptional({ description: 'From the login answer; left out after an institution sign-in, whose challenge is the cqa_2fa cookie.' })
  @IsOptional() @IsString() @IsNotEmpty({ message: TwoFactorTexts.challengeExpired }) @MaxLength(128)
  challenge?: string;
}

export class TwoFactorVerifyDto extends TwoFactorChallengeDto implements TwoFactorVerifyRequest {
  @ApiPropertyOptional({ description: 'The 6-digit code from the authenticator app.' })
  @ValidateIf((dto: TwoFactorVerifyDto) => dto.recoveryCode === undefined)
  @IsString({ message: TwoFactorTexts.codeRequired }) @Matches(SIX_DIGITS, { message: TwoFactorTexts.codeFormat })
  code?: string;

  @ApiPropertyOptional({ description: 'One unused recovery code instead of a code.' })
  @IsOptional() @IsString() @MaxLength(32)
  recoveryCode?: string;
}

/** The two-factor step's form posted without script (AUTH_FORM_ROUTES.twoFactor): the challenge is its cookie, never a field. */
export class TwoFactorFormDto {
  @ApiPropertyOptional({ description: 'The 6-digit code from the authenticator app; when given, the recovery code is not read.' })
  code?: string;

  @ApiPropertyOptional({ description: 'One unused recovery code instead of a code.' })
  recoveryCode?: string;

  @ApiPropertyOptional({ enum: ['patient', 'expert', 'admin'], description: 'The portal signed in at: where the form goes back to, and on to.' })
  role?: string;
}

export class TwoFactorSetupDto implements TwoFactorSetupRequest {
  @ApiProperty({ description: "The account's password: only its owner changes its second factor." })
  @IsString() @IsNotEmpty() @MaxLength(256)
  password: string;
}

export class TwoFactorAccountConfirmDto extends TwoFactorSetupDto implements TwoFactorAccountConfirmRequest {
  @ApiProperty() @IsString({ message: TwoFactorTexts.codeFormat }) @Matches(SIX_DIGITS, { message: TwoFactorTexts.codeFormat })
  code: string;
}

export class TwoFactorEnrolConfirmDto extends TwoFactorChallengeDto implements TwoFactorEnrolConfirmRequest {
  @ApiProperty() @IsString({ message: TwoFactorTexts.codeFormat }) @Matches(SIX_DIGITS, { message: TwoFactorTexts.codeFormat })
  code: string;
}

export class TwoFactorDisableDto implements TwoFactorDisableRequest {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(256)
  password: string;

  @ApiProperty() @IsString({ message: TwoFactorTexts.codeFormat }) @Matches(SIX_DIGITS, { message: TwoFactorTexts.codeFormat })
  code: string;
}

export class TwoFactorChallengeResponseDto implements TwoFactorChallengeResponse {
  @ApiProperty({ enum: [true] }) twoFactorRequired: true;
  @ApiProperty() challenge: string;
  @ApiProperty() enrolmentRequired: boolean;
  @ApiProperty() expiresIn: number;
}

export class TwoFactorSetupResponseDto implements TwoFactorSetupResponse {
  @ApiProperty({ description: 'Base32, for typing into the app.' }) secret: string;
  @ApiProperty() otpauthUrl: string;
  @ApiProperty({ description: 'PNG data URL of the QR code.' }) qrCodeDataUrl: string;
}

export class TwoFactorEnabledResponseDto implements TwoFactorEnabledResponse {
  @ApiProperty({ type: [String] }) recoveryCodes: string[];
}

export class TwoFactorEnrolledSessionDto extends SessionResponseDto {
  @ApiProperty({ type: [String] }) recoveryCodes: string[];
}

export class TwoFactorStatusResponseDto implements TwoFactorStatusResponse {
  @ApiProperty() enabled: boolean;
  @ApiProperty() required: boolean;
  @ApiProperty() recoveryCodesLeft: number;
}
