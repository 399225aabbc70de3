import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prerenderedFile, prerenderedUrls, RESET_TOKEN_PATTERN, RESET_TOKEN_PLACEHOLDER, SIGNED_IN_HINT_COOKIE } from '@cqa/contracts';
import type { PageFallback } from '../common/errors/api-exception.filter';
import { requestPath } from '../common/http/request-path';
import { registerPageServer, type PageServerOptions } from './page-server';

/** The remotes, each served under /remotes/<name>/ beside the shell at /. */
export const WEB_REMOTES = ['patient', 'expert', 'admin'] as const;

/** Source maps are never served, even if a build left some behind. */
const notSourceMap = (pathName: string) => !pathName.endsWith('.map');

// The path may be a pre-compressed copy (main.0123abcd.js.br) of the hashed file.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)(\.br|\.gz)?$/;

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  // Content-hashed files never change; index.html and remoteEntry.js must be fetched fresh so a deploy takes effect.
  void reply.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

// The web build writes .br and .gz copies beside each file (tools/webpack); they are sent to browsers that accept
// them, with Content-Encoding and Vary: Accept-Encoding. Files without a copy (too small to gain) go out as they are.
const staticOptions = { wildcard: false, preCompressed: true, setHeaders: setCacheHeaders, allowedPath: notSourceMap } as const;

interface PageDocument {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readDocument(file: string): PageDocument {
  const copy = (suffix: string) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined);
  return { plain: readFileSync(file), br: copy('.br'), gzip: copy('.gz') };
}

/** The pre-compressed copy the browser accepts (brotli first), as the static files are served. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, document: PageDocument, vary: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] =
    document.br && /\bbr\b/.test(accepted) ? ['br', document.br] : document.gzip && /\bgzip\b/.test(accepted) ? ['gzip', document.gzip] : [undefined, document.plain];
  void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
  if (encoding) void reply.header('content-encoding', encoding);
  void reply.send(body);
}

/**
 * Serves the built shell at / and the remotes under /remotes/<name>/ from one origin, and returns a fallback that
 * answers a pre-rendered public page's URL with its state's HTML (to a visitor without the signed-in hint), and other
 * page paths with the shell's index.html (the shell shows the landing page for unknown ones).
 * Returns undefined when the web has not been built (API-only runs such as the integration tests).
 */
export async function serveWeb(fastify: FastifyInstance, webDistDir: string, pageServer?: PageServerOptions): Promise<PageFallback | undefined> {
  const shellDir = path.join(webDistDir, 'shell');
  const indexFile = path.join(shellDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;

  // No index file: '/' is a page path, answered below (with the pre-rendered landing page when the build made one).
  await fastify.register(fastifyStatic, { ...staticOptions, root: shellDir, prefix: '/', index: false });
  for (const remote of WEB_REMOTES) {
    const dir = path.join(webDistDir, remote);
    if (!existsSync(dir)) continue;
    await fastify.register(fastifyStatic, { ...staticOptions, root: dir, prefix: `/remotes/${remote}/`, decorateReply: false });
  }

  const shellDocument = readDocument(indexFile);
  // The signed-in pages rendered with their data from the refresh cookie's session (page-server.ts).
  if (pageServer) await registerPageServer(fastify, webDistDir, shellDocument.plain.toString('utf8'), pageServer);
  // The public pages the web build writes as HTML, one per state (PRERENDERED_PAGES in contracts).
  const prerendered = new Map<string, PageDocument>();
  for (const { file } of prerenderedUrls()) {
    const html = path.join(shellDir, 'prerendered', `${file}.html`);
    if (existsSync(html)) prerendered.set(file, readDocument(html));
  }
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = requestPath(request);
    if (url === null) return false;
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/remotes/') &&
      !url.startsWith('/admin/queues') && !path.extname(url);
    if (!isPage) return false;
    const page = prerenderedPage(prerendered, url.length > 1 ? url.replace(/\/$/, '') : url, queryOf(request.url));
    // A signed-in visitor gets the app itself (a pre-rendered page would only load it after a detour through the
    // public pages' bundle, apps/shell/src/public-pages.tsx).
    const signedIn = Boolean(request.cookies?.[SIGNED_IN_HINT_COOKIE.name]);
    // Where the hint cookie picks the document, a shared cache must keep one copy per cookie.
    const vary = page ? 'accept-encoding, cookie' : 'accept-encoding';
    if (!signedIn && page?.resetToken) {
      // The reset form with the link's token in its hidden field, so it can be posted without script: never kept by a cache.
      const html = page.document.plain.toString('utf8').replace(`value="${RESET_TOKEN_PLACEHOLDER}"`, () => `value="${page.resetToken}"`);
      void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', vary).send(html);
      return true;
    }
    sendDocument(request, reply, (!signedIn && page?.document) || shellDocument, vary);
    return true;
  };
}

/** The query of a request target (after '?', before '#'). */
function queryOf(target: string): URLSearchParams {
  const start = target.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : target.slice(start + 1).split('#')[0]);
}

/**
 * The pre-rendered document of a public page's URL: its state's (the query's), else the page's plain one. A reset
 * link's page is the form's, with the link's token to write in (one that is not a token gets the 'invalid link' page).
 */
function prerenderedPage(
  documents: Map<string, PageDocument>, pagePath: string, query: URLSearchParams,
): { document: PageDocument; resetToken?: string } | undefined {
  let resetToken: string | undefined;
  if (pagePath === '/reset-password') {
    const token = query.get('token') ?? '';
    resetToken = RESET_TOKEN_PATTERN.test(token) ? token : undefined;
    if (resetToken) query.set('token', RESET_TOKEN_PLACEHOLDER);
    else query.delete('token');
  }
  const file = prerenderedFile(pagePath, query);
  if (file === null) return undefined;
  const document = documents.get(file) ?? documents.get(prerenderedFile(pagePath, new URLSearchParams())!);
  if (!document) return undefined;
  return { document, resetToken: resetToken && file.includes(RESET_TOKEN_PLACEHOLDER) && documents.has(file) ? resetToken : undefined };
}
