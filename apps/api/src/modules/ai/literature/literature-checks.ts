import { CrossrefClient } from './crossref.client';
import type { LiteratureClients } from './literature-clients';
import { LiteratureRecord, mergeRetraction } from './literature-record';

export interface IdsToResolve {
  pmids?: readonly string[];
  dois?: readonly string[];
  nctIds?: readonly string[];
}

/** In recordIdKeys form ('pmid:1', 'doi:10.1/x', 'nct:NCT01'). `failed`: could not be checked (network, 5xx). */
export interface ResolvedIds {
  found: Set<string>;
  missing: Set<string>;
  failed: Set<string>;
}

/** Confirms that identifiers exist at their registries: PMIDs in one esummary call, DOIs at Crossref, NCT ids at CT.gov. */
export async function resolveIds(
  clients: Pick<LiteratureClients, 'pubmed' | 'crossref' | 'ctgov'>,
  ids: IdsToResolve,
  signal?: AbortSignal,
): Promise<ResolvedIds> {
  const out: ResolvedIds = { found: new Set(), missing: new Set(), failed: new Set() };
  const settle = async (key: string, check: () => Promise<boolean>) => {
    try {
      out[(await check()) ? 'found' : 'missing'].add(key);
    } catch (error) {
      if (signal?.aborted) throw error;
      out.failed.add(key);
    }
  };
  const pmids = [...new Set(ids.pmids ?? [])];
  if (pmids.length) {
    try {
      const known = await clients.pubmed.summaries(pmids, signal);
      for (const pmid of pmids) out[known.has(pmid) ? 'found' : 'missing'].add(`pmid:${pmid}`);
    } catch (error) {
      if (signal?.aborted) throw error;
      pmids.forEach((pmid) => out.failed.add(`pmid:${pmid}`));
    }
  }
  for (const doi of new Set((ids.dois ?? []).map((d) => d.toLowerCase()))) {
    await settle(`doi:${doi}`, async () => (await clients.crossref.getWork(doi, signal)) !== null);
  }
  for (const nct of new Set((ids.nctIds ?? []).map((n) => n.toUpperCase()))) {
    await settle(`nct:${nct}`, async () => (await clients.ctgov.getStudy(nct, signal)) !== null);
  }
  return out;
}

/** The identifiers of these records, ready for resolveIds(). */
export function idsOf(records: readonly LiteratureRecord[]): IdsToResolve {
  return {
    pmids: records.flatMap((r) => (r.pmid ? [r.pmid] : [])),
    dois: records.flatMap((r) => (r.doi ? [r.doi] : [])),
    nctIds: records.flatMap((r) => (r.nctId ? [r.nctId] : [])),
  };
}

/** Adds Crossref's view (`updated-by` retraction notices) to each record with a DOI; retracted anywhere stays retracted. */
export async function checkRetractions(
  crossref: CrossrefClient,
  records: readonly LiteratureRecord[],
  signal?: AbortSignal,
): Promise<LiteratureRecord[]> {
  const out: LiteratureRecord[] = [];
  for (const record of records) {
    if (!record.doi || record.source === 'ctgov') {
      out.push(record);
      continue;
    }
    const status = await crossref.retractionStatus(record.doi, signal);
    out.push({ ...record, retraction: mergeRetraction(record.retraction, status) });
  }
  return out;
}
