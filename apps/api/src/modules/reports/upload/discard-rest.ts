import type { IncomingMessage } from 'node:http';
import { MAX_REPORT_BYTES } from '@cqa/contracts';

/** More than an honest client still has to send once a refused upload has been cut off. */
const DRAIN_LIMIT_BYTES = MAX_REPORT_BYTES + 1024 * 1024;

/**
 * After an upload is refused part-way (too large, wrong type, not allowed) the client is usually still sending.
 * Node does not read the rest of a body that was piped somewhere, so the connection would hang; reading it off the
 * wire and discarding it lets the client receive the answer. A client that keeps sending past any honest size is cut off.
 */
export function discardRestOfBody(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT_BYTES) request.destroy();
  });
  request.resume();
}
