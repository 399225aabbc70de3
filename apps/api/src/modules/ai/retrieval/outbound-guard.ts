import { Logger } from '@nestjs/common';
import type { LiteratureClients } from '../literature/literature-clients';
import { PersonalKind, personalContent, scrubPersonal } from './personal-data';

/** A literature query that still looked personal after scrubbing: it is not sent. Not retryable (it would look the same). */
export class PersonalQueryRefusedError extends Error {
  readonly retryable = false;
  constructor(readonly kinds: string[]) {
    super(`A literature query was not sent: it looked personal (${kinds.join(', ')})`);
    this.name = 'PersonalQueryRefusedError';
  }
}

const logger = new Logger('literature-guard');

/** A query as it would leave the platform: scrubbed, with what still looks personal (when anything does, it is not sent). */
export function asSent(query: string): { text: string; personal: PersonalKind[] } {
  const text = scrubPersonal(query).text.replace(/\s+/g, ' ').trim();
  return { text, personal: personalContent(text) };
}

/** Scrubs a query on its way out; refuses it (logged by kind, never its text) when something personal is left. */
export function outboundQuery(query: string): string {
  const { text, personal } = asSent(query);
  if (personal.length > 0) {
    logger.warn({ kinds: personal, msg: 'literature query refused: personal content' });
    throw new PersonalQueryRefusedError(personal);
  }
  return text;
}

/**
 * The literature clients as every module gets them (AiModule): each search of PubMed, Europe PMC and
 * ClinicalTrials.gov passes the one scrubber first, so nothing personal reaches NCBI, EBI or ClinicalTrials.gov
 * whichever feature built the query. Lookups by id (PMID, DOI, NCT) carry no text of the asker and pass unchanged.
 */
export function guardOutbound(clients: LiteratureClients): LiteratureClients {
  const guard = <T extends { search: (query: string, ...rest: never[]) => unknown }>(client: T): T =>
    new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'search' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (query: string, ...rest: unknown[]) => (value as (...args: unknown[]) => unknown).call(target, outboundQuery(query), ...rest);
      },
    });
  return { ...clients, pubmed: guard(clients.pubmed), europePmc: guard(clients.europePmc), ctgov: guard(clients.ctgov) };
}
