import { XMLParser } from 'fast-xml-parser';
import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher } from './literature-fetcher';
import { doiUrl, LiteratureRecord, mergeRetraction, pubmedUrl } from './literature-record';

interface ESearchResponse {
  esearchresult?: { idlist?: string[]; count?: string };
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
  result?: { uids?: string[] } & Record<string, ESummaryEntry | string[] | undefined>;
}
interface Abstract {
  text: string;
  retractedIn: boolean;
}

export const RETRACTED_PUBLICATION = 'Retracted Publication';

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  // Abstracts and titles carry inline markup (<i>, <sup>); keep it raw and strip it ourselves.
  stopNodes: ['*.AbstractText', '*.ArticleTitle'],
  isArray: (name) => ['PubmedArticle', 'AbstractText', 'CommentsCorrections', 'PublicationType'].includes(name),
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
    const found = await this.fetcher.getJson<ESearchResponse>(
      this.url('esearch.fcgi', { db: 'pubmed', term, retmode: 'json', retmax: String(options.max ?? 20), sort: 'relevance' }),
      { perSecond: this.perSecond, signal: options.signal },
    );
    const pmids = found?.esearchresult?.idlist ?? [];
    return pmids.length ? this.fetchByPmids(pmids, options.signal) : [];
  }

  /** Records in the order asked; PMIDs PubMed does not know are left out. */
  async fetchByPmids(pmids: readonly string[], signal?: AbortSignal): Promise<LiteratureRecord[]> {
    const summaries = await this.summaries(pmids, signal);
    const abstracts = await this.abstracts([...summaries.keys()], signal);
    return pmids.flatMap((pmid) => {
      const summary = summaries.get(pmid);
      return summary ? [toRecord(summary, abstracts.get(pmid))] : [];
    });
  }

  /** esummary entries of the PMIDs that exist. */
  async summaries(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, ESummaryEntry>> {
    const out = new Map<string, ESummaryEntry>();
    if (pmids.length === 0) return out;
    const body = await this.fetcher.getJson<ESummaryResponse>(
      this.url('esummary.fcgi', { db: 'pubmed', id: pmids.join(','), retmode: 'json' }),
      { perSecond: this.perSecond, signal },
    );
    for (const uid of body?.result?.uids ?? []) {
      const entry = body?.result?.[uid] as ESummaryEntry | undefined;
      if (entry && !entry.error) out.set(uid, entry);
    }
    return out;
  }

  private async abstracts(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, Abstract>> {
    const out = new Map<string, Abstract>();
    if (pmids.length === 0) return out;
    const body = await this.fetcher.getText(
      this.url('efetch.fcgi', { db: 'pubmed', id: pmids.join(','), rettype: 'abstract', retmode: 'xml' }),
      { perSecond: this.perSecond, signal },
    );
    const parsed = xml.parse(body ?? '') as { PubmedArticleSet?: { PubmedArticle?: PubmedArticleXml[] } };
    for (const article of parsed.PubmedArticleSet?.PubmedArticle ?? []) {
      const citation = article.MedlineCitation;
      const pmid = String(typeof citation?.PMID === 'object' ? citation.PMID['#text'] : citation?.PMID ?? '');
      const parts = citation?.Article?.Abstract?.AbstractText ?? [];
      const text = parts
        .map((part) => {
          const body = cleanMarkup(typeof part === 'object' ? (part['#text'] ?? '') : String(part));
          const label = typeof part === 'object' ? part['@_Label'] : undefined;
          return label ? `${label}: ${body}` : body;
        })
        .join('\n');
      const corrections = citation?.CommentsCorrectionsList?.CommentsCorrections ?? [];
      out.set(pmid, { text, retractedIn: corrections.some((c) => c['@_RefType'] === 'RetractionIn') });
    }
    return out;
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

interface PubmedArticleXml {
  MedlineCitation?: {
    PMID?: string | number | { '#text': string | number };
    Article?: { Abstract?: { AbstractText?: Array<string | { '#text'?: string; '@_Label'?: string }> } };
    CommentsCorrectionsList?: { CommentsCorrections?: Array<{ '@_RefType'?: string }> };
  };
}

function toRecord(summary: ESummaryEntry, abstract: Abstract | undefined): LiteratureRecord {
  const doi = summary.articleids?.find((a) => a.idtype === 'doi')?.value ?? null;
  const types = summary.pubtype ?? [];
  const year = /^(\d{4})/.exec(summary.pubdate ?? '')?.[1];
  return {
    source: 'pubmed',
    pmid: summary.uid,
    doi,
    nctId: null,
    title: cleanMarkup(summary.title ?? ''),
    journal: summary.fulljournalname || summary.source || null,
    year: year ? Number(year) : null,
    publicationTypes: types,
    text: abstract?.text ?? '',
    url: summary.uid ? pubmedUrl(summary.uid) : doiUrl(doi ?? ''),
    // PubMed indexes retractions; a record it holds without the type or a RetractionIn link counts as checked.
    retraction: mergeRetraction(types.includes(RETRACTED_PUBLICATION) || abstract?.retractedIn ? 'retracted' : 'clear'),
  };
}

/** Inline tags out, the few entities abstracts use decoded, whitespace tidied. */
export function cleanMarkup(value: string): string {
  return value
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x?([0-9a-f]+);/gi, (m, code: string) => {
      const n = m.startsWith('&#x') || m.startsWith('&#X') ? parseInt(code, 16) : parseInt(code, 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : m;
    })
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .trim();
}
