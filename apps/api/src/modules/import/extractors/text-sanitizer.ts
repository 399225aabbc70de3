/**
 * Fetched text is untrusted: whatever an extractor keeps passes through here. HTML left over is stripped (the web
 * never renders it, and prompts fence it), script-ish links are neutralised, control and bidi-override characters
 * go, and every part is capped so one page cannot flood a question.
 */
export const IMPORT_LIMITS = { title: 300, body: 20_000, reply: 10_000, replies: 100 } as const;

// Control characters (but tab and newline), zero-width and bidi-override characters.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Text beyond this many times the kept length is cut before cleaning: cleaning a 2 MB page to keep 10,000 characters is waste. */
export const CLEAN_INPUT_FACTOR = 10;

/**
 * Every step is linear in the text (no regex that rescans a run of spaces or an unclosed tag from each of its
 * characters): hostile pages are made of exactly such runs.
 */
export function cleanMarkdown(text: string, maxChars: number): string {
  const input = text.length > maxChars * CLEAN_INPUT_FACTOR ? text.slice(0, maxChars * CLEAN_INPUT_FACTOR) : text;
  const cleaned = trimLineEnds(stripScriptLinks(stripTags(stripComments(input.replace(/\r\n?/g, '\n')))).replace(CONTROL, ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cap(cleaned, maxChars);
}

/** `<!-- … -->` removed; an unclosed comment runs to the end. */
function stripComments(text: string): string {
  let out = '';
  let from = 0;
  for (let start = text.indexOf('<!--'); start >= 0; start = text.indexOf('<!--', from)) {
    out += text.slice(from, start);
    const end = text.indexOf('-->', start + 4);
    if (end < 0) return out;
    from = end + 3;
  }
  return out + text.slice(from);
}

/** `<tag …>` and `</tag …>` (a letter after `<`, up to the next `>`) removed; without a `>` left, nothing more is a tag. */
function stripTags(text: string): string {
  let out = '';
  let from = 0;
  let i = text.indexOf('<');
  while (i >= 0) {
    const nameAt = text[i + 1] === '/' ? i + 2 : i + 1;
    if (isAsciiLetter(text.charCodeAt(nameAt))) {
      const end = text.indexOf('>', nameAt);
      if (end < 0) break;
      out += text.slice(from, i);
      from = end + 1;
      i = text.indexOf('<', from);
    } else {
      i = text.indexOf('<', i + 1);
    }
  }
  return out + text.slice(from);
}

const SCRIPT_LINK = /\]\(\s*(?:javascript|data|vbscript|file):/gi;

/** Markdown links to script-ish schemes become `](#)`; one without a closing `)` is left as text, as before. */
function stripScriptLinks(text: string): string {
  let out = '';
  let from = 0;
  SCRIPT_LINK.lastIndex = 0;
  for (let m = SCRIPT_LINK.exec(text); m; m = SCRIPT_LINK.exec(text)) {
    const close = text.indexOf(')', SCRIPT_LINK.lastIndex);
    if (close < 0) break;
    out += `${text.slice(from, m.index)}](#)`;
    from = close + 1;
    SCRIPT_LINK.lastIndex = from;
  }
  return out + text.slice(from);
}

/** Spaces and tabs before each line end removed (the line's last line keeps them; trim() takes those). */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  for (let n = 0; n < lines.length - 1; n++) {
    const line = lines[n];
    let end = line.length;
    while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
    if (end < line.length) lines[n] = line.slice(0, end);
  }
  return lines.join('\n');
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
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
