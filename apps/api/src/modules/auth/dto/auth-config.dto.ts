import { ApiProperty } from '@nestjs/swagger';
import type { AuthConfigResponse } from '@cqa/contracts';

export class AuthConfigDto implements AuthConfigResponse {
  @ApiProperty({ description: "True when 'Sign in with your institution' (OpenID Connect, experts and admins) is configured." })
  institutionSignIn: boolean;
}
