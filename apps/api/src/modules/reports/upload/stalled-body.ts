import type { IncomingMessage } from 'node:http';

/**
 * Cuts off an upload whose body stops arriving for `idleMs`: the socket is destroyed, which fails the file stream, so
 * the storage removes its partial file and no row is written. Returns the function that stops watching (call it once
 * the body has been read, so a keep-alive connection is not closed later for being idle).
 */
export function cutOffStalledBody(request: IncomingMessage, idleMs: number): () => void {
  const socket = request.socket;
  const onTimeout = () => socket.destroy(new Error(`request body stalled for ${idleMs} ms`));
  socket.setTimeout(idleMs);
  socket.once('timeout', onTimeout);
  return () => {
    socket.off('timeout', onTimeout);
    socket.setTimeout(0);
  };
}
