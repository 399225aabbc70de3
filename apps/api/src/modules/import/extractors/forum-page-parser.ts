import type { ImportedReply, ImportedThread } from '@cqa/contracts';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { FetchError } from '../fetching/fetch-error';
import { cleanMarkdown, cleanTitle, IMPORT_LIMITS, isoDate, scoreOf } from './text-sanitizer';

/**
 * Generic forum and Q&A pages. In order: schema.org JSON-LD (QAPage/Question answers, DiscussionForumPosting
 * comments), schema.org microdata (Answer/Comment items), repeated reply blocks (`.answer`, `.comment`, `.reply`,
 * `.post`, `.message`, `article`; on the last three the first block is the thread's own post), and finally the
 * readable main text (Readability) as one reply. Bylines, avatars, signatures and vote widgets are removed before
 * the text becomes markdown, so no username is kept.
 */
/** The little of the DOM used here (the server build has no DOM lib; linkedom provides the objects). */
interface El {
  parentElement: El | null;
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El> & Iterable<El>;
  cloneNode(deep: boolean): unknown;
  remove(): void;
}
type Doc = Pick<El, 'querySelector' | 'querySelectorAll'>;
const parseDocument = (html: string): Doc => parseHTML(html).document as unknown as Doc;
interface Candidate {
  title: string | null;
  body: string | null;
  replies: ImportedReply[];
}

const REPLY_BLOCKS = ['.answer', '.comment', '.reply', '.post', '.message', 'article'];
const OPENING_POST_BLOCKS = new Set(['.post', '.message', 'article']);
const BLOCK_TEXT = '[itemprop~="text"], .post-body, .postbody, .post-content, .message-body, .message-content, .cooked, .answer-body, .comment-body, .comment-content, .content';
const NOT_TEXT = [
  '[itemprop~="author"]', '[rel~="author"]', '.author', '.username', '.user', '.user-info', '.user-details', '.byline', '.avatar',
  '[class*="author"]', '[class*="username"]', '[class*="avatar"]', '.signature', '.post-signature', '.postprofile', '.vote', '.votes',
  '.score', '.vote-count', '.post-menu', '.comment-actions', '.actions', '.reply-link', '.share', 'time', 'nav', 'footer', 'header', 'aside',
  'script', 'style', 'noscript', 'template', 'iframe', 'form', 'button', 'svg', 'img',
].join(', ');

export function parseForumPage(html: string, pageUrl: string): ImportedThread {
  const document = parseDocument(html);
  const found = fromJsonLd(document, pageUrl) ?? fromMicrodata(document, pageUrl) ?? fromReplyBlocks(document, pageUrl) ?? fromReadableText(html, pageUrl);
  const title = cleanTitle(found?.title || pageTitle(document));
  const replies = (found?.replies ?? []).filter((r) => r.text !== '').slice(0, IMPORT_LIMITS.replies);
  if (!title || replies.length === 0) throw new FetchError('unreadable_page');
  return { title, body: found?.body || null, url: pageUrl, replies };
}

/** Elements whose content never reaches the markdown. */
const DROPPED_ELEMENTS = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'form', 'button', 'svg', 'img', 'picture', 'video', 'audio', 'canvas', 'input', 'select', 'textarea'];
const DROPPED = new Set(DROPPED_ELEMENTS);

/** HTML to markdown: only http(s) links survive (made absolute), images and active content are dropped. */
export function htmlToMarkdown(html: string, baseUrl: string, maxChars: number = IMPORT_LIMITS.reply): string {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  // Added rules win over the built-in ones (an image rule among them); `remove` alone would not drop images.
  turndown.addRule('drop-active-and-media', {
    filter: [...DROPPED_ELEMENTS] as never,
    replacement: () => '',
  });
  turndown.addRule('safe-links', {
    filter: 'a',
    replacement: (content, node) => {
      const href = (node as unknown as El).getAttribute('href');
      const target = href ? absoluteHttpUrl(href, baseUrl) : null;
      return target && content.trim() ? `[${content}](${target})` : content;
    },
  });
  return cleanMarkdown(turndown.turndown(limitWhitespaceRuns(html)), maxChars);
}

