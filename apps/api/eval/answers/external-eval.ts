/**
 * The external half of `npm run eval:answers`: public, labelled biomedical claim-verification data (training splits
 * only; external/SOURCES.md) fed through the verifier exactly as an AI answer's claims are. Each claim comes with the
 * evidence sentences the dataset's annotators chose, as its quotes, and their label: the evidence supports the claim,
 * refutes it, or does not address it. Nobody here wrote these claims, so they show how the rules do on evidence they
 * were not written beside.
 *
 * Each set is split by abstract (every claim about one abstract on the same side) into a tuning part, the only part
 * whose misses a rule change may be read against, and an aside part, reported and never read case by case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LiteratureRecord } from '../../src/modules/ai/literature/literature-record';
import { AnswerJudge, checkClaims, isPublished, judgeChecks, withheldReasons } from '../../src/modules/ai/citations/citation-verifier';

export const EXTERNAL_LABELS = ['SUPPORT', 'REFUTE', 'NEI'] as const;
export type ExternalLabel = (typeof EXTERNAL_LABELS)[number];
export type ExternalPart = 'tune' | 'aside';

export interface ExternalClaim {
  dataset: string;
  id: string;
  label: ExternalLabel;
  claim: string;
  record: { id: string; title: string; text: string };
  quotes: string[];
  part: ExternalPart;
}

export interface ExternalSet {
  dataset: string;
  split: string;
  licence: string;
  claims: ExternalClaim[];
}

/** The targets for the rules alone; printed beside the figures, not enforced (see eval-answers.ts). */
export const EXTERNAL_TARGETS = { supportedKept: 0.9, refutedPublished: 0.35, notAddressedPublished: 0.3 } as const;

/** Roughly three abstracts in ten go aside; the pick depends on the abstract's id alone, never on its label. */
export const ASIDE_SHARE = 0.3;

export const EXTERNAL_DIR = path.join(__dirname.replace(/[\\/]dist[\\/]api-eval(?=[\\/]apps[\\/])/, ''), 'external');

/** FNV-1a of the abstract's id. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

export const partOf = (dataset: string, recordId: string): ExternalPart => (hash(`${dataset}:${recordId}`) % 1000 < ASIDE_SHARE * 1000 ? 'aside' : 'tune');

interface ExternalFile {
  dataset: string;
  split: string;
  licence: string;
  records: Record<string, { title: string; text: string }>;
  claims: Array<{ id: string; label: ExternalLabel; claim: string; record: string; quotes: string[] }>;
}

export function loadExternalSets(dir = EXTERNAL_DIR): ExternalSet[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ExternalFile;
      // Training (or, where a dataset has none, development) splits only: a test split must never be read here.
      if (/test/i.test(file.split)) throw new Error(`${f}: a test split has no place in this evaluation`);
      return {
        dataset: file.dataset,
        split: file.split,
        licence: file.licence,
        claims: file.claims.map((c) => ({
          dataset: file.dataset,
          id: c.id,
          label: c.label,
          claim: c.claim,
          record: { id: c.record, ...file.records[c.record] },
          quotes: c.quotes,
          part: partOf(file.dataset, c.record),
        })),
      };
    });
}

export interface ExternalOutcome {
  claim: ExternalClaim;
  published: boolean;
  reasons: string[];
}

const asRecord = (r: ExternalClaim['record'], i: number): LiteratureRecord => ({
  source: 'pubmed',
  pmid: String(80000000 + i),
  doi: null,
  nctId: null,
  title: r.title,
  journal: null,
  year: null,
  // The datasets give no publication types; the rules read the design from the words, as for a loosely typed record.
  publicationTypes: [],
  text: r.text,
  url: `https://pubmed.ncbi.nlm.nih.gov/${80000000 + i}/`,
  retraction: 'clear',
});

/** Each claim alone, with its one record and its quotes, through provenance, the rules and (with a judge) the judge. */
export async function evaluateExternal(claims: readonly ExternalClaim[], judge: AnswerJudge): Promise<ExternalOutcome[]> {
  const prepared = claims.map((c, i) => {
    const records = [asRecord(c.record, i)];
    const { checks } = checkClaims({
      answer: { insufficient_evidence: false, claims: [{ text: c.claim, citations: [1], quotes: c.quotes.map((text) => ({ source: 1, text })) }] },
      records,
      resolvedIds: new Set([`pmid:${records[0].pmid}`]),
    });
    return { c, check: checks[0] };
  });
  if (judge.mode === 'rules_and_judge') await judgeChecks(prepared.map((p) => p.check), judge.call!);
  return prepared.map(({ c, check }) => ({ claim: c, published: isPublished(check, judge.mode), reasons: withheldReasons(check, judge.mode) }));
}

