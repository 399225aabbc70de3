/**
 * Shapes of the AI answer engine that the API stores and the web renders: sources with their evidence level and
 * retraction status, the verified answer, and job progress. Evidence levels and grades are derived by code from
 * publication types, never by the model.
 */
import type { ResearchBudgetUsage, ResearchDatabase } from './research';
import { EVIDENCE_GRADE_LABELS, RESEARCH_DATABASE_LABELS } from './texts/labels';

/** The one text both the 503 of a generate action and a failed AI job show. */
export const AI_NOT_CONFIGURED_MESSAGE = 'AI provider not configured';
/** A run (AI answer or deep research) that met OpenAI's `insufficient_quota` 429: billing, not a rate limit; not retried. */
export const AI_QUOTA_EXHAUSTED_MESSAGE = 'AI provider quota exhausted';
/** A run that met `AI_RATE_LIMIT_MAX_DELAYS` consecutive 429s, each waited out, and one more. */
export const aiRateLimitGaveUpMessage = (waits: number) => `AI provider rate limit: gave up after ${waits} waits`;
/**
 * `/api/health`'s `ai`: whether a provider is configured, and `quota_exhausted` while the last model call of any
 * process met `insufficient_quota` (cleared by the next call that succeeds). Never fails the health check.
 */
export const AI_HEALTH_STATES = ['configured', 'not_configured', 'quota_exhausted'] as const;
export type AiHealthState = (typeof AI_HEALTH_STATES)[number];
/** Shown under every AI answer. */
export const AI_ANSWER_DISCLAIMER = 'AI-generated from the cited literature; not medical advice.';

export const LiteratureSource = { PubMed: 'pubmed', EuropePmc: 'europepmc', ClinicalTrials: 'ctgov', Crossref: 'crossref' } as const;
export type LiteratureSource = (typeof LiteratureSource)[keyof typeof LiteratureSource];

/** 'unknown' (not checked, or the check failed) is never shown as clear. */
export const RetractionStatus = { Retracted: 'retracted', Clear: 'clear', Unknown: 'unknown' } as const;
export type RetractionStatus = (typeof RetractionStatus)[keyof typeof RetractionStatus];

/** Strongest first. */
export const EVIDENCE_LEVELS = [
  'meta_analysis',
  'guideline',
  'rct',
  'observational',
  'review',
  'case_report',
  'trial_registration',
  'other',
] as const;
export type EvidenceLevel = (typeof EVIDENCE_LEVELS)[number];

/** One certainty grade per answer, from the records that support its published claims (see EvidenceCertainty). */
export const EVIDENCE_GRADES = ['high', 'moderate', 'low', 'very_low', 'insufficient'] as const;
export type EvidenceGrade = (typeof EVIDENCE_GRADES)[number];

/**
 * The grade with its reasons in one line: 'Low — small sample (40 participants); the source rates its own evidence as low
 * certainty'. Without downgrades the starting design is the reason ('High — randomised controlled trials').
 */
export function certaintyLabel(certainty: { grade: EvidenceGrade; reasons: readonly string[] }): string {
  const { label, why } = certaintyParts(certainty);
  return why ? `${label} — ${why}` : label;
}

/** certaintyLabel's two halves, for a view that sets the grade apart: 'Low' and 'small sample (40 participants); …'. */
export function certaintyParts(certainty: { grade: EvidenceGrade; reasons: readonly string[] }): { label: string; why: string | null } {
  const label = EVIDENCE_GRADE_LABELS[certainty.grade];
  const [first, ...downgrades] = certainty.reasons;
  if (first === undefined) return { label, why: null };
  if (downgrades.length > 0) return { label, why: downgrades.join('; ') };
  const start = first.replace(/^Starts [^:]*:\s*/, '').replace(/\.$/, '');
  return { label, why: `${start.charAt(0).toLowerCase()}${start.slice(1)}` };
}

/** A source as published under an answer; `number` is the [n] used in the answer's markdown. */
export interface CitedSource {
  number: number;
  source: LiteratureSource;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  title: string;
  journal: string | null;
  year: number | null;
  url: string;
  evidenceLevel: EvidenceLevel;
  retraction: RetractionStatus;
}

