/**
 * `npm run eval:retrieval [-- --planner] [--verbose]`: the retrieval evaluation. Every question of
 * consumer-questions.json (real consumer health questions sent to the U.S. National Library of Medicine, each with its
 * annotated focus; sources and licence in SOURCES.md) goes through the rule builder (fallbackQueries) as an AI answer's
 * would, and the command prints the share of questions whose first (most specific) PubMed query contains the focus,
 * and the share of all queries it would send (PubMed, Europe PMC and ClinicalTrials.gov, every broader step too) with
 * anything personal in them: what personalContent finds, or one of the names, places and contact details the set's
 * questions carry (listed per question in `personal`). No network; `npm test` runs it. With `--planner` and `AI_*`
 * pointing at a real model, the query planner (one call of AI_MODEL_FAST per question) is measured the same way.
 * `--verbose` prints every query, so they can be replayed where there is network. Exits 1 when the rule builder misses
 * a target (the planner's figures are printed, not enforced: they depend on the model).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CANCER_TYPES } from '@cqa/contracts';
import { loadAiConfig } from '../../src/config/ai-config';
import { AiProvider } from '../../src/modules/ai/provider/ai-provider';
import { fallbackQueries, LiteratureQueries } from '../../src/modules/ai/retrieval/fallback-query';
import { PersonalKind, personalContent } from '../../src/modules/ai/retrieval/personal-data';
import { planQueries, QUERY_PLAN_SCHEMA_NAME, queryPlanSchema } from '../../src/modules/ai/retrieval/query-planner';

export type Builder = 'fallback' | 'planner';

/** Share of questions whose first PubMed query contains the focus, at least. */
export const FOCUS_TARGETS: Record<Builder, number> = { fallback: 0.8, planner: 0.95 };
/** Queries with anything personal in them: none. */
export const PERSONAL_TARGET = 0;

export interface EvalQuestion {
  id: string;
  subject?: string;
  message: string;
  /** The annotated focus, with the equivalent names a librarian would accept (any one counts). */
  focus: string[];
  cancerType: (typeof CANCER_TYPES)[number] | null;
  /** About a cancer, a tumour, a cancer test or treatment, or its after-effects. */
  cancerRelated?: boolean;
  /** The stand-in names, places and contact details in the question (none may reach a query). */
  personal?: string[];
  /** The dataset's own summary of the question (not read by the builders). */
  summary?: string;
  source?: string;
}

/** The set stays in the source tree (the build compiles TypeScript only); from dist/api-eval/… this finds it there. */
export const QUESTIONS_FILE = path.join(__dirname.replace(/[\\/]dist[\\/]api-eval(?=[\\/]apps[\\/])/, ''), 'consumer-questions.json');

export function loadQuestions(file = QUESTIONS_FILE): EvalQuestion[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: EvalQuestion[] }).questions;
}

/** The question as the builders get it: the subject line first, as consumers' messages come. */
export const questionText = (q: EvalQuestion): string => (q.subject ? `SUBJECT: ${q.subject}\nMESSAGE: ${q.message}` : q.message);

const escape = (s: string) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** Whether a query contains one of the focus strings as words (case-insensitive; a space and a hyphen are alike). */
export function containsFocus(query: string, focus: readonly string[]): boolean {
  return focus.some((f) => new RegExp(`(?<![a-z0-9])${escape(f.toLowerCase()).replace(/(?:\\-|\s)+/g, '[\\s-]+')}(?![a-z0-9])`, 'i').test(query));
}

/** The question's own personal details that appear in a query. */
export function leakedDetails(query: string, personal: readonly string[] = []): string[] {
  return personal.filter((p) => new RegExp(`(?<![A-Za-z0-9])${escape(p)}(?![A-Za-z0-9])`, 'i').test(query));
}

export interface SentQuery {
  database: 'pubmed' | 'europepmc' | 'ctgov';
  step: number;
  query: string;
  kinds: PersonalKind[];
  leaked: string[];
}

export interface QuestionOutcome {
  question: EvalQuestion;
  ladder: LiteratureQueries[];
  focusInFirst: boolean;
  queries: SentQuery[];
  /** Why the builder gave nothing (a refused plan, a failed call). */
  error?: string;
}

export type Plan = (question: string, cancerType: string | null) => Promise<LiteratureQueries[]>;

export const fallbackPlan: Plan = async (question, cancerType) => fallbackQueries(question, cancerType);

