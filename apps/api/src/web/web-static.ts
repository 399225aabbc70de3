import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFallback } from '../common/errors/api-exception.filter';

/** The remotes, each served under /remotes/<name>/ beside the shell at /. */
export const WEB_REMOTES = ['patient', 'expert', 'admin'] as const;

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/;

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  // Content-hashed files never change; index.html and remoteEntry.js must be fetched fresh so a deploy takes effect.
  void reply.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built shell at / and the remotes under /remotes/<name>/ from one origin, and returns a fallback that
 * answers unknown page paths with the shell's index.html (the shell shows the landing page for them).
 * Returns undefined when the web has not been built (API-only runs such as the integration tests).
 */
export async function serveWeb(fastify: FastifyInstance, webDistDir: string): Promise<PageFallback | undefined> {
  const shellDir = path.join(webDistDir, 'shell');
  const indexFile = path.join(shellDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;

  await fastify.register(fastifyStatic, { root: shellDir, prefix: '/', wildcard: false, index: ['index.html'], setHeaders: setCacheHeaders });
  for (const remote of WEB_REMOTES) {
    const dir = path.join(webDistDir, remote);
    if (!existsSync(dir)) continue;
    await fastify.register(fastifyStatic, { root: dir, prefix: `/remotes/${remote}/`, wildcard: false, decorateReply: false, setHeaders: setCacheHeaders });
  }

  const indexHtml = readFileSync(indexFile);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/remotes/') &&
      !url.startsWith('/admin/queues') && !path.extname(url);
    if (!isPage) return false;
    void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    return true;
  };
}
