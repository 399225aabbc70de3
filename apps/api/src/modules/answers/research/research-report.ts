import {
  AI_INSUFFICIENT_EVIDENCE_TEXT, CitedSource, EVIDENCE_LEVEL_LABELS, RESEARCH_DATABASE_LABELS,
  ResearchCounts, ResearchEvidenceRow, ResearchPlan, ResearchQueryLog, ResearchReport,
} from '@cqa/contracts';
import { escapeMarkdown as escapeVerified, formatSourceLine, verifyAnswer } from '../../ai/citations/citation-verifier';
import { evidenceLevelOf } from '../../ai/citations/evidence-level';
import { LiteratureRecord, recordIdKeys } from '../../ai/literature/literature-record';
import type { AnswerColumns } from '../answers.repository';
import type { ExtractionReply, ReportClaim, ReportReply } from './research.schemas';

export interface ReportInput {
  plan: ResearchPlan;
  /** The records the report was written from, in prompt order ([1] is records[0]), with their extraction. */
  records: readonly LiteratureRecord[];
  extractions: ReadonlyArray<ExtractionReply | null>;
  reply: ReportReply;
  resolvedIds: ReadonlySet<string>;
  queries: ResearchQueryLog[];
  counts: ResearchCounts;
  partial: boolean;
  partialReason: string | null;
  now?: Date;
}

/** Model (and plan) text on one line, escaped by the verifier's rule: no links, images, tables or HTML of its own. */
function escapeMarkdown(text: string): string {
  return escapeVerified(text.replace(/\s+/g, ' ').trim());
}

/**
 * The verifier decides every sentence: each claim is checked on its own against this run's records (citations point
 * at a record, quotes verbatim, ids resolved, never a retracted source); claims that fail are withheld. References
 * are numbered by first use across the sections.
 */
export function buildReport(input: ReportInput): { report: ResearchReport; answer: AnswerColumns } {
  const numberOf = new Map<number, number>();
  const references: CitedSource[] = [];
  let withheld = 0;
  const indexOf = (source: CitedSource) =>
    input.records.findIndex((r) => recordIdKeys(r).some((k) => recordIdKeys(source).includes(k)) || r.url === source.url);

  const section = (claims: readonly ReportClaim[]): string[] => {
    const lines: string[] = [];
    for (const claim of claims) {
      const verified = verifyAnswer({
        answer: { insufficient_evidence: false, claims: [claim] },
        records: input.records,
        resolvedIds: input.resolvedIds,
      });
      if (verified.claims.length !== 1) {
        withheld++;
        continue;
      }
      const numbers = verified.sources.map((source) => {
        const at = indexOf(source);
        if (!numberOf.has(at)) {
          numberOf.set(at, references.length + 1);
          references.push({ ...source, number: references.length + 1 });
        }
        return numberOf.get(at)!;
      });
      lines.push(`${escapeMarkdown(verified.claims[0].text)} ${numbers.map((n) => `[[${n}]](${references[n - 1].url})`).join('')}`);
    }
    return lines;
  };

  const summary = section(input.reply.patient_summary);
  const evidence = section(input.reply.evidence);
  const trials = section(input.reply.open_trials);

  const table: ResearchEvidenceRow[] = input.records.flatMap((record, i) => {
    const e = input.extractions[i];
    if (!e) return [];
    return [{
      number: numberOf.get(i) ?? null,
      title: record.title,
      url: record.url,
      year: record.year,
      design: e.design,
      sampleSize: e.sample_size,
      keyResult: e.key_result,
      relevance: e.relevance,
      evidenceLevel: evidenceLevelOf(record),
      retraction: record.retraction,
    }];
  });
  table.sort((a, b) => b.relevance - a.relevance || (a.number ?? 999) - (b.number ?? 999));

  const unsearched = [...new Set(input.queries.filter((q) => q.error).map((q) => RESEARCH_DATABASE_LABELS[q.database]))];
  const limits: string[] = ['Studies were screened and read from titles and abstracts only, by an AI model; full texts were not read.'];
  limits.push(`Only records published ${input.plan.yearFrom}–${input.plan.yearTo} were included.`);
  if (unsearched.length) limits.push(`Could not search ${unsearched.join(', ')}: records from there are missing.`);
  if (input.partial) {
    limits.push(`Partial report: ${input.partialReason ?? 'the run ended early'}; ${input.counts.extracted} of ${input.counts.included} included studies were read.`);
  }
  if (withheld > 0) limits.push(`${withheld} statement${withheld === 1 ? ' was' : 's were'} withheld because ${withheld === 1 ? 'its' : 'their'} citations could not be verified.`);
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
    '## Summary for patients', '', patientSummary, '',
    '## What the evidence says', '', evidenceText, '',
    '## Evidence table', '',
    '| Ref. | Study | Year | Design | Participants | Key result | Relevance | Evidence level |',
    '|---|---|---|---|---|---|---|---|',
    ...table.map((r) =>
      `| ${r.number ? `[${r.number}]` : '–'} | [${cell(r.title)}](${r.url}) | ${cell(r.year)} | ${cell(r.design)} | ${cell(r.sampleSize)} | ${cell(r.keyResult)} | ${r.relevance}/10 | ${EVIDENCE_LEVEL_LABELS[r.evidenceLevel]}${r.retraction === 'retracted' ? ' (retracted)' : ''} |`),
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
    partial: input.partial,
    partialReason: input.partialReason,
    withheldClaims: withheld,
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