export async function evaluate(questions: readonly EvalQuestion[], plan: Plan): Promise<QuestionOutcome[]> {
  const outcomes: QuestionOutcome[] = [];
  for (const question of questions) {
    let ladder: LiteratureQueries[] = [];
    let error: string | undefined;
    try {
      ladder = await plan(questionText(question), question.cancerType);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const queries = ladder.flatMap((q, step) =>
      (['pubmed', 'europepmc', 'ctgov'] as const).map((database) => ({
        database,
        step,
        query: q[database],
        kinds: personalContent(q[database]),
        leaked: leakedDetails(q[database], question.personal),
      })),
    );
    outcomes.push({ question, ladder, focusInFirst: ladder.length > 0 && containsFocus(ladder[0].pubmed, question.focus), queries, error });
  }
  return outcomes;
}

export interface Summary {
  questions: number;
  focusInFirst: number;
  cancerQuestions: number;
  cancerFocusInFirst: number;
  /** Questions the builder gave no query for. */
  empty: number;
  queries: number;
  personal: number;
}

export function summarise(outcomes: readonly QuestionOutcome[]): Summary {
  const cancer = outcomes.filter((o) => o.question.cancerRelated);
  const queries = outcomes.flatMap((o) => o.queries);
  return {
    questions: outcomes.length,
    focusInFirst: outcomes.filter((o) => o.focusInFirst).length,
    cancerQuestions: cancer.length,
    cancerFocusInFirst: cancer.filter((o) => o.focusInFirst).length,
    empty: outcomes.filter((o) => o.ladder.length === 0).length,
    queries: queries.length,
    personal: queries.filter((q) => q.kinds.length > 0 || q.leaked.length > 0).length,
  };
}

/** Each missed target, in words; empty when all are met. */
export function missedTargets(summary: Summary, builder: Builder): string[] {
  const missed: string[] = [];
  const share = summary.questions ? summary.focusInFirst / summary.questions : 0;
  if (share < FOCUS_TARGETS[builder]) {
    missed.push(`focus in the first PubMed query: ${summary.focusInFirst} of ${summary.questions} (${pct(share)}), target ≥ ${FOCUS_TARGETS[builder] * 100} %`);
  }
  if (summary.personal > PERSONAL_TARGET) missed.push(`queries with personal content: ${summary.personal} of ${summary.queries}, target ${PERSONAL_TARGET}`);
  return missed;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function formatSummary(name: string, s: Summary): string {
  const share = (n: number, of: number) => `${n} of ${of} (${of ? pct(n / of) : '—'})`;
  return [
    `${name}`,
    `  focus in the first PubMed query: ${share(s.focusInFirst, s.questions)}; cancer questions ${share(s.cancerFocusInFirst, s.cancerQuestions)}`,
    `  queries with personal content:   ${share(s.personal, s.queries)} (PubMed, Europe PMC and ClinicalTrials.gov, every step)`,
    `  questions without a query:       ${s.empty}`,
  ].join('\n');
}

function printOutcomes(outcomes: readonly QuestionOutcome[], verbose: boolean): void {
  const shown = verbose ? outcomes : outcomes.filter((o) => !o.focusInFirst || o.queries.some((q) => q.kinds.length || q.leaked.length));
  if (!verbose) console.log(`\n${shown.length} question(s) missed (the first PubMed query without the focus, or something personal sent):`);
  for (const o of shown) {
    console.log(`\n${o.focusInFirst ? '✔' : '✖'} ${o.question.id}  focus: ${o.question.focus.join(' | ')}${o.question.cancerType ? `  (${o.question.cancerType})` : ''}`);
    if (o.error) console.log(`    error: ${o.error}`);
    if (o.ladder.length === 0 && !o.error) console.log('    no query');
    for (const q of o.queries) {
      if (!verbose && q.step > 0 && !q.kinds.length && !q.leaked.length) continue;
      const flags = [...q.kinds, ...q.leaked.map((l) => `leaked "${l}"`)];
      console.log(`    ${q.step + 1}. ${q.database.padEnd(9)} ${q.query}${flags.length ? `   ✖ ${flags.join(', ')}` : ''}`);
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { planner: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } });
  const questions = loadQuestions();
  const cancer = questions.filter((q) => q.cancerRelated).length;
  console.log(`Retrieval evaluation: ${questions.length} consumer health questions (${cancer} about cancer)\n`);

  const fallback = await evaluate(questions, fallbackPlan);
  const fallbackSummary = summarise(fallback);
  console.log(formatSummary('Rule builder (fallback)', fallbackSummary));
  printOutcomes(fallback, values.verbose);

  if (values.planner) {
    const problems: string[] = [];
    const provider = new AiProvider(loadAiConfig(process.env, problems));
    if (problems.length || !provider.isConfigured) {
      console.error(`--planner needs AI_BASE_URL/AI_API_KEY and AI_MODEL (AI_MODEL_FAST plans): ${problems.join('; ') || 'AI provider not configured'}`);
      process.exit(2);
    }
    let tokens = 0;
    const call = async (messages: Parameters<AiProvider['generateStructured']>[1]) => {
      const result = await provider.generateStructured(queryPlanSchema, messages, { model: 'fast', schemaName: QUERY_PLAN_SCHEMA_NAME });
      tokens += result.usage.promptTokens + result.usage.completionTokens;
      return result.value;
    };
    const planned = await evaluate(questions, async (question, cancerType) => [await planQueries(question, cancerType, call)]);
    const plannerSummary = summarise(planned);
    console.log(`\n${formatSummary(`Query planner (${provider.modelName('fast')}, ${tokens} tokens; a refused plan counts as a miss)`, plannerSummary)}`);
    printOutcomes(planned, values.verbose);
    const plannerMissed = missedTargets(plannerSummary, 'planner');
    console.log(plannerMissed.length ? `\n✖ planner targets missed (not enforced):\n${plannerMissed.map((m) => `  - ${m}`).join('\n')}` : '\n✔ planner targets met: focus ≥ 95 %, 0 personal');
  }

  const missed = missedTargets(fallbackSummary, 'fallback');
  if (missed.length) {
    console.error(`\n✖ rule builder targets missed:\n${missed.map((m) => `  - ${m}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\n✔ rule builder targets met: the focus in ≥ 80 % of first PubMed queries, 0 queries with personal content');
}

if (require.main === module) void main();
