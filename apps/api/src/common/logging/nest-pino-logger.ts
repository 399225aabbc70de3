import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { traceContext } from '../context/request-context';

/** Sends Nest's own log lines through the same redacting pino logger as the request logs. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, context?: string) { this.write('info', message, context); }
  error(message: unknown, trace?: string, context?: string) { this.write('error', message, context, trace); }
  warn(message: unknown, context?: string) { this.write('warn', message, context); }
  debug(message: unknown, context?: string) { this.write('debug', message, context); }
  verbose(message: unknown, context?: string) { this.write('trace', message, context); }
  fatal(message: unknown, context?: string) { this.write('fatal', message, context); }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string, trace?: string) {
    const fields: Record<string, unknown> = { context };
    if (trace) fields.stack = trace;
    // Inside a request or a job, the line carries its request id (and job) through a pino child logger.
    const scope = traceContext.getStore();
    const log = scope ? this.pino.child({ requestId: scope.requestId, job: scope.job, jobId: scope.jobId }) : this.pino;
    if (message instanceof Error) log[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) log[level]({ ...fields, ...message });
    else log[level](fields, String(message));
  }
}