/**
 * Turndown runs regexes that rescan a run of whitespace from each of its characters (its final trim, its edge
 * whitespace), so 80,000 spaces in a `<pre>` took seconds. No run longer than this reaches it: whitespace in text
 * nodes (entities such as `&nbsp;` included) and `<br>`s are counted across element boundaries, in document order,
 * and what passes the limit is dropped.
 */
export const MAX_WHITESPACE_RUN = 48;
const WHITESPACE = /\s/;

interface DomNode {
  nodeType: number;
  nodeName: string;
  data?: string;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  parentNode: DomNode | null;
  remove(): void;
}

let scratch: { createElement(name: string): unknown } | null = null;

function limitWhitespaceRuns(html: string): string {
  if (!mayHaveLongWhitespaceRun(html)) return html;
  const document = (scratch ??= parseHTML('<!doctype html><html><head></head><body></body></html>').document);
  const root = document.createElement('div') as unknown as DomNode & { innerHTML: string };
  root.innerHTML = html;
  let run = 0;
  let node = root.firstChild;
  while (node) {
    // Iterative walk: a page of deeply nested elements must not overflow the stack. Dropped elements (scripts,
    // forms, …) are skipped without ending a run: their content vanishes, so the text around them joins.
    const skip = node.nodeType === 1 && DROPPED.has(node.nodeName.toLowerCase());
    let next = skip ? null : node.firstChild;
    for (let up: DomNode | null = node; !next && up && up !== root; up = up.parentNode) next = up.nextSibling;
    if (node.nodeType === 3 && node.data) {
      const data = node.data;
      let kept = '';
      let from = 0;
      for (let i = 0; i < data.length; i++) {
        if (!WHITESPACE.test(data[i])) run = 0;
        else if (++run > MAX_WHITESPACE_RUN) {
          kept += data.slice(from, i);
          from = i + 1;
        }
      }
      if (from > 0) node.data = kept + data.slice(from);
    } else if (node.nodeName === 'BR' && (run += 3) > MAX_WHITESPACE_RUN) {
      node.remove();
    }
    node = next;
  }
  return root.innerHTML;
}

