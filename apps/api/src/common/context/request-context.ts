import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows a request (or a job it caused) through the code: its id, for the log lines and the jobs it enqueues. */
export interface TraceContext {
  requestId?: string;
  job?: string;
  jobId?: string;
}

export const traceContext = new AsyncLocalStorage<TraceContext>();

export const currentRequestId = (): string | undefined => traceContext.getStore()?.requestId;

/** A client's own X-Request-Id is kept when it is short and plain; anything else gets a new id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdFrom(header: string | string[] | undefined, generate: () => string): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : generate();
}
