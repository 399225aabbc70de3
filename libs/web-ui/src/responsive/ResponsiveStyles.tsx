import { NARROW_QUERY } from './use-media-query';

/**
 * The phone layout's few global rules, rendered once by the shell (the CSP allows inline styles; the build has no
 * CSS loader). Desktop widths are left as they are, but for a larger hit area that does not change the look.
 */
export const RESPONSIVE_CSS = `
/* WCAG 2.5.8 at every width: the password field's show/hide icon is 14 px; give it a 24 px hit area beside the field,
   not over it (the part a neighbouring control covers does not count, so Lighthouse refused the -5px sides). */
.ant-input-password-icon { padding: 5px; margin: -5px 0; }
@media ${NARROW_QUERY} {
  .cqa-content { padding: 16px 12px !important; }
  .cqa-content h1 { font-size: 24px; overflow-wrap: anywhere; }
  .cqa-content img, .cqa-content video { max-width: 100%; height: auto; }
  /* A page's title row (title and its main button) wraps on a phone; keep the button off what follows. */
  .cqa-page-head { margin-bottom: 16px; }
  .cqa-stat-tiles { gap: 8px !important; }
  .cqa-stat-tiles > div { flex: 1 1 120px; min-width: 0 !important; }
  /* Card titles (the profile summary's section names) wrap instead of being cut off. */
  .cqa-content .ant-card-head-title { white-space: normal; overflow: visible; }
  .cqa-content pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  .cqa-content .ant-descriptions-item-content, .cqa-content .ant-list-item-meta-description { overflow-wrap: anywhere; }
}`;

export function ResponsiveStyles() {
  return <style>{RESPONSIVE_CSS}</style>;
}
