import { ArgumentsHost, Catch, ExceptionFilter, UnauthorizedException } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import { ApiExceptionFilter } from '../../common/errors/api-exception.filter';

/**
 * Rating while signed out gets the spec's own text (section 6) instead of the generic sign-in text: 'Please log in to submit
 * feedback' when the request carries feedback, 'Please log in to rate answers' otherwise.
 */
@Catch(UnauthorizedException)
export class LoginToRateFilter implements ExceptionFilter {
  private readonly body = new ApiExceptionFilter();

  catch(_exception: UnauthorizedException, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<{ body?: unknown }>();
    const feedback = (request.body as { feedback?: unknown } | null | undefined)?.feedback;
    const text = typeof feedback === 'string' && feedback.trim() !== '' ? Messages.portal.loginToGiveFeedback : Messages.portal.loginToRate;
    this.body.catch(new UnauthorizedException(text), host);
  }
}
