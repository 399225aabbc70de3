import type { ImportedThread } from '@cqa/contracts';
import { parseForumPage } from './forum-page-parser';
import { parsePastedThread } from './paste-mode-parser';
import { parseRedditThread } from './reddit-json-parser';
import { FetchError } from '../fetching/fetch-error';

/** One piece of fetched or pasted text to read into a thread. Plain data: it crosses to a worker thread. */
export type ParseTask =
  | { kind: 'forum'; html: string; url: string }
  | { kind: 'paste'; text: string; url: string }
  | { kind: 'reddit'; json: string; url: string };

/**
 * Reading a page (DOM, Readability, markdown, cleaning) is CPU work on untrusted input. Production runs it in a
 * worker thread with a time limit (WorkerThreadParser), so a hostile page fails its own import and stalls nothing
 * else; InlineThreadParser runs it on the caller's thread, for tests and tools.
 */
export abstract class ThreadParser {
  abstract parse(task: ParseTask): Promise<ImportedThread>;
  async close(): Promise<void> {}
}

export class InlineThreadParser extends ThreadParser {
  async parse(task: ParseTask): Promise<ImportedThread> {
    return parseTask(task);
  }
}

export function parseTask(task: ParseTask): ImportedThread {
  switch (task.kind) {
    case 'forum':
      return parseForumPage(task.html, task.url);
    case 'paste':
      return parsePastedThread(task.text, task.url);
    case 'reddit': {
      let json: unknown;
      try {
        json = JSON.parse(task.json);
      } catch {
        throw new FetchError('unreadable_page', { detail: 'Reddit did not answer JSON' });
      }
      return parseRedditThread(json, task.url);
    }
  }
}
