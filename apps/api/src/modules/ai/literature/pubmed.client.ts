import { XMLParser } from 'fast-xml-parser';
import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher, LiteratureHttpError, redactKey } from './literature-fetcher';
import { doiUrl, LiteratureRecord, mergeRetraction, pubmedUrl } from './literature-record';

interface ESearchResponse {
  error?: unknown;
  esearchresult?: { idlist?: string[]; count?: string; ERROR?: unknown };
}
export interface ESummaryEntry {
  uid: string;
  error?: string;
  title?: string;
  source?: string;
  fulljournalname?: string;
  pubdate?: string;
  pubtype?: string[];
  articleids?: Array<{ idtype: string; value: string }>;
}
interface ESummaryResponse {
  error?: unknown;
  esummaryresult?: unknown;
  result?: { uids?: string[] } & Record<string, ESummaryEntry | string[] | undefined>;
}
/** What efetch adds to esummary: the abstract, the retraction link, and for book chapters their own title and types. */
export interface EfetchEntry {
  pmid: string;
  kind: 'article' | 'book';
  title: string;
  /** The journal, or for a book chapter the book (GeneReviews, StatPearls, PDQ). */
  container: string;
  publicationTypes: string[];
  text: string;
  retractedIn: boolean;
}

export const RETRACTED_PUBLICATION = 'Retracted Publication';

/**
 * NCBI reports some failures in the body of a 200 (esearch `ERROR`, esummary `error`, efetch `<ERROR>`), and backend
 * timeouts even as a 400: these words mark the ones a later retry can fix. Anything else (a malformed query) cannot.
 */
const TRANSIENT_NCBI = /rate limit|too many requests|time ?out|timed out|backend|temporar|unavailable|try again|unable to obtain|empty response|busy|error forwarding/i;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  // Abstracts and titles carry inline markup (<i>, <sup>); keep it raw and strip it ourselves.
  stopNodes: ['*.AbstractText', '*.ArticleTitle', '*.BookTitle'],
  isArray: (name) => ['PubmedArticle', 'PubmedBookArticle', 'AbstractText', 'CommentsCorrections', 'PublicationType'].includes(name),
});

/** NCBI E-utilities: esearch and esummary as JSON, efetch as XML for abstracts. Every call carries tool and email. */
export class PubMedClient {
  constructor(
    private readonly config: LiteratureConfig,
    private readonly fetcher: LiteratureFetcher,
  ) {}

  /** NCBI's limit: 3 requests a second, 10 with an API key. */
  get perSecond(): number {
    return this.config.ncbiApiKey ? 10 : 3;
  }

  async search(term: string, options: { max?: number; signal?: AbortSignal } = {}): Promise<LiteratureRecord[]> {
    const url = this.url('esearch.fcgi', { db: 'pubmed', term, retmode: 'json', retmax: String(options.max ?? 20), sort: 'relevance' });
    const found = await this.ncbi(url, 'esearch', () => this.fetcher.getJson<ESearchResponse>(url, { perSecond: this.perSecond, signal: options.signal }));
    const reported = ncbiReportedError(found) ?? ncbiReportedError(found?.esearchresult, 'ERROR');
    if (reported) throw ncbiFailure(url, 'esearch', reported);
    const pmids = found?.esearchresult?.idlist;
    // "Nothing found" is an empty idlist; no idlist at all is not an answer.
    if (!Array.isArray(pmids)) throw ncbiFailure(url, 'esearch', 'the answer holds no idlist', false);
    return pmids.length ? this.fetchByPmids(pmids, options.signal) : [];
  }

  /** Records in the order asked; PMIDs PubMed does not know are left out. */
  async fetchByPmids(pmids: readonly string[], signal?: AbortSignal): Promise<LiteratureRecord[]> {
    const summaries = await this.summaries(pmids, signal);
    const fetched = await this.efetch([...summaries.keys()], signal);
    return pmids.flatMap((pmid) => {
      const summary = summaries.get(pmid);
      return summary ? [toRecord(summary, fetched.get(pmid))] : [];
    });
  }

