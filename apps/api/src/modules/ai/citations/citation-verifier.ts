import {
  AI_INSUFFICIENT_EVIDENCE_TEXT,
  CitedSource,
  EVIDENCE_LEVEL_LABELS,
  ExcludedSource,
  RETRACTION_STATUS_LABELS,
  UnsupportedClaim,
  VerifiedAnswer,
} from '@cqa/contracts';
import { LiteratureRecord, recordIdKeys } from '../literature/literature-record';
import { recordText } from './answer-prompt';
import type { CitedAnswer } from './cited-answer.schema';
import { evidenceLevelOf, overallGrade } from './evidence-level';

/** Shorter quotes ('the', 'survival') would match almost any abstract and prove nothing. */
export const MIN_QUOTE_LENGTH = 20;

export interface VerifyInput {
  answer: CitedAnswer;
  /** The records of this run in prompt order: [1] is records[0]. */
  records: readonly LiteratureRecord[];
  /** Identifier keys (recordIdKeys form) that resolveIds() confirmed exist. */
  resolvedIds: ReadonlySet<string>;
}

export interface PublishedClaim {
  text: string;
  /** Numbers in the published source list. */
  sources: number[];
}

export interface VerificationResult extends VerifiedAnswer {
  claims: PublishedClaim[];
  /** The answer's `sources` text as the spec stores it: one source per line. */
  sourceLines: string[];
}

/**
 * Decides what is published. A citation supports a claim only when its number names a record of this run, the
 * record is not retracted, one of its ids resolved, and every quote from it (at least one) appears verbatim in
 * its stored text. A claim naming an id that was not retrieved, or left with no supporting citation, is withheld
 * and listed with its reasons; with nothing left the answer says insufficient evidence. Sources are renumbered
 * in order of first use.
 */
export function verifyAnswer({ answer, records, resolvedIds }: VerifyInput): VerificationResult {
  const runIds = new Set(records.flatMap(recordIdKeys));
  const texts = records.map((r) => normaliseForQuote(recordText(r)));
  const unsupportedClaims: UnsupportedClaim[] = [];
  const citationProblems: string[] = [];
  const excluded = new Map<number, ExcludedSource>();
  const supported: Array<{ text: string; records: number[] }> = [];

  if (answer.insufficient_evidence) {
    for (const claim of answer.claims) unsupportedClaims.push({ text: claim.text, reasons: ['withheld: the model reported insufficient evidence'] });
  } else {
    for (const claim of answer.claims) {
      const text = stripCitationMarkers(claim.text);
      const reasons: string[] = [];
      if (!text) reasons.push('empty claim');
      for (const id of mentionedIds(claim.text)) {
        if (!runIds.has(id)) reasons.push(`names ${describeId(id)}, which was not retrieved for this answer`);
      }
      const good: number[] = [];
      const numbers = [...new Set([...claim.citations, ...claim.quotes.map((q) => q.source)])];
      for (const n of numbers) {
        const problem = citationProblem(n, claim.quotes, records, texts, resolvedIds);
        if (!problem) {
          good.push(n);
          continue;
        }
        reasons.push(problem.reason);
        if (problem.exclude) excluded.set(n, problem.exclude);
      }
      if (numbers.length === 0) reasons.push('cites no record');
      const fabricatedId = reasons.some((r) => r.startsWith('names '));
      if (text && good.length > 0 && !fabricatedId) {
        supported.push({ text, records: good });
        citationProblems.push(...reasons.map((r) => `"${shorten(text)}": ${r}`));
      } else {
        unsupportedClaims.push({ text: claim.text, reasons });
      }
    }
  }

  const publishedNumber = new Map<number, number>();
  for (const claim of supported) for (const n of claim.records) if (!publishedNumber.has(n)) publishedNumber.set(n, publishedNumber.size + 1);
  const sources: CitedSource[] = [...publishedNumber].map(([n, number]) => toCitedSource(records[n - 1], number));
  const claims: PublishedClaim[] = supported.map((c) => ({ text: c.text, sources: c.records.map((n) => publishedNumber.get(n)!) }));
  const answered = claims.length > 0;
  return {
    status: answered ? 'answered' : 'insufficient_evidence',
    markdown: answered ? claimsMarkdown(claims, sources) : AI_INSUFFICIENT_EVIDENCE_TEXT,
    sources,
    grade: answered ? overallGrade(sources.map((s) => s.evidenceLevel)) : 'insufficient',
    unsupportedClaims,
    excludedSources: [...excluded.values()],
    citationProblems,
    claims,
    sourceLines: sources.map(formatSourceLine),
  };
}

