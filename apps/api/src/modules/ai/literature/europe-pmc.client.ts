import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher } from './literature-fetcher';
import { doiUrl, LiteratureRecord, pubmedUrl } from './literature-record';
import { cleanMarkup, decodeEntities, RETRACTED_PUBLICATION, stripTags } from './pubmed.client';

interface EuropePmcResult {
  id: string;
  source: string;
  pmid?: string;
  doi?: string;
  title?: string;
  pubYear?: string;
  abstractText?: string;
  journalInfo?: { journal?: { title?: string } };
  journalTitle?: string;
  pubTypeList?: { pubType?: string[] };
}
interface EuropePmcSearch {
  hitCount?: number;
  resultList?: { result?: EuropePmcResult[] };
}

/** Europe PMC REST search with resultType=core (abstracts and publication types included). */
export class EuropePmcClient {
  readonly perSecond = 5;

  constructor(
    private readonly config: LiteratureConfig,
    private readonly fetcher: LiteratureFetcher,
  ) {}

  async search(query: string, options: { max?: number; signal?: AbortSignal } = {}): Promise<LiteratureRecord[]> {
    const url = new URL(`${this.config.europePmcBaseUrl}/search`);
    url.searchParams.set('query', query);
    url.searchParams.set('resultType', 'core');
    url.searchParams.set('format', 'json');
    url.searchParams.set('pageSize', String(options.max ?? 20));
    // Europe PMC expands the query with its synonyms (MeSH and others) only when asked.
    url.searchParams.set('synonym', 'true');
    const body = await this.fetcher.getJson<EuropePmcSearch>(url, { perSecond: this.perSecond, signal: options.signal });
    return europePmcRecords(body);
  }
}

export function europePmcRecords(body: EuropePmcSearch | null): LiteratureRecord[] {
  return (body?.resultList?.result ?? []).map(toRecord);
}

/** Headings and paragraphs become line breaks; entities are decoded before any tag is looked for (titles arrive escaped). */
function abstractOf(value: string): string {
  return stripTags(decodeEntities(value).replace(/<\/?(?:h\d|p|br)\b[^<>]*>/gi, '\n'))
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
}

function toRecord(r: EuropePmcResult): LiteratureRecord {
  const types = r.pubTypeList?.pubType ?? [];
  return {
    source: 'europepmc',
    pmid: r.pmid ?? null,
    doi: r.doi ?? null,
    nctId: null,
    title: cleanMarkup(r.title ?? ''),
    journal: r.journalInfo?.journal?.title ?? r.journalTitle ?? null,
    year: r.pubYear ? Number(r.pubYear) : null,
    publicationTypes: types,
    text: abstractOf(r.abstractText ?? ''),
    url: r.pmid ? pubmedUrl(r.pmid) : r.doi ? doiUrl(r.doi) : `https://europepmc.org/article/${r.source}/${r.id}`,
    // MEDLINE records carry PubMed's retraction type; preprints and others have not been checked.
    retraction: types.includes(RETRACTED_PUBLICATION) ? 'retracted' : r.source === 'MED' ? 'clear' : 'unknown',
  };
}
