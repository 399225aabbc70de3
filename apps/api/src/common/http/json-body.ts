import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { Messages } from '@cqa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * JSON bodies are measured and shape-checked before anything else touches them. The global ValidationPipe's
 * class-transformer pass is quadratic in the number of keys, so a wide body must be refused before Nest sees it,
 * and a route's size limit before the body is even read.
 */
export const JSON_BODY_LIMITS = {
  /** Bytes a route accepts when the table below does not name it. */
  defaultBytes: 16 * 1024,
  /** The most any JSON route accepts (the server's hard cap). */
  maxBytes: 1024 * 1024,
  /** Object keys in the whole document, at every depth. */
  maxKeys: 2000,
  /** Nesting of objects and arrays. */
  maxDepth: 32,
} as const;

const KB = 1024;
/** Routes whose bodies are larger than the default: long markdown answers, the whole patient profile, link lists and pasted threads. */
const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'POST /api/questions': 64 * KB,
  'PATCH /api/questions/:id': 64 * KB,
  'PUT /api/questions/:id': 64 * KB,
  'POST /api/questions/:id/answers': 512 * KB,
  'PATCH /api/answers/:id': 512 * KB,
  'PUT /api/answers/:id': 512 * KB,
  'PUT /api/answers/:id/rating': 32 * KB,
  'POST /api/patients': 512 * KB,
  'PUT /api/patients/:id': 512 * KB,
  'POST /api/import/batches': 64 * KB,
  'POST /api/import/rows/:id/paste': 512 * KB,
};

export function bodyLimitFor(method: string, routeUrl: string | undefined): number {
  return (routeUrl && ROUTE_BODY_LIMITS[`${method} ${routeUrl}`]) || JSON_BODY_LIMITS.defaultBytes;
}

export interface JsonShape {
  keys: number;
  depth: number;
}

/**
 * One linear pass over the text, counting object keys (a ':' outside strings) and nesting, stopping as soon as a
 * limit is passed. It does not validate JSON; JSON.parse does that afterwards, on a body known to be small enough.
 */
export function measureJson(text: string, limits: { maxKeys: number; maxDepth: number } = JSON_BODY_LIMITS): JsonShape & { withinLimits: boolean } {
  let keys = 0;
  let depth = 0;
  let maxDepth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    switch (c) {
      case 0x22: inString = true; break;
      case 0x7b: case 0x5b: // { [
        if (++depth > maxDepth) maxDepth = depth;
        if (maxDepth > limits.maxDepth) return { keys, depth: maxDepth, withinLimits: false };
        break;
      case 0x7d: case 0x5d: depth--; break; // } ]
      case 0x3a: // :
        if (++keys > limits.maxKeys) return { keys, depth: maxDepth, withinLimits: false };
        break;
    }
  }
  return { keys, depth: maxDepth, withinLimits: true };
}

function tooLarge(): HttpException {
  return new PayloadTooLargeException(Messages.platform.bodyTooLarge);
}

function withStatus(error: HttpException): HttpException & { statusCode: number } {
  // Fastify's own error path reads `statusCode`; the exception filter reads the HttpException.
  return Object.assign(error, { statusCode: error.getStatus() });
}

function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  const length = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(length) ? length : undefined;
}

const isMultipart = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/**
 * Replaces Fastify's JSON parser with one that enforces the route's size limit (from Content-Length before reading,
 * and again on the bytes read), refuses over-wide or over-deep documents with one short message, and only then parses.
 */
export function registerJsonBodyGuards(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request) => {
    if (isMultipart(request)) return; // uploads stream through their own limits
    const length = declaredLength(request);
    if (length !== undefined && length > bodyLimitFor(request.method, request.routeOptions?.url)) throw withStatus(tooLarge());
  });

  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMITS.maxBytes }, (request, body, done) => {
    const text = body as string;
    if (Buffer.byteLength(text) > bodyLimitFor(request.method, request.routeOptions?.url)) return done(withStatus(tooLarge()), undefined);
    if (!measureJson(text).withinLimits) return done(withStatus(new BadRequestException(Messages.platform.bodyTooComplex)), undefined);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(withStatus(new BadRequestException(Messages.platform.bodyNotJson)), undefined);
    }
  });
}
