import type { LiteratureSource, RetractionStatus } from '@cqa/contracts';

/** One retrieved record, normalised across PubMed, Europe PMC, ClinicalTrials.gov and Crossref; stored as a row. */
export interface LiteratureRecord {
  source: LiteratureSource;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  title: string;
  journal: string | null;
  year: number | null;
  /** As the source names them, e.g. PubMed's 'Randomized Controlled Trial', 'Retracted Publication'. */
  publicationTypes: string[];
  /** Abstract (or a trial's brief summary): the text quotes are checked against, with the title. */
  text: string;
  url: string;
  retraction: RetractionStatus;
}

export const pubmedUrl = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;
export const ctgovUrl = (nctId: string) => `https://clinicaltrials.gov/study/${nctId}`;

/** Keys naming a record's identifiers ('pmid:1', 'doi:10.1/x' lower-cased, 'nct:NCT01'); resolveIds() answers in the same keys. */
export function recordIdKeys(record: Pick<LiteratureRecord, 'pmid' | 'doi' | 'nctId'>): string[] {
  const keys: string[] = [];
  if (record.pmid) keys.push(`pmid:${record.pmid}`);
  if (record.doi) keys.push(`doi:${record.doi.toLowerCase()}`);
  if (record.nctId) keys.push(`nct:${record.nctId.toUpperCase()}`);
  return keys;
}

/** Retracted anywhere wins; clear needs one source that checked; otherwise unknown. */
export function mergeRetraction(...statuses: RetractionStatus[]): RetractionStatus {
  if (statuses.includes('retracted')) return 'retracted';
  return statuses.includes('clear') ? 'clear' : 'unknown';
}

/** One record per work: records sharing a PMID, DOI or NCT id are merged, the first keeping its place. */
export function dedupeRecords(records: readonly LiteratureRecord[]): LiteratureRecord[] {
  const out: LiteratureRecord[] = [];
  const byKey = new Map<string, number>();
  for (const record of records) {
    const keys = recordIdKeys(record);
    const at = keys.map((k) => byKey.get(k)).find((i) => i !== undefined);
    if (at === undefined) {
      out.push({ ...record });
      keys.forEach((k) => byKey.set(k, out.length - 1));
      continue;
    }
    const kept = out[at];
    out[at] = {
      ...kept,
      pmid: kept.pmid ?? record.pmid,
      doi: kept.doi ?? record.doi,
      nctId: kept.nctId ?? record.nctId,
      journal: kept.journal ?? record.journal,
      year: kept.year ?? record.year,
      text: kept.text.length >= record.text.length ? kept.text : record.text,
      publicationTypes: [...new Set([...kept.publicationTypes, ...record.publicationTypes])],
      retraction: mergeRetraction(kept.retraction, record.retraction),
    };
    recordIdKeys(out[at]).forEach((k) => byKey.set(k, at));
  }
  return out;
}