  /** esummary entries of the PMIDs that exist. An error NCBI reports for the whole call is a failure, never "none exist". */
  async summaries(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, ESummaryEntry>> {
    const out = new Map<string, ESummaryEntry>();
    if (pmids.length === 0) return out;
    const url = this.url('esummary.fcgi', { db: 'pubmed', id: pmids.join(','), retmode: 'json' });
    const body = await this.ncbi(url, 'esummary', () => this.fetcher.getJson<ESummaryResponse>(url, { perSecond: this.perSecond, signal }));
    const reported = ncbiReportedError(body) ?? (Array.isArray(body?.esummaryresult) ? body.esummaryresult.join('; ') : null);
    if (reported) throw ncbiFailure(url, 'esummary', reported);
    if (!body?.result) throw ncbiFailure(url, 'esummary', 'the answer holds no result', false);
    for (const uid of body.result.uids ?? []) {
      const entry = body.result[uid] as ESummaryEntry | undefined;
      // A per-id error ("cannot get document summary") is PubMed saying this PMID does not exist.
      if (entry && !entry.error) out.set(uid, entry);
    }
    return out;
  }

  private async efetch(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, EfetchEntry>> {
    const out = new Map<string, EfetchEntry>();
    if (pmids.length === 0) return out;
    const url = this.url('efetch.fcgi', { db: 'pubmed', id: pmids.join(','), rettype: 'abstract', retmode: 'xml' });
    const body = await this.ncbi(url, 'efetch', () => this.fetcher.getText(url, { perSecond: this.perSecond, signal }));
    for (const entry of parseEfetch(body ?? '', url)) out.set(entry.pmid, entry);
    return out;
  }

  /** A 4xx whose body is NCBI explaining a backend timeout is worth a retry, like a 5xx. */
  private async ncbi<T>(url: URL, what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof LiteratureHttpError) || error.retryable || error.status === null || !error.body) throw error;
      const reported = reportedInBody(error.body);
      if (!reported) throw error;
      throw ncbiFailure(url, what, reported, undefined, error.status);
    }
  }

  private url(endpoint: string, params: Record<string, string>): URL {
    const url = new URL(`${this.config.ncbiEutilsBaseUrl}/${endpoint}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('tool', this.config.ncbiTool);
    url.searchParams.set('email', this.config.ncbiEmail);
    if (this.config.ncbiApiKey) url.searchParams.set('api_key', this.config.ncbiApiKey);
    return url;
  }
}

type Text = string | number | { '#text'?: string | number; '@_Label'?: string };
interface PubmedArticleXml {
  MedlineCitation?: {
    PMID?: Text;
    Article?: {
      ArticleTitle?: Text[] | Text;
      Journal?: { Title?: string };
      Abstract?: { AbstractText?: Text[] };
      PublicationTypeList?: { PublicationType?: Text[] };
    };
    CommentsCorrectionsList?: { CommentsCorrections?: Array<{ '@_RefType'?: string }> };
  };
}
interface PubmedBookArticleXml {
  BookDocument?: {
    PMID?: Text;
    ArticleTitle?: Text;
    Book?: { BookTitle?: Text };
    Abstract?: { AbstractText?: Text[] };
    PublicationType?: Text[];
  };
}

/**
 * efetch's PubmedArticleSet: journal articles and book chapters (PubmedBookArticle: GeneReviews, StatPearls, PDQ
 * summaries), whose abstracts sit in BookDocument. An `<eFetchResult><ERROR>` answer is a failure, not an empty set.
 */
export function parseEfetch(body: string, url?: URL): EfetchEntry[] {
  const parsed = xml.parse(body) as {
    PubmedArticleSet?: { PubmedArticle?: PubmedArticleXml[]; PubmedBookArticle?: PubmedBookArticleXml[] } | string;
    eFetchResult?: { ERROR?: unknown };
  };
  const shown = url ? redactKey(url) : 'efetch';
  if (parsed.eFetchResult !== undefined) {
    const reported = textOf(parsed.eFetchResult?.ERROR as Text | undefined) || 'an eFetchResult without articles';
    throw new LiteratureHttpError(`PubMed efetch reported an error: ${reported.slice(0, 200)}`, shown, 200, TRANSIENT_NCBI.test(reported));
  }
  if (parsed.PubmedArticleSet === undefined) {
    throw new LiteratureHttpError(`PubMed efetch did not answer a PubmedArticleSet`, shown, 200, true);
  }
  const set = typeof parsed.PubmedArticleSet === 'object' ? parsed.PubmedArticleSet : {};
  const articles = (set.PubmedArticle ?? []).map((article): EfetchEntry => {
    const citation = article.MedlineCitation;
    const titles = citation?.Article?.ArticleTitle;
    const corrections = citation?.CommentsCorrectionsList?.CommentsCorrections ?? [];
    return {
      pmid: textOf(citation?.PMID),
      kind: 'article',
      title: cleanMarkup(textOf(Array.isArray(titles) ? titles[0] : titles)),
      container: cleanMarkup(textOf(citation?.Article?.Journal?.Title)),
      publicationTypes: (citation?.Article?.PublicationTypeList?.PublicationType ?? []).map(textOf).filter(Boolean),
      text: abstractText(citation?.Article?.Abstract?.AbstractText),
      retractedIn: corrections.some((c) => c['@_RefType'] === 'RetractionIn'),
    };
  });
  const books = (set.PubmedBookArticle ?? []).map((book): EfetchEntry => {
    const doc = book.BookDocument;
    return {
      pmid: textOf(doc?.PMID),
      kind: 'book',
      title: cleanMarkup(textOf(doc?.ArticleTitle)) || cleanMarkup(textOf(doc?.Book?.BookTitle)),
      container: cleanMarkup(textOf(doc?.Book?.BookTitle)),
      publicationTypes: (doc?.PublicationType ?? []).map(textOf).filter(Boolean),
      text: abstractText(doc?.Abstract?.AbstractText),
      retractedIn: false,
    };
  });
  return [...articles, ...books].filter((e) => e.pmid !== '');
}

function abstractText(parts: Text[] | undefined): string {
  return (parts ?? [])
    .map((part) => {
      const body = cleanMarkup(textOf(part));
      const label = typeof part === 'object' ? part['@_Label'] : undefined;
      return label ? `${label}: ${body}` : body;
    })
    .join('\n');
}

function textOf(value: Text | undefined): string {
  if (value === undefined || value === null) return '';
  return String(typeof value === 'object' ? (value['#text'] ?? '') : value);
}

/** A string NCBI put under `key` (`error` at the top of a JSON answer, `ERROR` inside esearchresult). */
function ncbiReportedError(body: unknown, key = 'error'): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (Array.isArray(value) && value.length) return value.map(String).join('; ');
  return null;
}

/** The message of an NCBI error body, JSON (`{"error": …}`) or XML (`<ERROR>…</ERROR>`). */
function reportedInBody(body: string): string | null {
  const tag = /<ERROR>([\s\S]*?)<\/ERROR>/i.exec(body)?.[1];
  if (tag?.trim()) return tag.trim();
  try {
    const json = JSON.parse(body) as unknown;
    return ncbiReportedError(json) ?? ncbiReportedError((json as { esearchresult?: unknown })?.esearchresult, 'ERROR');
  } catch {
    return null;
  }
}

function ncbiFailure(url: URL, what: string, message: string, retryable = TRANSIENT_NCBI.test(message), status = 200): LiteratureHttpError {
  return new LiteratureHttpError(`PubMed ${what} reported an error: ${message.slice(0, 200)}`, redactKey(url), status, retryable);
}

function toRecord(summary: ESummaryEntry, fetched: EfetchEntry | undefined): LiteratureRecord {
  const doi = summary.articleids?.find((a) => a.idtype === 'doi')?.value ?? null;
  const types = [...new Set([...(summary.pubtype ?? []), ...(fetched?.publicationTypes ?? [])])];
  const year = /^(\d{4})/.exec(summary.pubdate ?? '')?.[1];
  return {
    source: 'pubmed',
    pmid: summary.uid,
    doi,
    nctId: null,
    title: cleanMarkup(summary.title ?? '') || fetched?.title || '',
    journal: summary.fulljournalname || summary.source || fetched?.container || null,
    year: year ? Number(year) : null,
    publicationTypes: types,
    text: fetched?.text ?? '',
    url: summary.uid ? pubmedUrl(summary.uid) : doiUrl(doi ?? ''),
    // PubMed indexes retractions; a record it holds without the type or a RetractionIn link counts as checked.
    retraction: mergeRetraction(types.includes(RETRACTED_PUBLICATION) || fetched?.retractedIn ? 'retracted' : 'clear'),
  };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** One pass, so `&amp;lt;` stays the text `&lt;`. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, code: string) => {
    if (code[0] !== '#') return NAMED_ENTITIES[code.toLowerCase()] ?? m;
    const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
  });
}

/**
 * Inline tags the literature APIs put in titles and abstracts (HTML, JATS and MathML by prefix). Only tag-shaped text
 * goes: a name we know, attributes written name="value", so `age < 40 years` or `T>G` survive.
 */
const INLINE_TAG =
  /<\/?(?:(?:jats|mml):[a-z][\w.-]*|i|b|u|em|strong|sup|sub|sc|span|p|br|hr|div|h[1-6]|a|inf|italic|bold|underline|small|big|font|math|mi|mo|mn|mrow|msub|msup)(?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>/gi;

export function stripTags(value: string): string {
  return value.replace(INLINE_TAG, '');
}

/**
 * Titles and abstracts as plain text. Entities are decoded first, so escaped markup (Europe PMC's
 * `&lt;i&gt;EZH2&lt;/i&gt;`) is removed like real markup; whitespace is tidied.
 */
export function cleanMarkup(value: string): string {
  return stripTags(decodeEntities(value))
    .replace(/[ \t]+/g, ' ')
    .trim();
}
