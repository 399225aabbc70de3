// The public pages' entry (tools/webpack/create-web-config.cjs, createPublicPagesConfig): a few hundred bytes that
// decide when the page's app (public-app.tsx: React, antd, the store) loads. The pre-rendered page is usable without
// it (its choices are links, its forms real forms posted to /api/auth/form/*), so a phone pays for that script only
// when the visitor first touches the page (issue 43): a pointer over or on it, a key, a focus. Hydration keeps what
// was typed or ticked meanwhile (server-form.tsx), and a form sent before the app has come is posted by the browser.
import { CARRIED_TOASTS_KEY, prerenderedShowsAll } from '@cqa/contracts';
import { HAS_ACCOUNT_KEY } from './features/landing/has-account';

const FIRST_TOUCH = ['pointerover', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let started = false;
function loadApp(): void {
  if (started) return;
  started = true;
  for (const type of FIRST_TOUCH) window.removeEventListener(type, loadApp, true);
  void import(/* webpackChunkName: "public-app" */ './public-app');
}

function stored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
const pathname = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/$/, '') : '/';
const query = new URLSearchParams(window.location.search);
const landingWithoutMode = pathname === '/' && !query.has('mode') && !query.has('screen') && prerenderedShowsAll(pathname, query);
// As the landing page's own check (LandingPage.tsx, hasInput): a box ticked or a field filled in.
const typedAlready = () =>
  [...document.querySelectorAll<HTMLInputElement>('#root input')].some((input) =>
    input.type === 'hidden' ? false : input.type === 'checkbox' || input.type === 'radio' ? input.checked : input.value !== '');

if (landingWithoutMode && stored(() => localStorage, HAS_ACCOUNT_KEY) === 'true' && !typedAlready()) {
  // A returning visitor gets the login form (the mode this browser remembers): its own pre-rendered page.
  query.set('mode', 'login');
  window.location.replace(`/?${query.toString()}${window.location.hash}`);
} else if (!root?.firstElementChild || !prerenderedShowsAll(pathname, query) || stored(() => sessionStorage, CARRIED_TOASTS_KEY) !== null) {
  // The page shows more than its pre-rendered state (a step or message only the app draws, a toast carried over).
  loadApp();
} else {
  for (const type of FIRST_TOUCH) window.addEventListener(type, loadApp, { capture: true, passive: true });
}
