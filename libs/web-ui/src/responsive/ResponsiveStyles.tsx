import { PAGE_PENDING_CLASS } from '../components/LoadingState';
import { NARROW_QUERY } from './use-media-query';

/**
 * The phone layout's few global rules, rendered once by the shell (the CSP allows inline styles; the build has no
 * CSS loader). Desktop widths are left as they are, but for a larger hit area that does not change the look.
 */
export const RESPONSIVE_CSS = `
/* WCAG 2.5.8 at every width: the password field's show/hide icon is 14 px; give it a 24 px hit area beside the field,
   not over it (the part a neighbouring control covers does not count, so Lighthouse refused the -5px sides). */
.ant-input-password-icon { padding: 5px; margin: -5px 0; }
/* While a page's main content is still loading, the content area is at least one screen high (less the 64 px top
   bar), so the footer waits just below the fold: drawn at the bottom of the screen, it was pushed down through the
   viewport when the content arrived (the dashboards' only layout shift, 0.05-0.08 on a phone). A page shorter than
   the screen then brings it up by no more than its own height. */
.cqa-content:has(.${PAGE_PENDING_CLASS}) { box-sizing: border-box; min-height: 100vh; }
.ant-layout-header ~ .cqa-content:has(.${PAGE_PENDING_CLASS}) { min-height: calc(100vh - 64px); }
@media ${NARROW_QUERY} {
  .cqa-content { padding: 16px 12px !important; }
  .cqa-content h1 { font-size: 24px; overflow-wrap: anywhere; }
  .cqa-content img, .cqa-content video { max-width: 100%; height: auto; }
  /* A page's title row (title and its main button) wraps on a phone; keep the button off what follows. */
  .cqa-page-head { margin-bottom: 16px; }
  .cqa-stat-tiles { gap: 8px !important; }
  /* The profile wizard's stepper is five tall rows on a phone: its "Step 2 of 5" line stands in for it. */
  .cqa-wizard-steps { display: none !important; }
  .cqa-stat-tiles > div { flex: 1 1 120px; min-width: 0 !important; }
  /* Card titles (the profile summary's section names) wrap instead of being cut off. */
  .cqa-content .ant-card-head-title { white-space: normal; overflow: visible; }
  .cqa-content pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  .cqa-content .ant-descriptions-item-content, .cqa-content .ant-list-item-meta-description { overflow-wrap: anywhere; }
}`;

export function ResponsiveStyles() {
  return <style>{RESPONSIVE_CSS}</style>;
}
