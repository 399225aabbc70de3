import { roundRating } from '@cqa/contracts';

/** A submission date as people read it, e.g. 'March 4, 2026'. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The average beside the stars: always one decimal ('4.0'). */
export function formatAverage(average: number | null | undefined): string | null {
  const rounded = roundRating(average);
  return rounded == null ? null : rounded.toFixed(1);
}

/** Long questions are cut in lists; the detail page shows them whole. */
export function excerpt(text: string, max = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Tag colours with text dark enough for WCAG AA on their light backgrounds (antd's presets are too pale). */
export const tagStyles = {
  warning: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  success: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  danger: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
} as const;
