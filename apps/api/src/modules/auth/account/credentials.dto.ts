import { ApiProperty } from '@nestjs/swagger';
import { CredentialsUpdateResponse, EXPERT_CREDENTIAL_LIMITS, ExpertCredentials, StoredExpertCredentials } from '@cqa/contracts';
import { Transform } from 'class-transformer';
import { CredentialValue } from '../dto/field-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** PUT /api/account/credentials: all three, each with the registration's rule (credentialProblem). */
export class ExpertCredentialsDto implements ExpertCredentials {
  @ApiProperty({ maxLength: EXPERT_CREDENTIAL_LIMITS.specialty, example: 'medical oncologist', description: 'Free text; ONCOLOGY_SPECIALTIES are suggestions.' })
  @Transform(trim) @CredentialValue('specialty')
  specialty: string;

  @ApiProperty({ maxLength: EXPERT_CREDENTIAL_LIMITS.licence_number, description: 'Shown to admins only, never to patients.' })
  @Transform(trim) @CredentialValue('licence_number')
  licence_number: string;

  @ApiProperty({ maxLength: EXPERT_CREDENTIAL_LIMITS.institution })
  @Transform(trim) @CredentialValue('institution')
  institution: string;
}

export class StoredExpertCredentialsDto implements StoredExpertCredentials {
  @ApiProperty({ type: String, nullable: true, description: 'Null when not given yet (an expert registered before it was asked).' }) specialty: string | null;
  @ApiProperty({ type: String, nullable: true }) licence_number: string | null;
  @ApiProperty({ type: String, nullable: true }) institution: string | null;
}

export class CredentialsUpdateResponseDto implements CredentialsUpdateResponse {
  @ApiProperty() message: string;
  @ApiProperty({ type: StoredExpertCredentialsDto }) credentials: StoredExpertCredentialsDto;
}
