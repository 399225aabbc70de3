import { OIDC_TWO_FACTOR_PARAM } from './auth';

// A leaf of its own (it imports no texts): the public pages' entry (apps/shell/src/public-pages.ts) reads it before
// anything else of the app has loaded, and must stay a few KB.

/** The reset-password page's hidden token field, as pre-rendered: the page server puts the link's token in its place. */
export const RESET_TOKEN_PLACEHOLDER = 'reset-token-from-the-link';
/** What a reset link's token looks like (base64url); anything else is never written into a page. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The public pages pre-rendered at build time, one HTML document per URL (tools/webpack/prerender.mjs writes them;
 * the API and the nginx image answer each URL with its own). Path → the query parameters (in this order) and values
 * that make a state of their own; any other value is the page's plain state.
 */
export const PRERENDERED_PAGES = {
  '/': { file: 'landing', params: { role: ['expert'], mode: ['login', 'register'], [OIDC_TWO_FACTOR_PARAM]: ['code'], screen: ['registered', 'rejected'] } },
  '/disclaimers': { file: 'disclaimers', params: {} },
  '/admin/login': { file: 'admin-login', params: { [OIDC_TWO_FACTOR_PARAM]: ['code'] } },
  '/forgot-password': { file: 'forgot-password', params: { screen: ['sent'] } },
  // With a token (any: the page server writes the link's own in place of the placeholder), the form; without, 'invalid link'.
  '/reset-password': { file: 'reset-password', params: { token: [RESET_TOKEN_PLACEHOLDER] } },
} as const satisfies Record<string, { file: string; params: Record<string, readonly string[]> }>;
export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The screens stand alone: with one, neither role nor mode is part of the state. */
const SCREEN_PARAM = 'screen';

/**
 * The pre-rendered document of a request (its routed path and query): the file name, without extension, of the
 * state the query names, or of the page's plain state. Null for a path that is not pre-rendered.
 */
export function prerenderedFile(pathname: string, query: URLSearchParams): string | null {
  const page = (PRERENDERED_PAGES as Record<string, { file: string; params: Record<string, readonly string[]> }>)[pathname];
  if (!page) return null;
  const screen = query.get(SCREEN_PARAM);
  const alone = screen !== null && page.params[SCREEN_PARAM]?.includes(screen);
  const parts = Object.entries(page.params)
    .filter(([name]) => !alone || name === SCREEN_PARAM)
    .map(([name, values]) => [name, query.get(name), values] as const)
    .filter(([, value, values]) => value !== null && values.includes(value))
    .map(([name, value]) => `.${name}-${value}`);
  return `${page.file}${parts.join('')}`;
}

/** Every pre-rendered URL and its file: each parameter's values combined (a screen alone), for the build. */
export function prerenderedUrls(): { url: string; file: string }[] {
  return Object.entries(PRERENDERED_PAGES).flatMap(([path, page]) => {
    let queries: [string, string][][] = [[]];
    for (const [name, values] of Object.entries(page.params as Record<string, readonly string[]>)) {
      if (name === SCREEN_PARAM) continue;
      queries = queries.flatMap((query) => [query, ...values.map((value) => [...query, [name, value] as [string, string]])]);
    }
    const screens = ((page.params as Record<string, readonly string[]>)[SCREEN_PARAM] ?? []).map((value) => [[SCREEN_PARAM, value] as [string, string]]);
    return [...queries, ...screens].map((query) => {
      const search = new URLSearchParams(query);
      const url = `${path}${query.length ? `?${search.toString()}` : ''}`;
      return { url, file: prerenderedFile(path, search)! };
    });
  });
}

/**
 * Whether a public page's pre-rendered document shows the whole state of this URL, so that its script can wait until
 * the visitor first touches the page (apps/shell/src/public-pages.ts). False when the query holds anything no
 * pre-rendered state accounts for (the enrolment step, an institution's refusal, a reset link that is not one, any
 * other parameter): the page's script must then draw it at once.
 */
export function prerenderedShowsAll(pathname: string, query: URLSearchParams): boolean {
  const page = (PRERENDERED_PAGES as Record<string, { params: Record<string, readonly string[]> }>)[pathname];
  if (!page) return false;
  for (const [name, value] of query) {
    const stated = page.params[name]?.includes(value) ?? false;
    const resetToken = pathname === '/reset-password' && name === 'token' && RESET_TOKEN_PATTERN.test(value);
    const defaultRole = name === 'role' && value === 'patient' && 'role' in page.params;
    if (!stated && !resetToken && !defaultRole) return false;
  }
  return true;
}

/** sessionStorage's key for the toasts carried from one document of the app to the next (web-core's toast-carry-over.ts). */
export const CARRIED_TOASTS_KEY = 'cqa.toasts.carried';
