import type { LiteratureConfig } from '../../../config/ai-config';
import { ClinicalTrialsClient } from './clinical-trials.client';
import { CrossrefClient } from './crossref.client';
import { EuropePmcClient } from './europe-pmc.client';
import { HostRateLimiter } from './host-rate-limiter';
import { LiteratureFetcher } from './literature-fetcher';
import { PubMedClient } from './pubmed.client';

export interface LiteratureClients {
  pubmed: PubMedClient;
  europePmc: EuropePmcClient;
  ctgov: ClinicalTrialsClient;
  crossref: CrossrefClient;
}

/** All four clients over one fetcher; pass a RedisHostRateLimiter so every process shares each host's rate. */
export function createLiteratureClients(config: LiteratureConfig, limiter: HostRateLimiter): LiteratureClients {
  const fetcher = new LiteratureFetcher({ limiter, timeoutMs: config.timeoutMs, contactEmail: config.ncbiEmail });
  return {
    pubmed: new PubMedClient(config, fetcher),
    europePmc: new EuropePmcClient(config, fetcher),
    ctgov: new ClinicalTrialsClient(config, fetcher),
    crossref: new CrossrefClient(config, fetcher),
  };
}
