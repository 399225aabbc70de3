import {
  AI_INSUFFICIENT_EVIDENCE_TEXT,
  CitedSource,
  ClaimCheckView,
  distinctQuotes,
  EvidenceCertainty,
  EVIDENCE_LEVEL_LABELS,
  ExcludedSource,
  JudgeResult,
  PublishedStatement,
  RETRACTION_STATUS_LABELS,
  SupportCheckMode,
  SupportRuleResult,
  UnsupportedClaim,
  VerifiedAnswer,
} from '@cqa/contracts';
import { LiteratureRecord, recordIdKeys } from '../literature/literature-record';
import { recordText } from './answer-prompt';
import { gradeCertainty } from './certainty';
import type { CitedAnswer } from './cited-answer.schema';
import { evidenceLevelOf } from './evidence-level';
import { JudgeCall, judgeClaims } from './support-judge';
import { checkSupportRules, inconsistentOutcomes } from './support-rules';

/** Shorter quotes ('the', 'survival') would match almost any abstract and prove nothing. */
export const MIN_QUOTE_LENGTH = 20;

export interface VerifyInput {
  answer: CitedAnswer;
  /** The records of this run in prompt order: [1] is records[0]. */
  records: readonly LiteratureRecord[];
  /** Identifier keys (recordIdKeys form) that resolveIds() confirmed exist. */
  resolvedIds: ReadonlySet<string>;
}

/** `sources` and each quote's `source` are numbers in the published source list. */
export type PublishedClaim = PublishedStatement;

export interface VerificationResult extends VerifiedAnswer {
  claims: PublishedClaim[];
  /** The answer's `sources` text as the spec stores it: one source per line. */
  sourceLines: string[];
  /** Every claim as decided, for the claim-check rows admins read. */
  claimChecks: ClaimCheckView[];
  certainty: EvidenceCertainty;
  supportCheck: SupportCheckMode;
}

/** One claim on its way through the checks: provenance, then the rules, then (for those that passed) the judge. */
export interface ClaimCheck {
  position: number;
  section: string | null;
  /** As the model wrote it. */
  rawText: string;
  /** Without the model's citation markers. */
  text: string;
  /** Record numbers ([n]) whose citation passed provenance. */
  records: number[];
  /** The quotes of those records. */
  quotes: string[];
  /** The same quotes with the record each came from. */
  cited: Array<{ source: number; text: string }>;
  /** Why provenance withholds the claim (empty when it passed). */
  provenance: string[];
  /** Citations dropped while others still support the claim. */
  droppedCitations: string[];
  rules: SupportRuleResult[];
  judge: JudgeResult | null;
}

/**
 * Provenance and the support rules for every claim of an answer (no model call). A citation supports a claim only
 * when its number names a record of this run, the record is not retracted, one of its ids resolved, and every quote
 * from it (at least one) appears verbatim in its stored text. A claim naming an id that was not retrieved, or left
 * with no supporting citation, fails provenance. The rules then compare what the claim says with its quotes.
 */
export function checkClaims(
  { answer, records, resolvedIds }: VerifyInput,
  options: { section?: string | null; firstPosition?: number } = {},
): { checks: ClaimCheck[]; excluded: ExcludedSource[] } {
  const runIds = new Set(records.flatMap(recordIdKeys));
  const texts = records.map((r) => normaliseForQuote(recordText(r)));
  const excluded = new Map<number, ExcludedSource>();
  const checks: ClaimCheck[] = answer.claims.map((claim, i) => {
    const text = stripCitationMarkers(claim.text);
    const check: ClaimCheck = {
      position: (options.firstPosition ?? 1) + i,
      section: options.section ?? null,
      rawText: claim.text,
      text,
      records: [],
      quotes: [],
      cited: [],
      provenance: [],
      droppedCitations: [],
      rules: [],
      judge: null,
    };
    if (answer.insufficient_evidence) {
      check.provenance.push('withheld: the model reported insufficient evidence');
      return check;
    }
    const reasons: string[] = [];
    if (!text) reasons.push('empty claim');
    for (const id of mentionedIds(claim.text)) {
      if (!runIds.has(id)) reasons.push(`names ${describeId(id)}, which was not retrieved for this answer`);
    }
    const numbers = [...new Set([...claim.citations, ...claim.quotes.map((q) => q.source)])];
    for (const n of numbers) {
      const problem = citationProblem(n, claim.quotes, records, texts, resolvedIds);
      if (!problem) {
        check.records.push(n);
        continue;
      }
      reasons.push(problem.reason);
      if (problem.exclude) excluded.set(n, problem.exclude);
    }
    if (numbers.length === 0) reasons.push('cites no record');
    const fabricatedId = reasons.some((r) => r.startsWith('names '));
    if (text && check.records.length > 0 && !fabricatedId) {
      check.droppedCitations = reasons;
      check.cited = claim.quotes.filter((q) => check.records.includes(q.source)).map((q) => ({ source: q.source, text: q.text }));
      check.quotes = check.cited.map((q) => q.text);
      check.rules = checkSupportRules({
        claim: text,
        sources: check.records.map((n) => ({ record: records[n - 1], quotes: check.cited.filter((q) => q.source === n).map((q) => q.text) })),
      });
    } else {
      check.records = [];
      check.provenance = reasons;
    }
    return check;
  });
  return { checks, excluded: [...excluded.values()] };
}

/** Passed provenance and every rule: the judge's turn. */
export const awaitsJudge = (check: ClaimCheck) => check.provenance.length === 0 && check.rules.length > 0 && check.rules.every((r) => r.passed);