function citationProblem(
  n: number,
  quotes: CitedAnswer['claims'][number]['quotes'],
  records: readonly LiteratureRecord[],
  texts: readonly string[],
  resolvedIds: ReadonlySet<string>,
): { reason: string; exclude?: ExcludedSource } | null {
  if (!Number.isInteger(n) || n < 1 || n > records.length) return { reason: `citation [${n}] points at no record of this answer` };
  const record = records[n - 1];
  if (record.retraction === 'retracted') {
    return { reason: `[${n}] is retracted`, exclude: { title: record.title, url: record.url, retraction: 'retracted', reason: 'retracted' } };
  }
  if (!recordIdKeys(record).some((key) => resolvedIds.has(key))) {
    return {
      reason: `[${n}]'s identifier could not be confirmed`,
      exclude: { title: record.title, url: record.url, retraction: record.retraction, reason: 'identifier could not be confirmed' },
    };
  }
  const own = quotes.filter((q) => q.source === n);
  if (own.length === 0) return { reason: `no quote from [${n}]` };
  for (const quote of own) {
    const wanted = normaliseForQuote(quote.text);
    if (wanted.length < MIN_QUOTE_LENGTH) return { reason: `quote from [${n}] is too short to check: "${quote.text}"` };
    if (!texts[n - 1].includes(wanted)) return { reason: `quote not found in [${n}]: "${shorten(quote.text)}"` };
  }
  return null;
}

/** Whitespace runs become one space and typographic quote marks plain ones; nothing else is forgiven. */
export function normaliseForQuote(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** PMIDs, DOIs and NCT ids written in a claim, as recordIdKeys keys. */
export function mentionedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/\bPMID:?\s*(\d{1,9})\b/gi)) ids.add(`pmid:${m[1]}`);
  for (const m of text.matchAll(/\b(10\.\d{4,9}\/[^\s"'<>()[\]]+)/g)) ids.add(`doi:${m[1].replace(/[.,;:]+$/, '').toLowerCase()}`);
  for (const m of text.matchAll(/\b(NCT\d{8})\b/gi)) ids.add(`nct:${m[1].toUpperCase()}`);
  return [...ids];
}

function describeId(key: string): string {
  const [kind, value] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  return kind === 'pmid' ? `PMID ${value}` : kind === 'doi' ? `DOI ${value}` : value;
}

/** The model's own [n] markers go: the published ones are added after renumbering. */
function stripCitationMarkers(text: string): string {
  return text.replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '').replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Model text is escaped so it cannot add links, images or HTML of its own; only our citation links remain. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#!]/g, (c) => `\\${c}`);
}

function claimsMarkdown(claims: readonly PublishedClaim[], sources: readonly CitedSource[]): string {
  return claims
    .map((claim) => `${escapeMarkdown(claim.text)} ${claim.sources.map((n) => `[[${n}]](${sources[n - 1].url})`).join('')}`)
    .join('\n\n');
}

function toCitedSource(record: LiteratureRecord, number: number): CitedSource {
  return {
    number,
    source: record.source,
    pmid: record.pmid,
    doi: record.doi,
    nctId: record.nctId,
    title: record.title,
    journal: record.journal,
    year: record.year,
    url: record.url,
    evidenceLevel: evidenceLevelOf(record),
    retraction: record.retraction,
  };
}

/** '[1] Title. Journal, 2021. PMID 123. Randomised controlled trial; Not retracted. https://…' */
export function formatSourceLine(source: CitedSource): string {
  const ids = [source.pmid && `PMID ${source.pmid}`, source.doi && `DOI ${source.doi}`, source.nctId].filter(Boolean).join(', ');
  const where = [source.journal, source.year].filter(Boolean).join(', ');
  return [
    `[${source.number}] ${source.title.replace(/\.$/, '')}.`,
    where && `${where}.`,
    ids && `${ids}.`,
    `${EVIDENCE_LEVEL_LABELS[source.evidenceLevel]}; ${RETRACTION_STATUS_LABELS[source.retraction]}.`,
    source.url,
  ]
    .filter(Boolean)
    .join(' ');
}
