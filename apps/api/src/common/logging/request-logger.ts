import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's per-request logger (request.log), made only when something is logged at an enabled level. Fastify makes a
 * pino child with the request id for every request, and with our redaction paths each child costs a redaction pass
 * over its bindings: about 3% of the API's CPU per request in bench:api, for a logger that at LOG_LEVEL=warn mostly
 * logs nothing. A call at a disabled level returns at once, as pino's own would; the first enabled call makes the real
 * child (same bindings and options), which answers every later call.
 */
export function lazyRequestLogger(parent: Logger, bindings: Bindings, options: ChildLoggerOptions): Logger {
  let child: Logger | undefined;
  const real = () => (child ??= parent.child(bindings, options));
  const lazy: Record<string, unknown> = {
    child: (more: Bindings, moreOptions?: ChildLoggerOptions) => real().child(more, moreOptions),
    isLevelEnabled: (level: string) => (child ?? parent).isLevelEnabled(level),
    bindings: () => real().bindings(),
    flush: (cb?: (error?: Error) => void) => (child ?? parent).flush(cb),
    silent: () => undefined,
  };
  for (const level of LEVELS) {
    lazy[level] = (...args: unknown[]) => {
      if (!(child ?? parent).isLevelEnabled(level)) return;
      (real()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  Object.defineProperty(lazy, 'level', {
    get: () => (child ?? parent).level,
    set: (value: string) => { real().level = value; },
    enumerable: true,
  });
  return lazy as unknown as Logger;
}
