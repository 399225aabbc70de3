import {
  AI_INSUFFICIENT_EVIDENCE_TEXT, certaintyLabel, CitedSource, EVIDENCE_LEVEL_LABELS, RESEARCH_DATABASE_LABELS, ResearchTexts, RULES_ONLY_NOTE,
  ResearchCounts, ResearchEvidenceRow, ResearchFailedSearch, ResearchPlan, ResearchQueryLog, ResearchReport, SupportCheckMode,
} from '@cqa/contracts';
import {
  certaintyOf, checkClaims, checkSupportRules, ClaimCheck, escapeMarkdown as escapeVerified, evidenceLevelOf, formatSourceLine, isPublished, MIN_QUOTE_LENGTH, normaliseForQuote, publishedStatement, recordText, toCitedSource, unstatedNumbers, type LiteratureRecord,
} from '../../ai';
import type { AnswerColumns } from '../answers.repository';
import type { ExtractionReply, ReportReply } from './research.schemas';

export interface ReportInput {
  plan: ResearchPlan;
  /** The records the report was written from, in prompt order ([1] is records[0]), with their extraction. */
  records: readonly LiteratureRecord[];
  extractions: ReadonlyArray<ExtractionReply | null>;
  reply: ReportReply;
  /** Every claim of the reply, checked (checkReportClaims) and, unless the judge is off, judged. */
  checks: readonly ClaimCheck[];
  supportCheck: SupportCheckMode;
  queries: ResearchQueryLog[];
  counts: ResearchCounts;
  partial: boolean;
  partialReason: string | null;
  /** Read studies left out of the report prompt because they did not fit AI_CONTEXT_TOKENS. */
  contextLeftOut?: number;
  questionCancer?: string | null;
  now?: Date;
}

/**
 * The databases none of whose searches could be run (their records are missing), and the failed searches of the
 * databases that answered others (the report goes on with what those found).
 */
export function searchGaps(queries: readonly ResearchQueryLog[]): { unsearched: string[]; failedSearches: ResearchFailedSearch[] } {
  const failed = queries.filter((q) => q.error);
  const missing = [...new Set(failed.map((q) => q.database))].filter((db) => queries.every((q) => q.database !== db || q.error));
  return {
    unsearched: missing.map((db) => RESEARCH_DATABASE_LABELS[db]),
    failedSearches: failed.filter((q) => !missing.includes(q.database)).map((q) => ({ subQuestion: q.subQuestion, database: q.database })),
  };
}

/** Model (and plan) text on one line, escaped by the verifier's rule: no links, images, tables or HTML of its own. */
function escapeMarkdown(text: string): string {
  return escapeVerified(text.replace(/\s+/g, ' ').trim());
}

