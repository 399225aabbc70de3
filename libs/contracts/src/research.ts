/**
 * Deep research: a planned, multi-step literature review per question. The plan (sub-questions, queries per
 * database, criteria, years) is reviewed before any search; the run's method (PRISMA-style counts, exact queries
 * with dates) is published with the report.
 */
import type { ResearchRequestView } from './research-requests';
import type { CitedSource, ClaimCheckView, EvidenceCertainty, EvidenceLevel, PublishedStatement, RetractionStatus, SupportCheckMode } from './ai';

export const RESEARCH_DATABASES = ['pubmed', 'europepmc', 'ctgov'] as const;
export type ResearchDatabase = (typeof RESEARCH_DATABASES)[number];

export const RESEARCH_LIMITS = {
  minSubQuestions: 2,
  maxSubQuestions: 5,
  maxSubQuestionLength: 300,
  maxQueryLength: 300,
  maxCriteria: 10,
  maxCriterionLength: 300,
  minYear: 1950,
} as const;

export interface ResearchSubQuestion {
  question: string;
  /** One search string per database; an empty string skips that database for this sub-question. */
  queries: Record<ResearchDatabase, string>;
}

export interface ResearchPlan {
  subQuestions: ResearchSubQuestion[];
  inclusionCriteria: string[];
  yearFrom: number;
  yearTo: number;
}

