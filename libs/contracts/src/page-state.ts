/**
 * The element of a page served by the API's page server that carries the page's state for the app (the session it
 * restored from the refresh cookie and, when it rendered the page, the data it drew it with): a non-executable
 * <script type="application/json"> block, which the CSP (script-src 'self') leaves alone. web-core's page-state.ts
 * reads it; the API writes it.
 */
export const PAGE_STATE_ELEMENT_ID = 'cqa-page-state';

/**
 * The element of a server-rendered page's frame (the top bar and the page's loading state, sent before the page: the
 * API's page server writes it, the app removes it once it has drawn #root; index.html's stylesheet hides it meanwhile).
 */
export const PAGE_FRAME_ELEMENT_ID = 'cqa-frame';

/** JSON safe inside <script>: no '<' (so no '</script>' or '<!--'), '>' or '&', and no line separators. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The whole state block, ready to put in a page. */
export function pageStateElement(json: string): string {
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${json}</script>`;
}
