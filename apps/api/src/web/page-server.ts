import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { jsonForHtml, PAGE_FRAME_ELEMENT_ID, pageStateElement, SERVER_PAGES, type LoadedPageQuery, type SessionResponse } from '@cqa/contracts';
import type { LoadPageData } from './page-data';
import { createPageRenderer, type PageRenderer } from './page-renderer';

/** The session of a page request, restored from its refresh cookie (the auth module's pageSessionRestorer). */
export type RestorePageSession = (request: FastifyRequest, reply: FastifyReply) => Promise<SessionResponse | 'forbidden' | null>;

export interface PageServerOptions {
  restoreSession: RestorePageSession;
  loadPageData: LoadPageData;
  rendering: { workers: number; timeoutMs: number };
  log: { warn: (object: object, message: string) => void };
}

// The minified index.html writes attributes without quotes where it can.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/**
 * Phones, as far as a User-Agent tells (Lighthouse's mobile profile says "Mobile"): drawn in the phone layout. Linear in
 * the header's length (issue 42, F-37: the earlier `Android.*Mobile` backtracked over a long header).
 */
export function looksLikePhone(userAgent: string): boolean {
  const agent = userAgent.slice(0, 512);
  return /\bMobi/.test(agent) || /\biPhone\b/.test(agent);
}

/**
 * A top-level navigation by the browser (a link followed, an address typed, a reload): the only page request whose
 * session is restored and whose page is rendered (issue 42, F-36). An image, a fetch, a script or a frame asking for a
 * page path gets the plain app and leaves the session alone, so markdown embedding `![](/patient/questions)` rotates
 * nothing. Every browser the app supports sends these headers.
 */
export function isDocumentNavigation(headers: FastifyRequest['headers']): boolean {
  return headers['sec-fetch-mode'] === 'navigate' && headers['sec-fetch-dest'] === 'document' && /\btext\/html\b/.test(String(headers.accept ?? ''));
}

/** Renders waiting or running per renderer thread; past it a page goes out as the plain app at once (issue 42, F-37). */
const RENDERS_IN_FLIGHT_PER_WORKER = 4;

/**
 * The page server (issue #35): a GET of a signed-in page carrying the refresh cookie gets the session restored on the
 * server (the cookie rotated as POST /api/auth/refresh does) and, for the pages contracts' SERVER_PAGES declares, its
 * data loaded in-process through the API's own handlers (page-data.ts) and the page drawn with it by the web build's
 * renderer in worker threads (page-renderer.ts), streamed: the document's head (stylesheet, scripts,
 * the page's remote chunks to preload) goes out at once, the rendered page and its state block when ready. The app
 * hydrates that page and starts from that state (web-core's page-state.ts). Whatever goes wrong with rendering (an
 * error, the time limit), the page goes out as the plain app with the session in its state block: never an error page.
 * Without a cookie (or with one the session service refuses) the answer is today's plain app.
 */
export async function registerPageServer(
  fastify: FastifyInstance,
  webDistDir: string,
  template: string,
  options: PageServerOptions,
): Promise<void> {
  if (!EMPTY_ROOT.test(template)) {
    options.log.warn({}, 'The shell index.html has no empty #root: the signed-in pages are not rendered on the server.');
    return;
  }
  const [head, tail] = template.split(EMPTY_ROOT);
  const script = path.join(webDistDir, 'server', 'render.cjs');
  const renderer: PageRenderer | null =
    options.rendering.workers > 0 && existsSync(script)
      ? createPageRenderer(script, { ...options.rendering, onError: (error) => options.log.warn({ err: error }, 'A page renderer failed') })
      : null;
  if (renderer) fastify.addHook('onClose', () => renderer.close());
  const plainDocument = (state: string) => `${head}<div id="root"></div>${state}${tail}`;
  const frames = readFrames(webDistDir);
  const renderCapacity = Math.max(1, options.rendering.workers) * RENDERS_IN_FLIGHT_PER_WORKER;
  let rendersInFlight = 0;

  for (const page of SERVER_PAGES) {
    const headWithPreloads = head.replace('</head>', () => `${preloadLinks(webDistDir, page.remote, page.page)}</head>`);
    fastify.get(page.path, { exposeHeadRoute: false }, async (request, reply) => {
      // A page opened from another site (even a sibling subdomain) is drawn by the browser as before: only the app's
      // own pages, or an address typed, restore the session here.
      const site = request.headers['sec-fetch-site'];
      const ownNavigation = isDocumentNavigation(request.headers) && (site === 'same-origin' || site === 'none');
      const session = ownNavigation ? await options.restoreSession(request, reply) : null;
      void reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
      if (session === null) return sendHtml(request, reply, plainDocument(''));
      if (session === 'forbidden') return sendHtml(request, reply, plainDocument(pageStateElement(jsonForHtml({ refused: true }))));
      const sessionState = pageStateElement(jsonForHtml({ session: { user: session.user, accessToken: session.accessToken } }));
      if (!renderer || rendersInFlight >= renderCapacity) return sendHtml(request, reply, plainDocument(sessionState));

      // The declaration's role, then each query's own route rule and ownership checks (page-data.ts): a query the API
      // refuses is drawn as the app draws that refusal (a missing question's "not found").
      if (session.user.role !== page.access) return sendHtml(request, reply, plainDocument(sessionState));
      const url = new URL(request.url, 'http://page.invalid');
      const caller = { id: session.user.id, role: session.user.role };
      const narrow = looksLikePhone(String(request.headers['user-agent'] ?? ''));
      // The frame goes out with the head, so the browser paints the top bar and the page's loading state while the
      // data is loaded and the page rendered (issue 43 item 3).
      const out = streamHtml(request, reply);
      out.write(`${headWithPreloads}${frameOf(frames, page.path, narrow)}`);
      const plainRest = `<div id="root"></div>${sessionState}${tail}`;
      rendersInFlight++;
      try {
        const data = await loadData(page.path, options.loadPageData(caller, page.queries({ params: request.params as Record<string, string>, search: url.searchParams })));
        if (data === 'failed' || data === 'late') {
          if (data === 'late') options.log.warn({ route: page.path }, 'A page’s data took too long: sent as the plain app');
          out.end(plainRest);
          return reply;
        }
        const result = await renderer.render({
          url: request.url,
          route: page.path,
          session: { user: session.user, accessToken: session.accessToken },
          data,
          narrow,
        });
        if (result.rendered) {
          out.end(`<div id="root">${result.html}</div>${pageStateElement(result.state)}${tail}`);
        } else {
          if (result.error) options.log.warn({ route: page.path, reason: result.reason, ms: Math.round(result.ms) }, 'A page could not be rendered on the server: sent as the plain app');
          out.end(plainRest);
        }
        return reply;
      } finally {
        rendersInFlight--;
      }
    });
  }

  /** The page's data, or why there is none: it failed (a 5xx), or it took longer than a render may. */
  async function loadData(route: string, loading: Promise<LoadedPageQuery[]>): Promise<LoadedPageQuery[] | 'failed' | 'late'> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.rendering.timeoutMs)));
    try {
      return await Promise.race([loading, late]);
    } catch (error) {
      // The error's kind only: a database error's text may quote the query's values.
      options.log.warn({ route, error: error instanceof Error ? error.name : typeof error }, 'A page’s data could not be loaded: sent as the plain app');
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The declared pages' frames (apps/shell/src/server/page-frame.tsx), as the web build wrote them; none without it. */
function readFrames(webDistDir: string): Record<string, { wide: string; narrow: string } | undefined> {
  const file = path.join(webDistDir, 'server', 'frames.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { wide: string; narrow: string }>) : {};
}

/** Hidden from assistive technology and focus: the page itself follows in #root. */
function frameOf(frames: ReturnType<typeof readFrames>, route: string, narrow: boolean): string {
  const frame = frames[route];
  return frame ? `<div id="${PAGE_FRAME_ELEMENT_ID}" aria-hidden="true" inert>${narrow ? frame.narrow : frame.wide}</div>` : '';
}

/**
 * The page's remote, its './pages' module and the page's chunk, from the remote build's bundle-manifest.json: the
 * browser fetches them beside the shell's scripts instead of after them (hydration waits for them).
 */
function preloadLinks(webDistDir: string, remote: string, page: string): string {
  const file = path.join(webDistDir, remote, 'bundle-manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { groups: Record<string, { files: string[] } | undefined> };
  const files = new Set(['remoteEntry.js']);
  for (const group of ['expose-pages', `page-${page}`]) for (const name of manifest.groups[group]?.files ?? []) files.add(name);
  return [...files].map((name) => `<link rel="preload" as="script" href="/remotes/${remote}/${name}">`).join('');
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const out = streamHtml(request, reply);
  out.end(html);
  return reply;
}

/**
 * A streamed HTML answer, compressed here (brotli at quality 5, or gzip) so that each part can be flushed to the
 * browser as it is written (the global compression would hold the head back until the end).
 */
function streamHtml(request: FastifyRequest, reply: FastifyReply): { write: (text: string) => void; end: (text: string) => void } {
  const encoding = encodingFor(request);
  void reply.status(200).type('text/html; charset=utf-8');
  const body: PassThrough | zlib.BrotliCompress | zlib.Gzip = !encoding
    ? new PassThrough()
    : encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  // A browser that went away while the page was rendering: the rest is dropped, never an unhandled stream error.
  body.on('error', () => undefined);
  if (encoding) void reply.header('content-encoding', encoding);
  void reply.send(body as Readable);
  return {
    write: (text) => {
      if (body.destroyed) return;
      body.write(text);
      if ('flush' in body) body.flush();
    },
    end: (text) => {
      if (!body.destroyed) body.end(text);
    },
  };
}
