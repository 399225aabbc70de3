import type { ImportedThread } from '@cqa/contracts';
import { FetchError } from '../fetching/fetch-error';
import { assertOk, PoliteFetcher } from '../fetching/polite-fetcher';
import { parseForumPage } from './forum-page-parser';
import { parsePastedThread } from './paste-mode-parser';
import { RedditFetcher } from './reddit-fetcher';

/** What one URL gives: a thread, or a request to paste its text (the URL stays the source). */
export type ThreadExtraction =
  | { mode: 'thread'; source: 'reddit' | 'forum'; thread: ImportedThread }
  | { mode: 'paste'; url: string; reason: string };

/** Sites whose robots.txt forbids crawling outright: paste mode without asking. */
const PASTE_ONLY_HOSTS = /(^|\.)quora\.com$/i;

/**
 * One URL to one thread: Quora goes straight to paste mode; Reddit threads through their JSON (or OAuth); anything
 * else is fetched as a page and read by the forum parser. A robots.txt refusal ends in paste mode; every other
 * failure is a FetchError with its reason (`transient` says whether a retry may help).
 */
export class ThreadFetcher {
  constructor(
    private readonly polite: PoliteFetcher,
    private readonly reddit: RedditFetcher,
  ) {}

  async extract(input: string, signal?: AbortSignal): Promise<ThreadExtraction> {
    const url = this.polite.fetcher.checkUrl(input);
    if (PASTE_ONLY_HOSTS.test(url.hostname)) return { mode: 'paste', url: url.href, reason: 'Quora does not allow crawling: paste the thread text' };
    try {
      if (this.reddit.threadPath(url)) return { mode: 'thread', source: 'reddit', thread: await this.reddit.fetchThread(url, signal) };
      const page = assertOk(await this.polite.fetch(url, { signal }));
      if (page.contentType === 'text/plain') return { mode: 'thread', source: 'forum', thread: parsePastedThread(page.text, url.href) };
      if (page.contentType !== 'text/html' && page.contentType !== 'application/xhtml+xml') throw new FetchError('unreadable_page');
      return { mode: 'thread', source: 'forum', thread: { ...parseForumPage(page.text, page.url), url: url.href } };
    } catch (error) {
      if (error instanceof FetchError && error.code === 'robots_refused') return { mode: 'paste', url: url.href, reason: error.reason };
      throw error;
    }
  }
}
