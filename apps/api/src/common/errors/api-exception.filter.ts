import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ApiErrorBody, Messages } from '@cqa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isLockWaitTimeout } from '../database/retry-deadlock';
import { dependencyDown } from './dependency-down';

/** A handler for 404s on page paths: the web app's index.html, so deep links and unknown paths reach the landing page. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Every failure leaves the API as { statusCode, error, message }, with message the text a person can be shown.
 * Unexpected errors are logged (without the request body) and answered with a generic text.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly pageFallback?: PageFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = this.toBody(exception);
    if (body.statusCode === HttpStatus.NOT_FOUND && this.pageFallback?.(request, reply)) return;
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && !(exception instanceof HttpException)) {
      this.logger.warn({ route: `${request.method} ${request.routeOptions?.url ?? ''}`, msg: body.message });
      void reply.status(body.statusCode).header('cache-control', 'no-store').header('retry-after', '5').send(body);
      return;
    }
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? exception : String(exception), undefined, `${request.method} ${request.routeOptions?.url ?? ''}`);
    }
    void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }

  toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const detail = detailOf(exception);
      return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: messageOf(exception, statusCode), ...(detail ? { detail } : {}) };
    }
    // A row held longer than DB_LOCK_WAIT_TIMEOUT_S (outside RequestTransactions too): the request may simply be tried again.
    if (isLockWaitTimeout(exception)) return { statusCode: 503, error: STATUS_CODES[503]!, message: Messages.platform.busy };
    const down = dependencyDown(exception);
    if (down) return { statusCode: 503, error: STATUS_CODES[503]!, message: down.message };
    const statusCode = statusOfFrameworkError(exception);
    if (statusCode) return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: defaultMessage(statusCode) };
    return { statusCode: 500, error: STATUS_CODES[500]!, message: Messages.platform.unexpected };
  }
}

function messageOf(exception: HttpException, statusCode: number): string {
  const response = exception.getResponse();
  const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  if (Array.isArray(raw) && raw.length > 0) return raw.map(String).join('; ');
  // Nest's own 404 text ("Cannot GET /x") and terminus' bodies are not for people.
  if (typeof raw === 'string' && raw !== '' && !(statusCode === 404 && raw.startsWith('Cannot '))) return raw;
  return defaultMessage(statusCode);
}

/** The line a refusal adds under its message: `new ForbiddenException({ message, detail })`. */
function detailOf(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  const detail = typeof response === 'object' && response !== null ? (response as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : undefined;
}

/** Fastify raises its own errors (body too large, bad JSON) with a statusCode property. */
function statusOfFrameworkError(exception: unknown): number | undefined {
  const code = (exception as { statusCode?: unknown })?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : undefined;
}

function defaultMessage(statusCode: number): string {
  switch (statusCode) {
    case 400: return 'The request was not valid.';
    case 401: return Messages.platform.signInRequired;
    case 403: return Messages.platform.accessDenied;
    case 404: return Messages.platform.notFound;
    case 413: return 'The request is too large.';
    case 415: return 'This type of content is not accepted.';
    case 429: return Messages.platform.tooManyRequests;
    default: return statusCode >= 500 ? Messages.platform.unexpected : (STATUS_CODES[statusCode] ?? 'Error');
  }
}