const ENTITY = /&(?:#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,9}|[A-Za-z][A-Za-z0-9]{0,31});?/y;

/**
 * A cheap, linear look at the markup that never misses a long run: tags count as nothing (a `<br>` as its line
 * end), comments are skipped, every entity may be whitespace; a dropped element (script, form, …) is a maybe.
 * Ordinary pages answer no and skip the DOM pass.
 */
function mayHaveLongWhitespaceRun(html: string): boolean {
  let run = 0;
  let noMoreTagEnds = false;
  for (let i = 0; i < html.length; i++) {
    const c = html[i];
    if (c === '<' && !noMoreTagEnds && /[A-Za-z/!?]/.test(html[i + 1] ?? '')) {
      if (html.startsWith('<!--', i)) {
        const end = html.indexOf('-->', i + 4);
        if (end < 0) return false;
        i = end + 2;
        continue;
      }
      const end = html.indexOf('>', i + 1);
      if (end < 0) {
        noMoreTagEnds = true;
        run = 0;
        continue;
      }
      let nameEnd = html[i + 1] === '/' ? i + 2 : i + 1;
      const nameStart = nameEnd;
      while (nameEnd < end && /[A-Za-z0-9]/.test(html[nameEnd])) nameEnd++;
      const name = html.slice(nameStart, nameEnd).toLowerCase();
      if (DROPPED.has(name)) return true;
      if (name === 'br') run += 3;
      i = end;
    } else if (c === '&') {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(html);
      run++;
      if (entity) i += entity[0].length - 1;
    } else if (WHITESPACE.test(c)) {
      run++;
    } else {
      run = 0;
    }
    if (run > MAX_WHITESPACE_RUN) return true;
  }
  return false;
}

// ---- JSON-LD -------------------------------------------------------------------------------------------

type LdNode = Record<string, unknown>;

function fromJsonLd(document: Doc, pageUrl: string): Candidate | null {
  const nodes: LdNode[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (value && typeof value === 'object') {
      nodes.push(value as LdNode);
      if ('@graph' in value) collect((value as LdNode)['@graph']);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collect(JSON.parse(script.textContent ?? ''));
    } catch {
      // A broken block is skipped.
    }
  }
  for (const node of nodes) {
    const question = isType(node, 'QAPage') ? (node.mainEntity as LdNode | undefined) : isType(node, 'Question') ? node : null;
    if (question && typeof question === 'object') {
      const answers = [question.acceptedAnswer, question.suggestedAnswer].flat().filter(isObject);
      const replies = answers.map((a) => ldReply(a, pageUrl)).filter((r) => r.text !== '');
      if (replies.length > 0) return { title: str(question.name), body: ldText(question, pageUrl, IMPORT_LIMITS.body), replies };
    }
    if (isType(node, 'DiscussionForumPosting') || isType(node, 'SocialMediaPosting')) {
      const replies = [node.comment].flat().filter(isObject).map((c) => ldReply(c, pageUrl)).filter((r) => r.text !== '');
      if (replies.length > 0) return { title: str(node.headline) ?? str(node.name), body: ldText(node, pageUrl, IMPORT_LIMITS.body), replies };
    }
  }
  return null;
}

function ldReply(node: LdNode, pageUrl: string): ImportedReply {
  const url = (typeof node.url === 'string' && absoluteHttpUrl(node.url, pageUrl)) || pageUrl;
  const stats = [node.interactionStatistic].flat().filter(isObject);
  const likes = stats.find((s) => /Like|Vote/.test(String(s.interactionType ?? '')))?.userInteractionCount;
  return {
    text: ldText(node, pageUrl, IMPORT_LIMITS.reply) ?? '',
    url,
    host: new URL(url).host,
    date: isoDate(node.dateCreated ?? node.datePublished),
    score: scoreOf(node.upvoteCount ?? likes),
  };
}

function ldText(node: LdNode, baseUrl: string, max: number): string | null {
  const raw = str(node.text) ?? str(node.articleBody);
  return raw ? htmlToMarkdown(raw, baseUrl, max) || null : null;
}

// ---- Microdata -----------------------------------------------------------------------------------------

function fromMicrodata(document: Doc, pageUrl: string): Candidate | null {
  const items = outermost([...document.querySelectorAll('[itemscope][itemtype]')].filter((el) => /schema\.org\/(Answer|Comment)\/?$/i.test(el.getAttribute('itemtype') ?? '')));
  if (items.length === 0) return null;
  const replies = items.map((item) => {
    const textEl = itemProp(item, 'text')[0] ?? item;
    const own = propValue(itemProp(item, 'url')[0]);
    const url = (own && absoluteHttpUrl(own, pageUrl)) || anchorUrl(item, pageUrl);
    return {
      text: blockMarkdown(textEl, pageUrl),
      url,
      host: new URL(url).host,
      date: isoDate(propValue(itemProp(item, 'dateCreated')[0] ?? itemProp(item, 'datePublished')[0])),
      score: scoreOf(propValue(itemProp(item, 'upvoteCount')[0])),
    };
  });
  const question = document.querySelector('[itemscope][itemtype$="schema.org/Question"], [itemscope][itemtype$="schema.org/DiscussionForumPosting"]');
  const questionText = question ? itemProp(question, 'text')[0] : undefined;
  return {
    title: question ? propValue(itemProp(question, 'name')[0] ?? itemProp(question, 'headline')[0]) : null,
    body: questionText ? blockMarkdown(questionText, pageUrl, IMPORT_LIMITS.body) || null : null,
    replies,
  };
}

/** The item's own properties, not those of items nested in it. */
function itemProp(item: El, name: string): El[] {
  return [...item.querySelectorAll(`[itemprop~="${name}"]`)].filter((el) => nearestScope(el) === item);
}

function nearestScope(el: El): El | null {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.hasAttribute('itemscope')) return p;
  return null;
}

