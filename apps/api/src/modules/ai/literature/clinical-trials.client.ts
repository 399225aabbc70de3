import type { LiteratureConfig } from '../../../config/ai-config';
import { LiteratureFetcher } from './literature-fetcher';
import { ctgovUrl, LiteratureRecord } from './literature-record';

export interface Study {
  protocolSection?: {
    identificationModule?: { nctId?: string; briefTitle?: string; officialTitle?: string };
    statusModule?: { overallStatus?: string; startDateStruct?: { date?: string } };
    descriptionModule?: { briefSummary?: string };
    designModule?: { studyType?: string; phases?: string[] };
    sponsorCollaboratorsModule?: { leadSponsor?: { name?: string } };
  };
}
interface StudiesPage {
  studies?: Study[];
  nextPageToken?: string;
}

/**
 * ClinicalTrials.gov API v2: /studies searched by query.term, recruiting trials by default, in relevance order (without
 * `sort` the API lists matches in no useful order, so the first ten would be arbitrary). Text fields come as markdown.
 */
export class ClinicalTrialsClient {
  /** The API allows about 50 requests a minute per client. */
  readonly perSecond = 50 / 60;

  constructor(
    private readonly config: LiteratureConfig,
    private readonly fetcher: LiteratureFetcher,
  ) {}

  async search(term: string, options: { max?: number; recruitingOnly?: boolean; signal?: AbortSignal } = {}): Promise<LiteratureRecord[]> {
    const url = new URL(`${this.config.ctgovBaseUrl}/studies`);
    url.searchParams.set('query.term', term);
    if (options.recruitingOnly ?? true) url.searchParams.set('filter.overallStatus', 'RECRUITING');
    url.searchParams.set('pageSize', String(options.max ?? 10));
    url.searchParams.set('sort', '@relevance');
    url.searchParams.set('format', 'json');
    url.searchParams.set('markupFormat', 'markdown');
    const page = await this.fetcher.getJson<StudiesPage>(url, { perSecond: this.perSecond, signal: options.signal });
    return (page?.studies ?? []).map(toRecord).filter((r): r is LiteratureRecord => r !== null);
  }

  /** Null when ClinicalTrials.gov does not know the id. */
  async getStudy(nctId: string, signal?: AbortSignal): Promise<LiteratureRecord | null> {
    const url = new URL(`${this.config.ctgovBaseUrl}/studies/${encodeURIComponent(nctId.toUpperCase())}`);
    url.searchParams.set('format', 'json');
    const study = await this.fetcher.getJson<Study>(url, { perSecond: this.perSecond, signal, notFoundAsNull: true });
    return study ? toRecord(study) : null;
  }
}

/**
 * ClinicalTrials.gov's markdown as plain text: its backslash escapes (`Weight \> 300`, `\<38°C`, `\*`) become the
 * characters they escape and `**`/`__` emphasis marks go, so a verbatim quote with `>`, `<` or `~` matches the stored text.
 * An unescaped `*` or `_` is markup in this format; an escaped one is text and stays.
 */
export function ctgovPlainText(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])|\*\*|__/g, (_m, escaped: string | undefined) => escaped ?? '').trim();
}

export function ctgovRecord(study: Study): LiteratureRecord | null {
  return toRecord(study);
}

function toRecord(study: Study): LiteratureRecord | null {
  const p = study.protocolSection;
  const nctId = p?.identificationModule?.nctId;
  if (!nctId) return null;
  const year = /^(\d{4})/.exec(p?.statusModule?.startDateStruct?.date ?? '')?.[1];
  return {
    source: 'ctgov',
    pmid: null,
    doi: null,
    nctId,
    title: ctgovPlainText(p?.identificationModule?.briefTitle ?? p?.identificationModule?.officialTitle ?? nctId),
    journal: null,
    year: year ? Number(year) : null,
    publicationTypes: [
      'Clinical Trial Registration',
      ...(p?.designModule?.studyType ? [p.designModule.studyType] : []),
      ...(p?.designModule?.phases ?? []),
      ...(p?.statusModule?.overallStatus ? [p.statusModule.overallStatus] : []),
    ],
    text: ctgovPlainText(p?.descriptionModule?.briefSummary ?? ''),
    url: ctgovUrl(nctId),
    // A registry entry is not a publication and cannot be retracted.
    retraction: 'clear',
  };
}
