import { ArgumentsHost, Catch, ExceptionFilter, UnauthorizedException } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import { ApiExceptionFilter } from '../../common/errors/api-exception.filter';

/** Rating while signed out gets the spec's own text (section 6) instead of the generic sign-in text. */
@Catch(UnauthorizedException)
export class LoginToRateFilter implements ExceptionFilter {
  private readonly body = new ApiExceptionFilter();

  catch(_exception: UnauthorizedException, host: ArgumentsHost): void {
    this.body.catch(new UnauthorizedException(Messages.portal.loginToRate), host);
  }
}
