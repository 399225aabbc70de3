/** Longest name an email repeats; longer ones are cut and end with '…'. */
export const MAIL_NAME_MAX_LENGTH = 40;

// eslint-disable-next-line no-control-regex -- the point is to remove them
const CONTROL_AND_BIDI = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A person's own words (a registration name) as inert text in an email: anyone can register with any name, so the
 * name must not become a link or markup in the recipient's mail client. Control and direction characters go, the
 * characters that make URLs, addresses and domains (`:`, `/`, `@`, `.`, `\`) become spaces, so no client can auto-link
 * what is left, whitespace is collapsed and the length capped.
 */
export function inertName(value: string, maxLength = MAIL_NAME_MAX_LENGTH): string {
  return inert(value, /[:/@.\\]/g, maxLength) || '(no name)';
}

/**
 * Sentences someone typed (an admin's reason) as inert text: as inertName, except that a full stop before a space or
 * the end stays (only one inside a word, as in a domain, becomes a space), so the sentences still read as sentences.
 */
export function inertText(value: string, maxLength: number): string {
  return inert(value, /[:/@\\]|\.(?=\S)/g, maxLength);
}

function inert(value: string, linkCharacters: RegExp, maxLength: number): string {
  const cleaned = value
    .normalize('NFKC')
    .replace(CONTROL_AND_BIDI, '')
    .replace(linkCharacters, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].length > maxLength ? `${[...cleaned].slice(0, maxLength - 1).join('').trimEnd()}…` : cleaned;
}

/** For the HTML part of an email: every character that could open markup is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
