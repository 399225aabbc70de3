import type { ImportedThread } from '@cqa/contracts';
import { FetchError } from '../fetching/fetch-error';
import { cleanMarkdown, cleanTitle, hostOf, IMPORT_LIMITS } from './text-sanitizer';

/**
 * Paste mode, for sites we may not crawl (Quora, robots.txt refusals): the admin pastes the thread, the first line
 * is the title and each blank-line separated block after it one reply. Every reply keeps the URL as its source.
 */
export function parsePastedThread(text: string, sourceUrl: string): ImportedThread {
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    throw new FetchError('invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme_not_allowed');
  url.username = '';
  url.password = '';
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  const title = cleanTitle(lines[0] ?? '');
  const replies = lines
    .slice(1)
    .join('\n')
    .split(/\n[ \t]*\n/)
    .map((block) => cleanMarkdown(block, IMPORT_LIMITS.reply))
    .filter((block) => block !== '')
    .slice(0, IMPORT_LIMITS.replies)
    .map((reply) => ({ text: reply, url: url.href, host: hostOf(url.href), date: null, score: null }));
  if (!title || replies.length === 0) {
    throw new FetchError('unreadable_page', { reason: 'Paste the thread: its title on the first line, then the replies separated by blank lines' });
  }
  return { title, body: null, url: url.href, replies };
}
