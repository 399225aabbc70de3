import type { ImportedThread } from '@cqa/contracts';
import { FetchError } from '../fetching/fetch-error';
import { assertOk, PoliteFetcher } from '../fetching/polite-fetcher';
import { RedditFetcher } from './reddit-fetcher';
import { InlineThreadParser, ThreadParser } from './thread-parser';

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
    /** Where pages are read: the module passes the worker-thread parser; tests may read inline. */
    private readonly parser: ThreadParser = new InlineThreadParser(),
  ) {}

  /** A pasted thread, read like a page (off the event loop, with the parser's time limit). */
  paste(text: string, url: string): Promise<ImportedThread> {
    return this.parser.parse({ kind: 'paste', text, url });
  }

  async extract(input: string, signal?: AbortSignal): Promise<ThreadExtraction> {
    const url = this.polite.fetcher.checkUrl(input);
    if (PASTE_ONLY_HOSTS.test(url.hostname)) return { mode: 'paste', url: url.href, reason: 'Quora does not allow crawling: paste the thread text' };
    try {
      if (this.reddit.threadPath(url)) return { mode: 'thread', source: 'reddit', thread: await this.reddit.fetchThread(url, signal) };
      const page = assertOk(await this.polite.fetch(url, { signal }));
      if (page.contentType === 'text/plain') return { mode: 'thread', source: 'forum', thread: await this.paste(page.text, url.href) };
      if (page.contentType !== 'text/html' && page.contentType !== 'application/xhtml+xml') throw new FetchError('unreadable_page');
      const thread = await this.parser.parse({ kind: 'forum', html: page.text, url: page.url });
      return { mode: 'thread', source: 'forum', thread: { ...thread, url: url.href } };
    } catch (error) {
      if (error instanceof FetchError && error.code === 'robots_refused') return { mode: 'paste', url: url.href, reason: error.reason };
      throw error;
    }
  }
}
