import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher } from './literature-fetcher';
import { doiUrl, LiteratureRecord, pubmedUrl } from './literature-record';
import { cleanMarkup, RETRACTED_PUBLICATION } from './pubmed.client';

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
    const body = await this.fetcher.getJson<EuropePmcSearch>(url, { perSecond: this.perSecond, signal: options.signal });
    return (body?.resultList?.result ?? []).map(toRecord);
  }
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
    text: cleanMarkup((r.abstractText ?? '').replace(/<\/?(h\d|p|br)[^>]*>/gi, '\n')).replace(/\n\s*\n+/g, '\n').trim(),
    url: r.pmid ? pubmedUrl(r.pmid) : r.doi ? doiUrl(r.doi) : `https://europepmc.org/article/${r.source}/${r.id}`,
    // MEDLINE records carry PubMed's retraction type; preprints and others have not been checked.
    retraction: types.includes(RETRACTED_PUBLICATION) ? 'retracted' : r.source === 'MED' ? 'clear' : 'unknown',
  };
}
