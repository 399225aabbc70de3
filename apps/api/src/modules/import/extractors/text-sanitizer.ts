/**
 * Fetched text is untrusted: whatever an extractor keeps passes through here. HTML left over is stripped (the web
 * never renders it, and prompts fence it), script-ish links are neutralised, control and bidi-override characters
 * go, and every part is capped so one page cannot flood a question.
 */
export const IMPORT_LIMITS = { title: 300, body: 20_000, reply: 10_000, replies: 100 } as const;

// Control characters (but tab and newline), zero-width and bidi-override characters.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function cleanMarkdown(text: string, maxChars: number): string {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/\]\(\s*(?:javascript|data|vbscript|file):[^)]*\)/gi, '](#)')
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cap(cleaned, maxChars);
}

/** One line, no markup. */
export function cleanTitle(text: string): string {
  return cap(cleanMarkdown(text, IMPORT_LIMITS.title * 2).replace(/\s+/g, ' ').trim(), IMPORT_LIMITS.title);
}

/** Reddit-style `u/name` mentions are usernames too: they go. */
export function redactUserMentions(text: string): string {
  return text.replace(/(^|[^\w/])\/?u\/[A-Za-z0-9_-]{2,20}\b/g, '$1u/…');
}

/** An ISO date from a Date-parsable value or epoch seconds; null when unreadable. */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A whole number from a score-like value ('1,204', 12, '−3'); null otherwise. */
export function scoreOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const match = /^[\s+]*([-−]?)\s*([\d,.]+)\s*([kK]?)\s*$/.exec(value);
  if (!match) return null;
  const n = Number(match[2].replace(/,/g, '')) * (match[3] ? 1000 : 1);
  return Number.isFinite(n) ? Math.round(match[1] ? -n : n) : null;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function cap(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
}
