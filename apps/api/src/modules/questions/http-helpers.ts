import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException, PipeTransform, UnauthorizedException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ApiErrorBody, Messages } from '@cqa/contracts';
import { ApiExceptionFilter } from '../../common/errors/api-exception.filter';

/** Question and answer ids are positive integers; anything else is an unknown record, not a malformed request. */
export class RecordIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
    if (id < 1) throw new NotFoundException(this.notFoundMessage);
    return id;
  }
}

/** Rating while signed out gets the spec's own text (section 6) instead of the generic sign-in text. */
@Catch(UnauthorizedException)
export class LoginToRateFilter implements ExceptionFilter {
  private readonly body = new ApiExceptionFilter();

  catch(_exception: UnauthorizedException, host: ArgumentsHost): void {
    this.body.catch(new UnauthorizedException(Messages.portal.loginToRate), host);
  }
}

export class ApiErrorDto implements ApiErrorBody {
  @ApiProperty() statusCode: number;
  @ApiProperty() error: string;
  @ApiProperty({ description: 'A text that can be shown to people.' }) message: string;
}