/** A verbatim quote a published statement rests on; `source` is the number of its CitedSource (the [n] of the text). */
export interface StatementQuote {
  source: number;
  text: string;
}

/**
 * Each distinct quote once, in first-seen order: a model may cite the same passage of the same record twice, and a
 * reader would see "2 quotes" of one. The same source and the same words (spacing and Unicode forms aside) are one quote.
 */
export function distinctQuotes<Q extends StatementQuote>(quotes: readonly Q[]): Q[] {
  const seen = new Set<string>();
  return quotes.filter((quote) => {
    const key = `${quote.source}\u0000${quote.text.normalize('NFKC').replace(/\s+/g, ' ').trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A published statement with the verbatim quotes it rests on, for anyone who may read the answer. Withheld statements
 * are never here (they stay staff-only, in UnsupportedClaim and the claim checks).
 */
export interface PublishedStatement {
  text: string;
  /** The [n] of its sources, in order. */
  sources: number[];
  quotes: StatementQuote[];
  /** Deep research: the report section ('patient_summary', 'evidence', 'open_trials'); absent for AI answers. */
  section?: string;
}

/** A claim the verifier would not publish, with every reason it failed (staff only; patients see the count). */
export interface UnsupportedClaim {
  text: string;
  reasons: string[];
  /** The support judge's verdict when it was asked (only claims that passed provenance and the rules are judged). */
  judge?: JudgeResult | null;
}

// ---------------------------------------------------------------------------------------------------------
// Claim support: rules in code and the judge (the fast model), per claim.

/** The deterministic support rules, in the order they run. */
export const SUPPORT_RULES = ['numbers', 'strong_words', 'direction', 'population', 'causal', 'topic'] as const;
export type SupportRule = (typeof SUPPORT_RULES)[number];

export interface SupportRuleResult {
  rule: SupportRule;
  passed: boolean;
  /** Why it failed, in words an admin can check against the quotes; null when it passed. */
  detail: string | null;
}

/** Only `supported` publishes. */
export const JUDGE_VERDICTS = ['supported', 'partially_supported', 'not_supported', 'contradicted'] as const;
export type JudgeVerdict = (typeof JUDGE_VERDICTS)[number];

export interface JudgeResult {
  verdict: JudgeVerdict;
  /** One line from the judge. */
  reason: string;
}

/** Whether claims were also judged by a model, or decided by the rules alone (AI_SUPPORT_JUDGE=off). */
export type SupportCheckMode = 'rules_and_judge' | 'rules_only';

/** One claim of a run as the verifier decided it; a row per claim (GET /api/admin/ai-runs/{id}/claims, research run view). */
export interface ClaimCheckView {
  /** Reading order within the answer (research: within all sections), from 1. */
  position: number;
  /** Deep research: the report section ('patient_summary', 'evidence', 'open_trials'); null for AI answers. */
  section: string | null;
  text: string;
  published: boolean;
  /** Every reason it was withheld (provenance, rules, judge); empty when published. */
  reasons: string[];
  /** Empty when provenance failed first (the rules did not run). */
  rules: SupportRuleResult[];
  /** Null when not judged (withheld earlier, or the judge is off). */
  judge: JudgeResult | null;
}

/** One literature search an AI answer run sent (GET /api/admin/ai-runs/{id}/queries): what left the platform. */
export interface AiRunQueryView {
  /** 0 for the first search, then each broadening. */
  step: number;
  database: 'pubmed' | 'europepmc' | 'ctgov';
  query: string;
  /** The planner (the fast model) or the rule builder. */
  source: 'planner' | 'fallback';
  /** Records it returned; null when it failed. */
  found: number | null;
  error: string | null;
  sent_at: string;
}

/** Shown to patients with the count of withheld claims only. */
export const withheldClaimsText = (n: number) =>
  n === 1 ? '1 statement was left out because its sources did not support it.' : `${n} statements were left out because their sources did not support them.`;
export const RULES_ONLY_NOTE = 'Checked by rules only: no second model reviewed these statements.';

/** A literature search of an AI answer's run that could not be run: which database, at which search (0 the first). */
export interface AiFailedSearch {
  step: number;
  database: ResearchDatabase;
}

/** Shown with an answer made from the records in hand when some of its literature searches could not be run. */
export const failedSearchesText = (searches: readonly AiFailedSearch[]) =>
  `Some literature searches could not be run (${[...new Set(searches.map((s) => RESEARCH_DATABASE_LABELS[s.database]))].join(', ')}): this answer uses only the records the other searches found.`;

/** GRADE-like certainty of the evidence behind an answer, computed by code, with its reasons. */
export interface EvidenceCertainty {
  grade: EvidenceGrade;
  /** Why the grade is what it is: the starting design, then each downgrade ('small sample (n = 40)'). */
  reasons: string[];
}

/** A retrieved source the model cited but that may not support anything (retracted, unresolvable). */
export interface ExcludedSource {
  title: string;
  url: string;
  retraction: RetractionStatus;
  reason: string;
}

export type VerifiedAnswerStatus = 'answered' | 'insufficient_evidence';

/** What the verifier publishes; the web renders `markdown` and `sources`, admins also see the rest. */
export interface VerifiedAnswer {
  status: VerifiedAnswerStatus;
  markdown: string;
  sources: CitedSource[];
  grade: EvidenceGrade;
  /** The grade's reasons (EvidenceCertainty). */
  gradeReasons: string[];
  unsupportedClaims: UnsupportedClaim[];
  excludedSources: ExcludedSource[];
  /** Citations dropped from claims that other citations still support. */
  citationProblems: string[];
}

/** Stages of the AI answer job, reported through `job.updateProgress({ stage, done, total })`. */
export const AI_ANSWER_STAGES = ['queued', 'retrieving', 'generating', 'verifying', 'publishing', 'done'] as const;
export type AiAnswerStage = (typeof AI_ANSWER_STAGES)[number];

export interface AiJobProgress {
  stage: AiAnswerStage;
  done: number;
  total: number;
}

/** Token usage and estimated cost of one run, shown to admins. */
export interface AiRunUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Null when the model's price is unknown. */
  costUsd: number | null;
}

// ---------------------------------------------------------------------------------------------------------
// AI answer runs (the `ai-answer` job), their HTTP shapes and texts.

export const AI_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AiRunStatus = (typeof AI_RUN_STATUSES)[number];
/** A run still on its way: one at a time per question, and the pages follow it. */
export const AI_RUN_ACTIVE_STATUSES: readonly AiRunStatus[] = ['queued', 'running'];
export const isAiRunActive = (status: AiRunStatus | null | undefined): boolean => status != null && AI_RUN_ACTIVE_STATUSES.includes(status);
/** Who started a run: a new patient question, an admin's Generate/Regenerate/Retry, or link import. */
export const AI_RUN_TRIGGERS = ['auto', 'admin', 'import'] as const;
export type AiRunTrigger = (typeof AI_RUN_TRIGGERS)[number];
/** Deep research adds its own kind. */
export const AI_RUN_KINDS = ['ai_answer'] as const;
export type AiRunKind = (typeof AI_RUN_KINDS)[number];

/** A run as GET /api/questions/{id}/ai-run shows it (and AiAnswersService.runStatus returns it). */
export interface AiRunView {
  id: number;
  question_id: number;
  status: AiRunStatus;
  stage: AiAnswerStage;
  done: number;
  total: number;
  /** Why it failed; patients see only AiTexts.failed. Null unless failed. */
  error: string | null;
  /** The published answer once succeeded. */
  answer_id: number | null;
  created_at: string;
  finished_at: string | null;
}

/** Milliseconds spent in each stage of a run, for admins and `npm run bench:ai`. */
export interface AiRunTimings {
  retrieval: number;
  model: number;
  verification: number;
  publish: number;
  total: number;
}

/** What the web renders beside a generated AI answer (stored as JSON on the answer row). */
export interface AiAnswerDetails {
  run_id: number;
  status: VerifiedAnswerStatus;
  insufficient_evidence: boolean;
  sources: CitedSource[];
  grade: EvidenceGrade;
  /** Why the grade is what it is ('Low — small sample; …'); absent on answers generated before the certainty rating. */
  grade_reasons?: string[];
  model: string;
  generated_at: string;
  /** Each published statement with its verbatim quotes (everyone who may read the answer); absent on older answers. */
  statements?: PublishedStatement[];
  /** Staff only: patients' responses carry an empty list and `withheld_count`. */
  unsupported_claims: UnsupportedClaim[];
  /** How many claims were withheld (what patients see). */
  withheld_count?: number;
  /** Absent on older answers (they were checked for provenance only). */
  support_check?: SupportCheckMode;
  excluded_sources: ExcludedSource[];
  /** Which minimised profile fields tailored the answer (empty without consent). */
  profile_fields_used: AiProfileField[];
  /** Present only when AI_CONTEXT_TOKENS made the prompt smaller: the records left out and those shortened. */
  context_fit?: AiContextFit;
  /** Present only when some literature searches could not be run and the answer was made from the others' records. */
  failed_searches?: AiFailedSearch[];
}

/** What fitting a prompt into AI_CONTEXT_TOKENS left out ([n] numbers of the run's records). */
export interface AiContextFit {
  context_tokens: number;
  /** Records sent to the model, out of `records_given`. */
  records_sent: number;
  records_given: number;
  /** Left out, from the end of the list. */
  dropped: number[];
  /** Sent with their text cut short (at a sentence or word end). */
  shortened: number[];
}

/** GET /api/questions/{id}/ai-run. */
export interface AiRunResponse {
  run: AiRunView | null;
  configured: boolean;
}

/** GET /api/ai/settings: what the web offers. */
export interface AiSettings {
  configured: boolean;
  phiAllowed: boolean;
  autoAnswer: boolean;
}

/** POST /api/questions/{id}/ai-answer (admins). */
export interface GenerateAiAnswerRequest {
  /** Default true when the question already has a run: a new run whose answer replaces the generated one. */
  regenerate?: boolean;
  /** Tailor to the asking patient's profile; only when the patient consented on the question and AI_PHI_ALLOWED. */
  use_profile?: boolean;
}

/** One row of GET /api/admin/ai-runs. */
export interface AiRunAdminRow {
  id: number;
  question_id: number;
  question_text: string;
  trigger: AiRunTrigger;
  status: AiRunStatus;
  stage: AiAnswerStage;
  model: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  cost_usd: number | null;
  use_profile: boolean;
  error: string | null;
  answer_id: number | null;
  created_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  timings: AiRunTimings | null;
}

/** The daily AI answer limits (AI_DAILY_LIMIT_*) and the platform's runs in the last 24 hours. */
export interface AiDailyLimitUsage {
  perUser: number;
  global: number;
  usedGlobal: number;
}

export interface AiRunListResponse {
  items: AiRunAdminRow[];
  page: number;
  per_page: number;
  total: number;
  /** Today's use of the AI and deep research budgets (admins see them above the runs). */
  limits?: { ai: AiDailyLimitUsage; research: ResearchBudgetUsage };
}

export const AiPaths = {
  settings: '/api/ai/settings',
  generate: (questionId: number | string) => `/api/questions/${questionId}/ai-answer`,
  latestRun: (questionId: number | string) => `/api/questions/${questionId}/ai-run`,
  adminRuns: '/api/admin/ai-runs',
  adminRunClaims: (runId: number | string) => `/api/admin/ai-runs/${runId}/claims`,
  adminRunQueries: (runId: number | string) => `/api/admin/ai-runs/${runId}/queries`,
} as const;

export const AI_DAILY_LIMIT_WINDOW_HOURS = 24;

// ---------------------------------------------------------------------------------------------------------
// Patient context, only with consent: a minimised view of the profile, never names, dates, ids or free text.

export const AI_PROFILE_FIELDS = ['age_band', 'cancer_type', 'cancer_stage', 'treatment_classes'] as const;
export type AiProfileField = (typeof AI_PROFILE_FIELDS)[number];