export const REPORT_SECTIONS = ['patient_summary', 'evidence', 'open_trials'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** Provenance and the support rules for each claim of the report, numbered in reading order across the sections. */
export function checkReportClaims(reply: ReportReply, records: readonly LiteratureRecord[], resolvedIds: ReadonlySet<string>): ClaimCheck[] {
  const all: ClaimCheck[] = [];
  for (const section of REPORT_SECTIONS) {
    for (const claim of reply[section]) {
      const { checks } = checkClaims({ answer: { insufficient_evidence: false, claims: [claim] }, records, resolvedIds }, { section, firstPosition: all.length + 1 });
      all.push(...checks);
    }
  }
  return all;
}

/**
 * The verifier decides every sentence: each claim was checked on its own against this run's records (citations point
 * at a record, quotes verbatim, ids resolved, never a retracted source, the support rules, the judge); claims that fail
 * are withheld. References are numbered by first use across the sections.
 */
export function buildReport(input: ReportInput): { report: ResearchReport; answer: AnswerColumns } {
  const numberOf = new Map<number, number>();
  const references: CitedSource[] = [];
  const published = input.checks.filter((c) => isPublished(c, input.supportCheck));
  const withheld = input.checks.length - published.length;

  const section = (name: ReportSection): string[] =>
    published
      .filter((check) => check.section === name)
      .map((check) => {
        const numbers = check.records.map((n) => {
          const at = n - 1;
          if (!numberOf.has(at)) {
            numberOf.set(at, references.length + 1);
            references.push(toCitedSource(input.records[at], references.length + 1));
          }
          return numberOf.get(at)!;
        });
        return `${escapeMarkdown(check.text)} ${numbers.map((n) => `[[${n}]](${references[n - 1].url})`).join('')}`;
      });

  const summary = section('patient_summary');
  const evidence = section('evidence');
  const trials = section('open_trials');
  // After section(): every record of a published claim has its reference number by now.
  const statements = REPORT_SECTIONS.flatMap((name) =>
    published.filter((check) => check.section === name).map((check) => publishedStatement(check, (n) => numberOf.get(n - 1)!)));
  const certainty = published.length > 0
    ? certaintyOf(published, input.records, input.questionCancer)
    : { grade: 'insufficient' as const, reasons: ['No source supports a published statement.'] };

  const table: ResearchEvidenceRow[] = input.records.flatMap((record, i) => {
    const e = input.extractions[i];
    if (!e) return [];
    return [{
      number: numberOf.get(i) ?? null,
      title: record.title,
      url: record.url,
      year: record.year,
      ...checkedCells(e, record),
      relevance: e.relevance,
      evidenceLevel: evidenceLevelOf(record),
      retraction: record.retraction,
    }];
  });
  table.sort((a, b) => b.relevance - a.relevance || (a.number ?? 999) - (b.number ?? 999));

  const { unsearched, failedSearches } = searchGaps(input.queries);
  const limits: string[] = ['Studies were screened and read from titles and abstracts only, by an AI model; full texts were not read.'];
  limits.push(`Only records published ${input.plan.yearFrom}–${input.plan.yearTo} were included.`);
  if (unsearched.length) limits.push(`Could not search ${unsearched.join(', ')}: records from there are missing.`);
  if (failedSearches.length) limits.push(ResearchTexts.someSearchesFailed(failedSearches));
  if (input.partial) {
    limits.push(`Partial report: ${input.partialReason ?? 'the run ended early'}; ${input.counts.extracted} of ${input.counts.included} included studies were read.`);
  }
  if (input.contextLeftOut) {
    const n = input.contextLeftOut;
    limits.push(`${n} of the studies read ${n === 1 ? 'was' : 'were'} left out of the written report: more text than the AI model can read at once.`);
  }
  if (withheld > 0) limits.push(`${withheld} statement${withheld === 1 ? ' was' : 's were'} left out because ${withheld === 1 ? 'its sources did' : 'their sources did'} not support ${withheld === 1 ? 'it' : 'them'}.`);
  if (input.supportCheck === 'rules_only') limits.push(RULES_ONLY_NOTE);
  if (!references.some((r) => r.evidenceLevel === 'rct' || r.evidenceLevel === 'meta_analysis')) {
    limits.push('No randomised trial or meta-analysis supports these findings.');
  }

  const patientSummary = summary.length ? summary.join('\n\n') : AI_INSUFFICIENT_EVIDENCE_TEXT;
  const evidenceText = evidence.length ? evidence.join('\n\n') : 'No statement could be supported by the included studies.';
  const trialsText = trials.length ? trials.join('\n\n') : 'No recruiting trial among the included records.';
  const now = input.now ?? new Date();
  const cell = (s: string | number | null) => (s === null || s === '' ? '–' : escapeMarkdown(String(s)));
  const c = input.counts;
  const markdown = [
    input.partial ? `> **Partial report**: ${escapeMarkdown(input.partialReason ?? 'the run ended early')}.\n` : '',
    unsearched.length ? `> Could not search ${unsearched.join(', ')}.\n` : '',
    failedSearches.length ? `> ${ResearchTexts.someSearchesFailed(failedSearches)}\n` : '',
    '## Summary for patients', '', patientSummary, '',
    `**Evidence certainty:** ${escapeMarkdown(certaintyLabel(certainty))}`, '',
    '## What the evidence says', '', evidenceText, '',
    '## Evidence table', '',
    escapeMarkdown(ResearchTexts.evidenceTableNote), '',
    '| Ref. | Study | Year | Design (AI) | Participants (AI) | Key result (AI) | Quote from the study | Relevance | Evidence level |',
    '|---|---|---|---|---|---|---|---|---|',
    ...table.map((r) =>
      `| ${r.number ? `[${r.number}]` : '–'} | [${cell(r.title)}](${r.url}) | ${cell(r.year)} | ${cell(r.design)} | ${cell(r.sampleSize)} | ${cell(r.keyResult)} | ${r.quote ? `"${cell(r.quote)}"` : '–'} | ${r.relevance}/10 | ${EVIDENCE_LEVEL_LABELS[r.evidenceLevel]}${r.retraction === 'retracted' ? ' (retracted)' : ''} |`),
    '',
    '## Open trials', '', trialsText, '',
    '## Limits', '', ...limits.map((l) => `- ${escapeMarkdown(l)}`), '',
    '## Method', '',
    `- Found: ${c.found} records`,
    `- After removing duplicates: ${c.afterDedupe}`,
    `- Screened: ${c.screened}`,
    `- Excluded: ${c.excluded}${c.excludedReasons.length ? ` (${c.excludedReasons.map((r) => `${escapeMarkdown(r.reason)}: ${r.count}`).join('; ')})` : ''}`,
    `- Included: ${c.included}`,
    '',
    'Queries:',
    ...input.queries.map((q) =>
      `- ${RESEARCH_DATABASE_LABELS[q.database]}, sub-question ${q.subQuestion}, ${q.searchedAt.slice(0, 10)}: "${escapeMarkdown(q.query)}" — ${q.error ? 'could not be searched' : `${q.found} records`}`),
    '',
    '## References', '',
    ...(references.length ? references.map((r) => `${escapeMarkdown(formatSourceLine(r).replace(/ https?:\/\/\S+$/, ''))} ${r.url}`) : ['None.']),
  ].join('\n');

  const report: ResearchReport = {
    patientSummary,
    evidence: evidenceText,
    evidenceTable: table,
    openTrials: trialsText,
    limits,
    references,
    counts: c,
    queries: input.queries,
    plan: input.plan,
    unsearched,
    ...(failedSearches.length ? { failedSearches } : {}),
    partial: input.partial,
    partialReason: input.partialReason,
    withheldClaims: withheld,
    statements,
    certainty,
    support_check: input.supportCheck,
    markdown: markdown.trimStart(),
    generatedAt: now.toISOString(),
  };
  const answer: AnswerColumns = {
    answer_text: report.markdown,
    explanation_logic: `Deep research over ${input.plan.subQuestions.length} sub-questions: ${c.found} records found, ${c.afterDedupe} after removing duplicates, ${c.included} included, ${references.length} cited.`,
    sources: references.map(formatSourceLine),
    search_method: `Deep research: ${[...new Set(input.queries.map((q) => RESEARCH_DATABASE_LABELS[q.database]))].join(', ')}${input.partial ? ' (partial)' : ''}`.slice(0, 255),
  };
  return { report, answer };
}

/** Words that name a study's design; a design cell is shown only when the record uses each one it uses. */
const DESIGN_TERMS: readonly RegExp[] = [
  /\brandomi[sz]ed\b|\brandomly\b/i, /\bcontrolled\b/i, /\btrials?\b/i, /\bcohort\b/i, /\bcase[- ]control\b/i, /\bcross[- ]sectional\b/i,
  /\bmeta[- ]analys[ie]s\b/i, /\bsystematic\b/i, /\breviews?\b/i, /\bcase reports?\b/i, /\bcase series\b/i, /\bprospective\b/i,
  /\bretrospective\b/i, /\bobservational\b/i, /\bphase (?:i{1,3}|iv|[1-4])\b/i, /\bpilot\b/i, /\bfeasibility\b/i, /\bsingle[- ]arm\b/i,
  /\bdouble[- ]blind\b/i, /\bplacebo\b/i, /\bmice\b|\bmouse\b|\bmurine\b/i, /\brats?\b/i, /\bin vitro\b/i, /\bcell lines?\b/i,
  /\bguidelines?\b/i, /\bregistry\b/i, /\bsurvey\b/i, /\bqualitative\b/i, /\bcross[- ]over\b|\bcrossover\b/i,
];

/**
 * The evidence table's model-written cells, each checked before it is shown (issue 36: the table's cells are model
 * text, so they are checked like claims or shown as quotes). The key result is checked like a statement: against its
 * quote, which must be in the record word for word, by the support rules (numbers, certainty words, direction, who was
 * studied, cause from association, topic). The participants cell is shown when each number it gives is in the record;
 * the design cell when the record uses each design word it uses. A cell that fails is null ('–' in the table).
 */
export function checkedCells(e: Pick<ExtractionReply, 'design' | 'sample_size' | 'key_result' | 'quote'>, record: LiteratureRecord): Pick<ResearchEvidenceRow, 'design' | 'sampleSize' | 'keyResult' | 'quote'> {
  const quote = verbatimQuote(e.quote, record);
  const text = `${recordText(record)}\n${record.publicationTypes.join('; ')}`;
  const keyResult = quote && checkSupportRules({ claim: e.key_result, sources: [{ record, quotes: [quote] }] }).every((r) => r.passed) ? e.key_result : null;
  const sampleSize = e.sample_size && unstatedNumbers(e.sample_size, [], [text]).length === 0 && /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand)\b/i.test(e.sample_size) ? e.sample_size : null;
  const terms = DESIGN_TERMS.filter((t) => t.test(e.design));
  const design = terms.length > 0 && terms.every((t) => t.test(text)) ? e.design : null;
  return { design, sampleSize, keyResult, quote };
}

