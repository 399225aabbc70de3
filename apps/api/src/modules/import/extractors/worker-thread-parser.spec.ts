import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FetchError } from '../fetching/fetch-error';
import { InlineThreadParser } from './thread-parser';
import { WorkerThreadParser } from './worker-thread-parser';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const PAGE_URL = 'https://forum.example/t/scan-anxiety';
/** A page that keeps a parser busy for a while (many reply blocks), though nothing about it is quadratic. */
const BUSY_PAGE = `<html><head><title>Scan anxiety</title></head><body>${Array.from({ length: 2000 }, (_, i) => `<div class="post"><div class="post-body"><p>Reply ${i} <b>with</b> <i>some</i> words.</p></div></div>`).join('')}</body></html>`;

describe('WorkerThreadParser', () => {
  const parsers: WorkerThreadParser[] = [];
  const parser = (timeoutMs: number, threads = 1) => {
    const created = new WorkerThreadParser({ timeoutMs, threads });
    parsers.push(created);
    return created;
  };
  afterAll(async () => Promise.all(parsers.map((p) => p.close())));

  it('reads pages, pastes and Reddit JSON in a thread as the inline parser does', async () => {
    const threads = parser(30_000);
    const inline = new InlineThreadParser();
    for (const task of [
      { kind: 'forum' as const, html: fixture('forum-thread-posts.fixture.html'), url: PAGE_URL },
      { kind: 'paste' as const, text: 'Title\n\nfirst reply\n\nsecond reply', url: PAGE_URL },
      { kind: 'reddit' as const, json: fixture('reddit-thread.fixture.json'), url: 'https://www.reddit.com/r/cancer/comments/abc123/slug/' },
    ]) {
      expect(await threads.parse(task)).toEqual(await inline.parse(task));
    }
  });

  it('passes the reason of an unreadable page on', async () => {
    const threads = parser(30_000);
    const error = await threads.parse({ kind: 'paste', text: 'Only a title', url: PAGE_URL }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'unreadable_page', reason: expect.stringMatching(/^Paste the thread/) });
    expect(await threads.parse({ kind: 'reddit', json: 'not json', url: PAGE_URL }).catch((e: FetchError) => e.code)).toBe('unreadable_page');
  });

  it('stops a parse past the time limit with its own error, and the next task gets a fresh thread', async () => {
    const threads = parser(30_000);
    await threads.parse({ kind: 'paste', text: 'warm\n\nup', url: PAGE_URL });
    (threads as unknown as { timeoutMs: number }).timeoutMs = 5;
    const error = await threads.parse({ kind: 'forum', html: BUSY_PAGE, url: PAGE_URL }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'parse_timeout', reason: 'The page could not be read in time', transient: false });
    (threads as unknown as { timeoutMs: number }).timeoutMs = 30_000;
    expect((await threads.parse({ kind: 'paste', text: 'Title\n\nreply', url: PAGE_URL })).replies).toHaveLength(1);
  });

  it('keeps the event loop free while a page is read', async () => {
    const threads = parser(30_000);
    await threads.parse({ kind: 'paste', text: 'warm\n\nup', url: PAGE_URL });
    // Ticks of a 5 ms timer while the page is read: the inline parser blocks the loop for the whole parse, so none
    // (at most one) could run. Counting ticks, not the longest gap, keeps a loaded machine's stalls out of it.
    let ticks = 0;
    const ticker = setInterval(() => { ticks += 1; }, 5);
    const started = performance.now();
    const thread = await threads.parse({ kind: 'forum', html: BUSY_PAGE, url: PAGE_URL });
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(thread.replies.length).toBeGreaterThan(10);
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(5);
  }, 30_000); // reading the busy page alone took over 5 s when two suites shared two cores

  it('runs tasks side by side up to its thread count and queues the rest', async () => {
    const threads = parser(30_000, 2);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => threads.parse({ kind: 'paste', text: `Title ${i}\n\nreply`, url: PAGE_URL })));
    expect(results.map((r) => r.title)).toEqual(['Title 0', 'Title 1', 'Title 2', 'Title 3', 'Title 4']);
  });
});
