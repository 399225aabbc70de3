import { ApiProperty } from '@nestjs/swagger';
import type { AuthConfigResponse } from '@cqa/contracts';

export class AuthConfigDto implements AuthConfigResponse {
  @ApiProperty({ description: "True when 'Sign in with your institution' (OpenID Connect, experts and admins) is configured." })
  institutionSignIn: boolean;

  @ApiProperty({ description: 'Days from asking to delete an account to its erasure (ACCOUNT_DELETION_GRACE_DAYS); signing in before then cancels it.' })
  accountDeletionGraceDays: number;
}