/** The extraction's supporting sentence only when it is in the record word for word (the verifier's quote rule). */
function verbatimQuote(quote: string, record: LiteratureRecord): string | null {
  const wanted = normaliseForQuote(quote);
  return wanted.length >= MIN_QUOTE_LENGTH && normaliseForQuote(recordText(record)).includes(wanted) ? quote.replace(/\s+/g, ' ').trim() : null;
}

/** Without a model call (budget spent): each read study's own key result and quote, verified like any claim. */
export function fallbackReply(extractions: ReadonlyArray<ExtractionReply | null>, records: readonly LiteratureRecord[]): ReportReply {
  const claims = extractions.flatMap((e, i) => (e ? [{ text: e.key_result, citations: [i + 1], quotes: [{ source: i + 1, text: e.quote }] }] : []));
  const trial = (i: number) => records[i].source === 'ctgov';
  const ranked = extractions
    .map((e, i) => ({ e, i }))
    .filter((x): x is { e: ExtractionReply; i: number } => x.e !== null && !trial(x.i))
    .sort((a, b) => b.e.relevance - a.e.relevance);
  return {
    patient_summary: ranked.slice(0, 1).map(({ e, i }) => ({ text: e.summary, citations: [i + 1], quotes: [{ source: i + 1, text: e.quote }] })),
    evidence: claims.filter((cl) => !trial(cl.citations[0] - 1)),
    open_trials: claims.filter((cl) => trial(cl.citations[0] - 1)),
  };
}