export const RESEARCH_STATUSES = ['planning', 'awaiting_approval', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ResearchStatus = (typeof RESEARCH_STATUSES)[number];
/** A run not yet finished, its plan's review included: one at a time per question; cancelling ends it. */
export const RESEARCH_ACTIVE_STATUSES: readonly ResearchStatus[] = ['planning', 'awaiting_approval', 'queued', 'running'];
/** An active run the machine is working on (not one waiting for a reviewer): the pages poll it. */
export const RESEARCH_WORKING_STATUSES: readonly ResearchStatus[] = ['planning', 'queued', 'running'];
export const isResearchActive = (status: ResearchStatus | null | undefined): boolean => status != null && RESEARCH_ACTIVE_STATUSES.includes(status);

export const RESEARCH_STAGES = ['plan', 'search', 'dedupe', 'screen', 'extract', 'report', 'verify', 'publish', 'done'] as const;
export type ResearchStage = (typeof RESEARCH_STAGES)[number];

export type ResearchStepStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped' | 'cancelled';

export interface ResearchStepView {
  key: string;
  stage: ResearchStage;
  status: ResearchStepStatus;
  error: string | null;
  tokens: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The exact query sent to one database, when, and what came back. */
export interface ResearchQueryLog {
  subQuestion: number;
  database: ResearchDatabase;
  query: string;
  searchedAt: string;
  found: number;
  /** Set when the database could not be searched. */
  error: string | null;
}

/** One search of a run (a sub-question in a database) that could not be run. */
export interface ResearchFailedSearch {
  subQuestion: number;
  database: ResearchDatabase;
}

/** PRISMA-style flow of records. */
export interface ResearchCounts {
  found: number;
  afterDedupe: number;
  screened: number;
  excluded: number;
  excludedReasons: Array<{ reason: string; count: number }>;
  included: number;
  /** Included records read by the model (fewer when the budget ended the run). */
  extracted: number;
}

export interface ResearchEvidenceRow {
  /** The reference number when the record is cited in the report, else null. */
  number: number | null;
  title: string;
  url: string;
  year: number | null;
  /**
   * Design, sampleSize and keyResult are a model's reading of the abstract, each shown only when checked (null
   * otherwise): the key result against its quote by the support rules, like the report's statements; the participants'
   * numbers and the design words against the record. Reports made before these checks hold them unchecked.
   */
  design: string | null;
  sampleSize: string | null;
  keyResult: string | null;
  /**
   * The model's supporting sentence when it is found word for word in the record, else null: what the row can be
   * checked against. Absent on reports made before it existed.
   */
  quote?: string | null;
  relevance: number;
  evidenceLevel: EvidenceLevel;
  retraction: RetractionStatus;
}

export interface ResearchReportSection {
  /** Markdown (model text escaped; only our citation links). */
  markdown: string;
}

export interface ResearchReport {
  patientSummary: string;
  evidence: string;
  evidenceTable: ResearchEvidenceRow[];
  openTrials: string;
  limits: string[];
  references: CitedSource[];
  counts: ResearchCounts;
  queries: ResearchQueryLog[];
  plan: ResearchPlan;
  /** Databases none of whose searches could be run, by label. */
  unsearched: string[];
  /** Searches that could not be run while their database answered others; absent when none (and on older reports). */
  failedSearches?: ResearchFailedSearch[];
  partial: boolean;
  partialReason: string | null;
  /** Claims the verifier withheld. */
  withheldClaims: number;
  /** Each published statement with its verbatim quotes ([n] of `references`); absent on reports made before it existed. */
  statements?: PublishedStatement[];
  /** Certainty of the evidence behind the published claims; absent on reports made before it existed. */
  certainty?: EvidenceCertainty;
  support_check?: SupportCheckMode;
  /** The whole report as markdown, as stored in the answer. */
  markdown: string;
  generatedAt: string;
}

/** A published report that now cites a retracted paper (nightly re-check). */
export interface ResearchRetractionFlag {
  runId: number;
  answerId: number | null;
  questionId: number;
  questionText: string;
  title: string;
  url: string;
  doi: string | null;
  pmid: string | null;
  flaggedAt: string;
}

export interface ResearchRunView {
  id: number;
  questionId: number;
  status: ResearchStatus;
  stage: ResearchStage;
  progress: { done: number; total: number };
  partial: boolean;
  partialReason: string | null;
  error: string | null;
  failedStep: string | null;
  plan: ResearchPlan | null;
  planApprovedAt: string | null;
  tokens: number;
  costUsd: number | null;
  answerId: number | null;
  report: ResearchReport | null;
  flags: ResearchRetractionFlag[];
  steps: ResearchStepView[];
  /** Staff only (admins and experts): every claim of the report as the verifier decided it; patients get []. */
  claimChecks: ClaimCheckView[];
  createdAt: string;
  finishedAt: string | null;
}

/** GET /api/questions/{id}/research: the latest run (patients: only a completed one, without plan or steps). */
export interface ResearchLatest {
  run: ResearchRunView | null;
  /** Whether the caller may start, approve, cancel and retry. */
  mayControl: boolean;
  aiConfigured: boolean;
  /** The question's deep research request, for its owner and staff; null when none (or for anyone else). */
  request?: ResearchRequestView | null;
  /** Whether the caller (the question's owner) may ask for deep research now. */
  mayRequest?: boolean;
}

/** One daily budget of deep research: the per-person and platform limits and what the platform took in the current 24 hours. */
export interface ResearchBudget {
  perUser: number;
  global: number;
  usedGlobal: number;
  /** When the platform counter's 24 hours end; null while nothing was taken. */
  resetsAt: string | null;
}

/** Deep research's daily budgets (RESEARCH_DAILY_*), shown to admins beside the AI runs. */
export interface ResearchBudgetUsage {
  starts: ResearchBudget;
  tokens: ResearchBudget;
}

/** Deep research of one question: the latest run (GET), start (POST), its plan (PUT), approve/cancel/retry (POST); admins' retraction flags (GET). */
export const ResearchPaths = {
  latest: (questionId: number | string) => `/api/questions/${questionId}/research`,
  plan: (questionId: number | string, runId: number) => `/api/questions/${questionId}/research/${runId}/plan`,
  action: (questionId: number | string, runId: number, action: 'approve' | 'cancel' | 'retry') => `/api/questions/${questionId}/research/${runId}/${action}`,
  flags: '/api/admin/research/flags',
} as const;
