import { Spin } from 'antd';

/** Marks a loading state that stands for a page's main content (RESPONSIVE_CSS reserves a screen for it). */
export const PAGE_PENDING_CLASS = 'cqa-page-pending';

/**
 * `page`: this state stands for the page's main content, still to come (the route's code, the session, a dashboard's
 * list). The content area then keeps at least one screen of height, so the footer waits just below the fold instead
 * of being drawn at the bottom of the screen and pushed down through it when the content arrives (a layout shift).
 */
export function LoadingState({ label = 'Loading', page = false }: { label?: string; page?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={page ? PAGE_PENDING_CLASS : undefined} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 32 }}>
      <Spin aria-hidden />
      <span>{label}</span>
    </div>
  );
}
