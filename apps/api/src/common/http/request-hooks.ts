import type { FastifyInstance } from 'fastify';
import { traceContext } from '../context/request-context';
import { httpDuration } from '../metrics/metrics';

/**
 * Every answer carries its request id (X-Request-Id), and everything the handler runs (log lines, jobs it enqueues)
 * sees it through the trace context. preHandler runs after the body is read, and the handler is called from its
 * callback, so the context holds for the whole of Nest's work.
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    traceContext.run({ requestId: request.id }, done);
  });
}

/** Latency by route pattern (never the raw URL, so ids and queries do not multiply the series), method and status. */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * An error answered before the whole request has arrived (a refused upload, a body over its limit, a refused caller)
 * says Connection: close, and Node closes the socket once the answer is sent. Otherwise Node would read the rest of
 * the body to keep the connection, and a client that keeps sending (slowly, or without end) would hold it as long as it likes.
 */
export function registerCloseOnEarlyRefusal(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
    done(null, payload);
  });
}
