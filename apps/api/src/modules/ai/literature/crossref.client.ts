import type { RetractionStatus } from '@cqa/contracts';
import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher } from './literature-fetcher';
import { doiUrl, LiteratureRecord } from './literature-record';
import { cleanMarkup } from './pubmed.client';

interface CrossrefUpdate {
  DOI: string;
  type: string;
  label?: string;
  source?: string;
}
export interface CrossrefWork {
  DOI: string;
  type?: string;
  title?: string[];
  'container-title'?: string[];
  issued?: { 'date-parts'?: Array<Array<number | null>> };
  abstract?: string;
  'updated-by'?: CrossrefUpdate[];
  'update-to'?: CrossrefUpdate[];
}

/** Notices that take a work out of the literature. */
const RETRACTING = new Set(['retraction', 'withdrawal', 'removal']);

/** Crossref /works/{doi} with `mailto` (the polite pool): DOI checks and retraction status. */
export class CrossrefClient {
  readonly perSecond = 5;

  constructor(
    private readonly config: LiteratureConfig,
    private readonly fetcher: LiteratureFetcher,
  ) {}

  /** Null when Crossref does not know the DOI. */
  async getWork(doi: string, signal?: AbortSignal): Promise<CrossrefWork | null> {
    const url = new URL(`${this.config.crossrefBaseUrl}/works/${encodeURIComponent(doi)}`);
    url.searchParams.set('mailto', this.config.crossrefMailto);
    const body = await this.fetcher.getJson<{ message?: CrossrefWork }>(url, { perSecond: this.perSecond, signal, notFoundAsNull: true });
    return body?.message ?? null;
  }

  /** 'unknown' when Crossref does not know the DOI or cannot be reached: never clear without a check. */
  async retractionStatus(doi: string, signal?: AbortSignal): Promise<RetractionStatus> {
    try {
      const work = await this.getWork(doi, signal);
      return work ? retractionOf(work) : 'unknown';
    } catch (error) {
      if (signal?.aborted) throw error;
      return 'unknown';
    }
  }
}

/** Whether Crossref shows this work as retracted, as a retraction notice, or neither. */
type RetractionRole = 'retracted' | 'notice' | 'clear';

/**
 * `updated-by` retraction entries name the notices that retract a work; `update-to` entries name what a notice
 * retracts. Some publishers (Elsevier) deposit the relation on both records in both directions, so the retracted
 * article also lists `update-to` retractions and its notice an `updated-by` one. Retraction Watch's entries
 * (`source: retraction-watch`) are curated: when both directions appear, they decide, and without them the work
 * counts as retracted (never cleared on an ambiguous record).
 */
function retractionRole(work: CrossrefWork): RetractionRole {
  const own = work.DOI.toLowerCase();
  const by = (work['updated-by'] ?? []).filter((u) => RETRACTING.has(u.type));
  const to = (work['update-to'] ?? []).filter((u) => RETRACTING.has(u.type) && u.DOI.toLowerCase() !== own);
  if (by.length === 0) return to.length > 0 ? 'notice' : 'clear';
  if (to.length === 0) return 'retracted';
  const curated = (entries: CrossrefUpdate[]) => entries.some((u) => u.source === 'retraction-watch');
  return curated(to) && !curated(by) ? 'notice' : 'retracted';
}

/** Retracted when an `updated-by` entry is a retraction (or withdrawal/removal) notice of this work. */
export function retractionOf(work: CrossrefWork): RetractionStatus {
  return retractionRole(work) === 'retracted' ? 'retracted' : 'clear';
}

/** DOIs this work is the retraction notice of (`update-to` entries of type retraction). */
export function retractionNoticeFor(work: CrossrefWork): string[] {
  if (retractionRole(work) !== 'notice') return [];
  const own = work.DOI.toLowerCase();
  return [...new Set((work['update-to'] ?? []).filter((u) => RETRACTING.has(u.type) && u.DOI.toLowerCase() !== own).map((u) => u.DOI))];
}

export function crossrefRecord(work: CrossrefWork): LiteratureRecord {
  const year = work.issued?.['date-parts']?.[0]?.[0];
  const notice = retractionNoticeFor(work).length > 0;
  return {
    source: 'crossref',
    pmid: null,
    doi: work.DOI,
    nctId: null,
    title: cleanMarkup(work.title?.[0] ?? work.DOI),
    journal: work['container-title']?.[0] ?? null,
    year: typeof year === 'number' ? year : null,
    publicationTypes: [work.type ?? 'unknown', ...(notice ? ['Retraction Notice'] : [])],
    text: cleanMarkup((work.abstract ?? '').replace(/<jats:title>[^<]*<\/jats:title>/g, '')),
    url: doiUrl(work.DOI),
    retraction: retractionOf(work),
  };
}