function propValue(el: El | undefined): string | null {
  if (!el) return null;
  return el.getAttribute('content') ?? el.getAttribute('datetime') ?? el.getAttribute('href') ?? el.textContent?.trim() ?? null;
}

// ---- Repeated blocks -----------------------------------------------------------------------------------

function fromReplyBlocks(document: Doc, pageUrl: string): Candidate | null {
  for (const selector of REPLY_BLOCKS) {
    const blocks = outermost([...document.querySelectorAll(selector)])
      .map((block) => ({ block, text: blockMarkdown(block.querySelector(BLOCK_TEXT) ?? block, pageUrl) }))
      .filter((b) => b.text !== '');
    if (blocks.length < 2) continue;
    const opening = OPENING_POST_BLOCKS.has(selector) ? blocks.shift() : undefined;
    const replies = blocks.map(({ block, text }) => {
      const url = anchorUrl(block, pageUrl);
      const date = block.querySelector('time[datetime], [datetime]')?.getAttribute('datetime') ?? null;
      const score = block.getAttribute('data-score') ?? block.querySelector('[data-score]')?.getAttribute('data-score') ?? block.querySelector('.score, .vote-count, .votes, [itemprop~="upvoteCount"]')?.textContent ?? null;
      return { text, url, host: new URL(url).host, date: isoDate(date), score: scoreOf(score) };
    });
    return { title: null, body: opening ? cleanMarkdown(opening.text, IMPORT_LIMITS.body) : null, replies };
  }
  return null;
}

/** The block's own link: a permalink anchor, else the page with the block's id as fragment, else the page. */
function anchorUrl(block: El, pageUrl: string): string {
  const permalink = block.querySelector('a[rel~="bookmark"], a.permalink, a[href*="#post"], a[href*="#comment"], a[href*="#answer"]')?.getAttribute('href');
  const resolved = permalink ? absoluteHttpUrl(permalink, pageUrl) : null;
  if (resolved) return resolved;
  const id = block.getAttribute('id');
  if (!id) return pageUrl;
  const url = new URL(pageUrl);
  url.hash = id;
  return url.href;
}

function blockMarkdown(el: El, baseUrl: string, max: number = IMPORT_LIMITS.reply): string {
  const copy = el.cloneNode(true) as El;
  for (const n of [...copy.querySelectorAll(NOT_TEXT)]) n.remove();
  return htmlToMarkdown(copy.innerHTML, baseUrl, max);
}

// ---- Readable text fallback ----------------------------------------------------------------------------

function fromReadableText(html: string, pageUrl: string): Candidate | null {
  const document = parseDocument(html);
  const article = new Readability(document as never, { charThreshold: 100 }).parse();
  const text = article?.content ? htmlToMarkdown(article.content, pageUrl) : '';
  if (!text) return null;
  const date = document.querySelector('meta[property="article:published_time"]')?.getAttribute('content');
  return { title: article?.title ?? null, body: null, replies: [{ text, url: pageUrl, host: new URL(pageUrl).host, date: isoDate(date), score: null }] };
}

// ---- Helpers -------------------------------------------------------------------------------------------

function pageTitle(document: Doc): string {
  return (
    document.querySelector('meta[property="og:title"]')?.getAttribute('content') ||
    document.querySelector('h1')?.textContent ||
    document.querySelector('title')?.textContent ||
    ''
  );
}

function outermost(elements: El[]): El[] {
  const set = new Set(elements);
  return elements.filter((el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (set.has(p)) return false;
    return true;
  });
}

function absoluteHttpUrl(href: string, baseUrl: string): string | null {
  try {
    const url = new URL(href, baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return null;
  }
}

function isType(node: LdNode, type: string): boolean {
  return [node['@type']].flat().some((t) => t === type || t === `https://schema.org/${type}` || t === `http://schema.org/${type}`);
}

function isObject(value: unknown): value is LdNode {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
