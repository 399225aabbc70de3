import { CrossrefClient } from './crossref.client';
import type { LiteratureClients } from './literature-clients';
import { LiteratureHttpError } from './literature-fetcher';
import { LiteratureRecord, mergeRetraction } from './literature-record';

export interface IdsToResolve {
  pmids?: readonly string[];
  dois?: readonly string[];
  nctIds?: readonly string[];
}

/** In recordIdKeys form ('pmid:1', 'doi:10.1/x', 'nct:NCT01'). `missing`: the registry answered that it does not know the id. */
export interface ResolvedIds {
  found: Set<string>;
  missing: Set<string>;
}

/**
 * Identifiers that could not be checked (an NCBI 429, a Crossref or ClinicalTrials.gov timeout, a 5xx). Only a
 * registry's "not found" may withhold a claim, so the step that asked fails with this and its job's retry checks
 * again. Retryable when any of the failures is; `retryAfterMs` is the longest any service asked for.
 */
export class IdCheckFailedError extends LiteratureHttpError {
  constructor(
    readonly ids: readonly string[],
    causes: readonly unknown[],
  ) {
    const first = causes.find((c): c is LiteratureHttpError => c instanceof LiteratureHttpError);
    const waits = causes.flatMap((c) => (c instanceof LiteratureHttpError && c.retryAfterMs !== null ? [c.retryAfterMs] : []));
    const shown = ids.slice(0, 5).join(', ') + (ids.length > 5 ? `, and ${ids.length - 5} more` : '');
    const why = first?.message ?? (causes[0] instanceof Error ? causes[0].message : String(causes[0]));
    super(
      `Could not check ${ids.length === 1 ? 'an identifier' : `${ids.length} identifiers`} (${shown}): ${why}`,
      first?.url ?? '',
      first?.status ?? null,
      causes.some((c) => !(c instanceof LiteratureHttpError) || c.retryable),
      waits.length ? Math.max(...waits) : null,
    );
    this.name = 'IdCheckFailedError';
  }
}

/**
 * Confirms that identifiers exist at their registries: PMIDs in one esummary call, DOIs at Crossref, NCT ids at CT.gov.
 * Every id is tried; if any could not be checked, this throws IdCheckFailedError instead of answering.
 */
export async function resolveIds(
  clients: Pick<LiteratureClients, 'pubmed' | 'crossref' | 'ctgov'>,
  ids: IdsToResolve,
  signal?: AbortSignal,
): Promise<ResolvedIds> {
  const out: ResolvedIds = { found: new Set(), missing: new Set() };
  const failed: string[] = [];
  const causes: unknown[] = [];
  const fail = (keys: string[], error: unknown) => {
    if (signal?.aborted) throw error;
    failed.push(...keys);
    causes.push(error);
  };
  const settle = async (key: string, check: () => Promise<boolean>) => {
    try {
      out[(await check()) ? 'found' : 'missing'].add(key);
    } catch (error) {
      fail([key], error);
    }
  };
  const pmids = [...new Set(ids.pmids ?? [])];
  if (pmids.length) {
    try {
      const known = await clients.pubmed.summaries(pmids, signal);
      for (const pmid of pmids) out[known.has(pmid) ? 'found' : 'missing'].add(`pmid:${pmid}`);
    } catch (error) {
      fail(pmids.map((pmid) => `pmid:${pmid}`), error);
    }
  }
  for (const doi of new Set((ids.dois ?? []).map((d) => d.toLowerCase()))) {
    await settle(`doi:${doi}`, async () => (await clients.crossref.getWork(doi, signal)) !== null);
  }
  for (const nct of new Set((ids.nctIds ?? []).map((n) => n.toUpperCase()))) {
    await settle(`nct:${nct}`, async () => (await clients.ctgov.getStudy(nct, signal)) !== null);
  }
  if (failed.length) throw new IdCheckFailedError(failed, causes);
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
