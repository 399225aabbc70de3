import type { ImportedReply, ImportedThread } from '@cqa/contracts';
import { FetchError } from '../fetching/fetch-error';
import { cleanMarkdown, cleanTitle, IMPORT_LIMITS, isoDate, redactUserMentions, scoreOf } from './text-sanitizer';

/** Permalinks of imported replies always point at the public site, whatever base the JSON came from. */
export const REDDIT_PUBLIC_ORIGIN = 'https://www.reddit.com';
const REDDIT_HOST = /(^|\.)reddit\.com$/i;

/**
 * The text Reddit puts where a post or comment used to be: `[deleted]` (by its author), `[removed]` (by the
 * subreddit's moderators), `[ Removed by Reddit ]` (by Reddit's safety team), and their variants such as
 * `[ Removed by moderator ]`, `[ Removed by Reddit in response to a copyright notice. ]` or `[unavailable]`.
 * None of them is anybody's answer. A comment whose account was deleted but whose text stands (author `[deleted]`,
 * a real body) is kept: Reddit still shows it, and we drop every username anyway.
 */
const TOMBSTONE = /^\[\s*(?:(?:deleted|removed)(?:\s+by\s+[^\]\n]{1,80}?)?|unavailable)\s*\.?\s*\]$/i;

export function isRedditTombstone(text: string): boolean {
  return TOMBSTONE.test(text.trim());
}

/**
 * The thread path of a Reddit URL (`/r/<sub>/comments/<id>/<slug>`; `/comments/<id>` for redd.it and user
 * posts), without a comment permalink's tail, or null when the URL is not a Reddit thread. `extraHost` is the host
 * of a configured REDDIT_BASE_URL, whose URLs count as Reddit too.
 */
export function redditThreadPath(url: URL, extraHost?: string): string | null {
  const host = url.hostname.toLowerCase();
  if (host === 'redd.it') {
    const id = /^\/([a-z0-9]{2,12})\/?$/i.exec(url.pathname)?.[1];
    return id ? `/comments/${id.toLowerCase()}` : null;
  }
  if (!REDDIT_HOST.test(host) && url.host !== extraHost) return null;
  const sub = /^\/r\/([A-Za-z0-9_]{2,21})\/comments\/([a-z0-9]{2,12})(?:\/([^/?#]{1,200}))?/i.exec(url.pathname);
  if (sub) return `/r/${sub[1]}/comments/${sub[2].toLowerCase()}${sub[3] ? `/${sub[3]}` : ''}`;
  const bare = /^\/(?:(?:u|user)\/[^/]+\/)?comments\/([a-z0-9]{2,12})/i.exec(url.pathname);
  return bare ? `/comments/${bare[1].toLowerCase()}` : null;
}

/** The public JSON form of a thread: `<base><thread path>.json?raw_json=1` (top comments first). */
export function redditJsonUrl(threadPath: string, baseUrl: string = REDDIT_PUBLIC_ORIGIN): string {
  return `${baseUrl.replace(/\/+$/, '')}${threadPath}.json?raw_json=1&sort=top&limit=100`;
}

interface Listing {
  data?: { children?: Array<{ kind?: string; data?: Record<string, unknown> }> };
}

/**
 * Title, selftext and top-level comments (by score, highest first) of a thread's JSON. Deleted and removed
 * comments (every tombstone, see isRedditTombstone), AutoModerator and stickied moderator notes are skipped;
 * usernames are never kept (`u/` mentions in the text are blanked too). A thread Reddit removed, or with no reply
 * left, is unreadable, as for the other extractors.
 */
export function parseRedditThread(json: unknown, threadUrl: string): ImportedThread {
  if (!Array.isArray(json) || json.length < 2) throw new FetchError('unreadable_page', { detail: 'not a Reddit thread listing' });
  const [postListing, commentListing] = json as [Listing, Listing];
  const post = postListing.data?.children?.find((c) => c.kind === 't3')?.data;
  if (!post || typeof post.title !== 'string') throw new FetchError('unreadable_page', { detail: 'no post in the listing' });
  if (isRedditTombstone(post.title)) throw new FetchError('unreadable_page', { reason: 'The thread was removed from Reddit' });
  const selftext = typeof post.selftext === 'string' && !isRedditTombstone(post.selftext) ? post.selftext : '';
  // Comments recorded before Reddit added their `permalink` (about 2017) still have an id under the post's permalink.
  const postPath = typeof post.permalink === 'string' && post.permalink.startsWith('/') ? post.permalink.replace(/\/?$/, '/') : null;
  const replies: Array<ImportedReply & { rank: number }> = [];
  for (const child of commentListing.data?.children ?? []) {
    const c = child.data;
    if (child.kind !== 't1' || !c || typeof c.body !== 'string') continue;
    if (isRedditTombstone(c.body) || c.author === 'AutoModerator' || (c.stickied === true && c.distinguished === 'moderator')) continue;
    const text = cleanMarkdown(redactUserMentions(c.body), IMPORT_LIMITS.reply);
    if (!text) continue;
    const score = scoreOf(c.score);
    const permalink = typeof c.permalink === 'string' && c.permalink.startsWith('/')
      ? c.permalink
      : postPath && typeof c.id === 'string' && /^[a-z0-9]{1,12}$/i.test(c.id) ? `${postPath}${c.id}/` : null;
    const url = permalink ? `${REDDIT_PUBLIC_ORIGIN}${permalink}` : threadUrl;
    replies.push({ text, url, host: new URL(url).host, date: isoDate(c.created_utc), score, rank: score ?? Number.NEGATIVE_INFINITY });
  }
  if (replies.length === 0) throw new FetchError('unreadable_page', { reason: 'No replies left to import (removed, deleted or none yet)' });
  replies.sort((a, b) => b.rank - a.rank);
  return {
    title: cleanTitle(post.title),
    body: selftext ? cleanMarkdown(redactUserMentions(selftext), IMPORT_LIMITS.body) : null,
    url: threadUrl,
    replies: replies.slice(0, IMPORT_LIMITS.replies).map(({ rank: _rank, ...reply }) => reply),
  };
}