export interface LabelRow {
  label: ExternalLabel | 'all';
  claims: number;
  published: number;
  withheld: number;
}

export interface ExternalSummary {
  rows: LabelRow[];
  /** Of the published claims, the share the evidence supports (null when none was published). */
  precision: number | null;
  /** Of the supported claims, the share withheld (null when there are none). */
  falseWithholdRate: number | null;
}

export function summariseExternal(outcomes: readonly ExternalOutcome[]): ExternalSummary {
  const row = (label: LabelRow['label'], list: readonly ExternalOutcome[]): LabelRow => {
    const published = list.filter((o) => o.published).length;
    return { label, claims: list.length, published, withheld: list.length - published };
  };
  const rows = [...EXTERNAL_LABELS.map((l) => row(l, outcomes.filter((o) => o.claim.label === l))), row('all', outcomes)];
  const published = outcomes.filter((o) => o.published);
  const supported = outcomes.filter((o) => o.claim.label === 'SUPPORT');
  return {
    rows,
    precision: published.length ? published.filter((o) => o.claim.label === 'SUPPORT').length / published.length : null,
    falseWithholdRate: supported.length ? supported.filter((o) => !o.published).length / supported.length : null,
  };
}

/** Each of the targets, met or missed, in words. */
export function externalTargets({ rows }: ExternalSummary): Array<{ target: string; met: boolean }> {
  const share = (label: ExternalLabel) => {
    const r = rows.find((x) => x.label === label)!;
    return r.claims ? r.published / r.claims : null;
  };
  const out: Array<{ target: string; met: boolean }> = [];
  const kept = share('SUPPORT');
  if (kept !== null) out.push({ target: `supported kept ${pct(kept)} (target ≥ ${pct(EXTERNAL_TARGETS.supportedKept)})`, met: kept >= EXTERNAL_TARGETS.supportedKept });
  const refuted = share('REFUTE');
  if (refuted !== null) out.push({ target: `refuted published ${pct(refuted)} (target ≤ ${pct(EXTERNAL_TARGETS.refutedPublished)})`, met: refuted <= EXTERNAL_TARGETS.refutedPublished });
  const nei = share('NEI');
  if (nei !== null) out.push({ target: `not addressed published ${pct(nei)} (target ≤ ${pct(EXTERNAL_TARGETS.notAddressedPublished)})`, met: nei <= EXTERNAL_TARGETS.notAddressedPublished });
  return out;
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const LABEL_NAMES: Record<LabelRow['label'], string> = { SUPPORT: 'supported', REFUTE: 'refuted', NEI: 'not addressed', all: 'all' };

export function formatExternalTable(summary: ExternalSummary): string {
  const head = ['evidence', 'claims', 'published', 'withheld'];
  const body = summary.rows.map((r) => [
    LABEL_NAMES[r.label],
    String(r.claims),
    `${r.published} (${pct(r.claims ? r.published / r.claims : null)})`,
    `${r.withheld} (${pct(r.claims ? r.withheld / r.claims : null)})`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
    `precision of "published ⇒ supported": ${pct(summary.precision)}; false-withhold rate (supported withheld): ${pct(summary.falseWithholdRate)}`,
  ].join('\n');
}
