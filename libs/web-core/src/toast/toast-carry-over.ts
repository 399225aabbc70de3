import { CARRIED_TOASTS_KEY } from '@cqa/contracts';
import { TOAST_KINDS, type Toast } from './toast.slice';

// The toasts on screen when the app leaves for another document of itself (the public pages' bundle handing over to
// the federated shell: AppProviders' `leaveFor`), so 'Login successful!' is still shown on the page it led to.
// sessionStorage: this tab only, read once, and only the toasts' kind and text (never tokens or health data).
const KEY = CARRIED_TOASTS_KEY;

export function carryToastsOver(toasts: readonly Toast[]): void {
  if (toasts.length === 0) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toasts.map(({ kind, message, durationMs }) => ({ kind, message, durationMs }))));
  } catch {
    // Storage refused (private mode, quota): the toast is lost, the navigation is not.
  }
}

/** The carried toasts, removed from storage; [] when none or unreadable. */
export function takeCarriedToasts(): Array<Pick<Toast, 'kind' | 'message' | 'durationMs'>> {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is Pick<Toast, 'kind' | 'message' | 'durationMs'> =>
        typeof t === 'object' && t !== null && TOAST_KINDS.includes(t.kind) && typeof t.message === 'string',
    );
  } catch {
    return [];
  }
}