/** Asks the judge about every claim that passed provenance and the rules (JUDGE_BATCH_SIZE per call). */
export async function judgeChecks(checks: readonly ClaimCheck[], call: JudgeCall): Promise<void> {
  const pending = checks.filter(awaitsJudge);
  if (pending.length === 0) return;
  const verdicts = await judgeClaims(pending.map((c) => ({ claim: c.text, quotes: c.quotes })), call);
  pending.forEach((check, i) => (check.judge = verdicts[i]));
}

/** Published only when provenance, every rule and (unless the judge is off) the judge's 'supported' all agree. */
export function isPublished(check: ClaimCheck, mode: SupportCheckMode): boolean {
  if (!awaitsJudge(check)) return false;
  return mode === 'rules_only' || check.judge?.verdict === 'supported';
}

export function withheldReasons(check: ClaimCheck, mode: SupportCheckMode): string[] {
  if (check.provenance.length > 0) return check.provenance;
  const reasons = check.rules.filter((r) => !r.passed).map((r) => `${r.rule.replace('_', ' ')}: ${r.detail}`);
  if (reasons.length > 0) return reasons;
  if (mode === 'rules_only') return [];
  if (!check.judge) return ['not judged'];
  return check.judge.verdict === 'supported' ? [] : [`judge: ${check.judge.verdict.replace('_', ' ')} (${check.judge.reason})`];
}

export function toClaimCheckView(check: ClaimCheck, mode: SupportCheckMode): ClaimCheckView {
  const published = isPublished(check, mode);
  return {
    position: check.position,
    section: check.section,
    text: check.rawText,
    published,
    reasons: published ? [] : withheldReasons(check, mode),
    rules: check.rules,
    judge: check.judge,
  };
}

/**
 * The certainty of what is published: the records behind the published claims, with the quotes taken from each, and
 * the outcomes on which they point in opposite directions.
 */
export function certaintyOf(published: readonly ClaimCheck[], records: readonly LiteratureRecord[], questionCancer?: string | null): EvidenceCertainty {
  const quotesBy = new Map<number, string[]>();
  for (const check of published) for (const q of check.cited) quotesBy.set(q.source, [...(quotesBy.get(q.source) ?? []), q.text]);
  const supports = [...quotesBy].map(([n, quotes]) => ({ record: records[n - 1], quotes }));
  return gradeCertainty({ supports, inconsistentOutcomes: inconsistentOutcomes(supports.map((s) => s.quotes)), questionCancer });
}

export interface AnswerJudge {
  mode: SupportCheckMode;
  /** Required in 'rules_and_judge' mode. */
  call?: JudgeCall;
}

/**
 * Decides what is published: provenance, the rules, then the judge. Withheld claims are listed with their reasons;
 * with nothing left the answer says insufficient evidence. Sources are renumbered in order of first use.
 */
export async function verifyAnswer(
  input: VerifyInput,
  judge: AnswerJudge,
  questionCancer?: string | null,
): Promise<VerificationResult> {
  const { checks, excluded } = checkClaims(input);
  if (judge.mode === 'rules_and_judge') {
    if (!judge.call) throw new Error('the support judge is on but has no model call');
    await judgeChecks(checks, judge.call);
  }
  return assembleAnswer(input, checks, excluded, judge.mode, questionCancer);
}

export function assembleAnswer(
  { records }: Pick<VerifyInput, 'records'>,
  checks: readonly ClaimCheck[],
  excluded: readonly ExcludedSource[],
  mode: SupportCheckMode,
  questionCancer?: string | null,
): VerificationResult {
  const unsupportedClaims: UnsupportedClaim[] = [];
  const citationProblems: string[] = [];
  const supported: ClaimCheck[] = [];
  checks.forEach((check) => {
    if (isPublished(check, mode)) {
      supported.push(check);
      citationProblems.push(...check.droppedCitations.map((r) => `"${shorten(check.text)}": ${r}`));
    } else {
      unsupportedClaims.push({ text: check.rawText, reasons: withheldReasons(check, mode), judge: check.judge });
    }
  });

  const publishedNumber = new Map<number, number>();
  for (const claim of supported) for (const n of claim.records) if (!publishedNumber.has(n)) publishedNumber.set(n, publishedNumber.size + 1);
  const sources: CitedSource[] = [...publishedNumber].map(([n, number]) => toCitedSource(records[n - 1], number));
  const claims: PublishedClaim[] = supported.map((c) => publishedStatement(c, (n) => publishedNumber.get(n)!));
  const answered = claims.length > 0;
  const certainty: EvidenceCertainty = answered
    ? certaintyOf(supported, records, questionCancer)
    : { grade: 'insufficient', reasons: ['No source supports a published statement.'] };
  return {
    status: answered ? 'answered' : 'insufficient_evidence',
    markdown: answered ? claimsMarkdown(claims, sources) : AI_INSUFFICIENT_EVIDENCE_TEXT,
    sources,
    grade: certainty.grade,
    gradeReasons: certainty.reasons,
    unsupportedClaims,
    excludedSources: [...excluded],
    citationProblems,
    claims,
    sourceLines: sources.map(formatSourceLine),
    claimChecks: checks.map((c) => toClaimCheckView(c, mode)),
    certainty,
    supportCheck: mode,
  };
}

/** A published claim with its verbatim quotes, its record numbers turned into the published ones by `numberOf`. */
export function publishedStatement(check: ClaimCheck, numberOf: (record: number) => number): PublishedStatement {
  return {
    text: check.text,
    sources: check.records.map(numberOf),
    quotes: distinctQuotes(check.cited.map((q) => ({ source: numberOf(q.source), text: q.text }))),
    ...(check.section ? { section: check.section } : {}),
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

export function toCitedSource(record: LiteratureRecord, number: number): CitedSource {
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
