/**
 * Shapes of the AI answer engine that the API stores and the web renders: sources with their evidence level and
 * retraction status, the verified answer, and job progress. Evidence levels and grades are derived by code from
 * publication types, never by the model.
 */

/** The one text both the 503 of a generate action and a failed AI job show. */
export const AI_NOT_CONFIGURED_MESSAGE = 'AI provider not configured';
/** Shown under every AI answer. */
export const AI_ANSWER_DISCLAIMER = 'AI-generated from the cited literature; not medical advice.';
/** Published instead of an answer the retrieved sources do not support. */
export const AI_INSUFFICIENT_EVIDENCE_TEXT =
  'Insufficient evidence: the literature retrieved for this question does not support an answer. Please ask your care team.';

export const LiteratureSource = { PubMed: 'pubmed', EuropePmc: 'europepmc', ClinicalTrials: 'ctgov', Crossref: 'crossref' } as const;
export type LiteratureSource = (typeof LiteratureSource)[keyof typeof LiteratureSource];

/** 'unknown' (not checked, or the check failed) is never shown as clear. */
export const RetractionStatus = { Retracted: 'retracted', Clear: 'clear', Unknown: 'unknown' } as const;
export type RetractionStatus = (typeof RetractionStatus)[keyof typeof RetractionStatus];
export const RETRACTION_STATUS_LABELS: Record<RetractionStatus, string> = {
  retracted: 'Retracted',
  clear: 'Not retracted',
  unknown: 'Retraction status unknown',
};

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
export const EVIDENCE_LEVEL_LABELS: Record<EvidenceLevel, string> = {
  meta_analysis: 'Meta-analysis / systematic review',
  guideline: 'Guideline',
  rct: 'Randomised controlled trial',
  observational: 'Cohort / observational study',
  review: 'Review',
  case_report: 'Case report',
  trial_registration: 'Registered clinical trial',
  other: 'Other',
};

/** One grade per answer, from the sources that support its published claims. */
export const EVIDENCE_GRADES = ['high', 'moderate', 'low', 'very_low', 'insufficient'] as const;
export type EvidenceGrade = (typeof EVIDENCE_GRADES)[number];
export const EVIDENCE_GRADE_LABELS: Record<EvidenceGrade, string> = {
  high: 'High',
  moderate: 'Moderate',
  low: 'Low',
  very_low: 'Very low',
  insufficient: 'Insufficient',
};

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

/** A claim the verifier would not publish, with every reason it failed. */
export interface UnsupportedClaim {
  text: string;
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
  unsupportedClaims: UnsupportedClaim[];
  excludedSources: ExcludedSource[];
  /** Citations dropped from claims that other citations still support. */
  citationProblems: string[];
}

/** Stages of the AI answer job, reported through `job.updateProgress({ stage, done, total })`. */
export const AI_ANSWER_STAGES = ['queued', 'retrieving', 'generating', 'verifying', 'publishing', 'done'] as const;
export type AiAnswerStage = (typeof AI_ANSWER_STAGES)[number];
export const AI_ANSWER_STAGE_LABELS: Record<AiAnswerStage, string> = {
  queued: 'Waiting to start',
  retrieving: 'Searching the literature',
  generating: 'Writing the answer',
  verifying: 'Checking every citation',
  publishing: 'Publishing',
  done: 'Done',
};

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
