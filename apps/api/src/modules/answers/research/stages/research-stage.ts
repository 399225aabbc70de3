import { RESEARCH_DATABASES, type ResearchCounts, type ResearchDatabase, type ResearchPlan, type ResearchQueryLog, type ResearchStage } from '@cqa/contracts';
import type { LiteratureRecord } from '../../../ai';
import type { ModelCall } from '../../generation/metered-model';
import type { RunRow } from '../research.repository';
import type { ExtractionReply, ReportReply } from '../research.schemas';

/** What a step may do: ask the model (counted, budgeted, cancellable) and know whether to stop. */
export interface StepContext {
  run: RunRow;
  signal: AbortSignal;
  generate: ModelCall;
}

/** The run's step rows by key: their status and stored output. */
export type StepOutputs = Map<string, { status: string; output: unknown }>;

/** One step handed to its stage: the step's key, the run's question and what the earlier steps stored. */
export interface StageStep {
  ctx: StepContext;
  key: string;
  question: string;
  outputs: StepOutputs;
}

/**
 * One stage of deep research (search, dedupe, screen, extract, report, verify, publish). The runner keeps the flow and
 * each step's lifecycle (row, cancel, usage, failures); a stage names its steps and does one step's work.
 */
export interface ResearchStageHandler {
  readonly stage: ResearchStage;
  /** The stage's step keys for this run; they may depend on earlier stages' outputs (extraction on screening). */
  keys(plan: ResearchPlan, outputs: StepOutputs): string[];
  /** One step's output (stored on its row), or SKIPPED when the budget left it undone. */
  run(step: StageStep): Promise<unknown>;
  /** The literature records a finished step found, stored as the run's records (deduplication's). */
  records?(output: unknown): LiteratureRecord[];
}

/** The stage handlers, in stage order (research.module.ts). */
export const RESEARCH_STAGE_HANDLERS = Symbol('RESEARCH_STAGE_HANDLERS');

/** A step left undone (its row says skipped). */
export const SKIPPED = Symbol('skipped') as unknown as never;

/** Thrown inside a step when its run was cancelled meanwhile. */
export class RunCancelled extends Error {}

export interface SearchOutput extends ResearchQueryLog {
  records: LiteratureRecord[];
}
export interface DedupeOutput {
  found: number;
  records: LiteratureRecord[];
  resolved: string[];
}
export interface ScreenOutput {
  decisions: Array<{ record: number; include: boolean; reason: string }>;
}
export interface ExtractOutput {
  extraction: ExtractionReply | null;
}
export interface ReportOutput {
  records: number[];
  reply: ReportReply;
  byModel: boolean;
  /** What fitting the report prompt into AI_CONTEXT_TOKENS left out or shortened (positions in `records`). */
  contextFit?: { dropped: number[]; shortened: number[] };
}

export const searchKey = (subQuestion: number, db: ResearchDatabase) => `search-q${subQuestion}-${db}`;
export const extractKey = (record: number) => `extract-r${record}`;

/** The search steps: one per sub-question and database with a query. */
export const searchKeys = (plan: ResearchPlan): string[] =>
  plan.subQuestions.flatMap((sq, i) => RESEARCH_DATABASES.filter((db) => sq.queries[db].trim() !== '').map((db) => searchKey(i + 1, db)));

export const dedupeOutput = (outputs: StepOutputs) => outputs.get('dedupe')!.output as DedupeOutput;

/** The extraction steps: one per record screening included. */
export function extractKeys(outputs: StepOutputs): string[] {
  const screen = outputs.get('screen')?.output as ScreenOutput | undefined;
  return (screen?.decisions ?? []).filter((d) => d.include).map((d) => extractKey(d.record));
}

/** The searches' outputs, in plan order. */
export function searchOutputs(plan: ResearchPlan, outputs: StepOutputs): SearchOutput[] {
  return searchKeys(plan).map((k) => outputs.get(k)?.output as SearchOutput).filter(Boolean);
}

/** Included records that were read, in record order, with their extraction. */
export function readRecords(outputs: StepOutputs) {
  const d = dedupeOutput(outputs);
  const ordinals = extractKeys(outputs)
    .filter((k) => outputs.get(k)?.status === 'done')
    .map((k) => Number(k.slice('extract-r'.length)));
  const extractions = ordinals.map((n) => (outputs.get(extractKey(n))!.output as ExtractOutput).extraction);
  return { records: ordinals.map((n) => d.records[n - 1]), extractions, ordinals };
}

/** The PRISMA-style counts of the report. */
export function researchCounts(outputs: StepOutputs): ResearchCounts {
  const d = dedupeOutput(outputs);
  const s = outputs.get('screen')!.output as ScreenOutput;
  const excluded = s.decisions.filter((x) => !x.include);
  const reasons = new Map<string, number>();
  excluded.forEach((x) => reasons.set(x.reason, (reasons.get(x.reason) ?? 0) + 1));
  return {
    found: d.found,
    afterDedupe: d.records.length,
    screened: s.decisions.length,
    excluded: excluded.length,
    excludedReasons: [...reasons].map(([reason, count]) => ({ reason, count })),
    included: s.decisions.length - excluded.length,
    extracted: readRecords(outputs).records.length,
  };
}
