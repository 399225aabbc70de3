import { ApiProperty } from '@nestjs/swagger';
import { ApiErrorBody } from '@cqa/contracts';

/** The body of every error response ({ statusCode, error, message }), as the exception filter writes it. */
export class ApiErrorDto implements ApiErrorBody {
  @ApiProperty() statusCode: number;
  @ApiProperty() error: string;
  @ApiProperty({ description: 'A text that can be shown to people.' }) message: string;
}
