import type { AiAnswerStage, AiProfileField, EvidenceGrade, EvidenceLevel, JudgeVerdict, RetractionStatus, SupportRule } from '../ai';
import type { ProfileAuditAction } from '../audit';
import type { SymptomCategory } from '../profile/symptoms';
import type { AnswerKind } from '../questions';
import type { ResearchDatabase, ResearchStage, ResearchStatus } from '../research';

/**
 * The shown names of the contracts' values (answer kinds, statuses, stages, grades) and their fixed labels, shared by
 * the server and the web. The values themselves stay in their area's module; only the words live here.
 */

/** Published instead of an answer the retrieved sources do not support. */
export const AI_INSUFFICIENT_EVIDENCE_TEXT =
  'Insufficient evidence: the literature retrieved for this question does not support an answer. Please ask your care team.';

export const RETRACTION_STATUS_LABELS: Record<RetractionStatus, string> = {
  retracted: 'Retracted',
  clear: 'Not retracted',
  unknown: 'Retraction status unknown',
};

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

export const EVIDENCE_GRADE_LABELS: Record<EvidenceGrade, string> = {
  high: 'High',
  moderate: 'Moderate',
  low: 'Low',
  very_low: 'Very low',
  insufficient: 'Insufficient',
};

export const SUPPORT_RULE_LABELS: Record<SupportRule, string> = {
  numbers: 'Numbers appear in the quotes',
  strong_words: 'No certainty the quotes do not state',
  direction: 'Same direction and negation as the quotes',
  population: 'Animal and laboratory studies named as such',
  causal: 'No causal wording from an observational study',
  topic: 'The sources name what the claim is about',
};

export const JUDGE_VERDICT_LABELS: Record<JudgeVerdict, string> = {
  supported: 'Supported',
  partially_supported: 'Partly supported',
  not_supported: 'Not supported',
  contradicted: 'Contradicted',
};

export const AI_ANSWER_STAGE_LABELS: Record<AiAnswerStage, string> = {
  queued: 'Waiting to start',
  retrieving: 'Searching the literature',
  generating: 'Writing the answer',
  verifying: 'Checking every claim against its sources',
  publishing: 'Publishing',
  done: 'Done',
};

export const AI_PROFILE_FIELD_LABELS: Record<AiProfileField, string> = {
  age_band: 'Age band',
  cancer_type: 'Cancer type',
  cancer_stage: 'Stage',
  treatment_classes: 'Treatment types',
};

export const PROFILE_AUDIT_ACTION_LABELS: Record<ProfileAuditAction, string> = {
  'profile.read': 'Viewed profile',
  'profile.create': 'Created profile',
  'profile.update': 'Edited profile',
  'report.list': 'Listed reports',
  'report.upload': 'Uploaded report',
  'report.download': 'Opened report',
  'report.delete': 'Deleted report',
};

/** The label on every community answer that came from an import. */
export const COMMUNITY_ANSWER_LABEL = 'Anecdotal — from an online community';

/** Shown headings; the stored keys stay as the spec spells them. */
export const SYMPTOM_CATEGORY_LABELS: Record<SymptomCategory, string> = {
  None: 'None',
  Constitutional: 'Constitutional',
  HEENT: 'HEENT (Head, Eyes, Ears, Nose, Throat)',
  Respiratory: 'Respiratory',
  Cardiovascular: 'Cardiovascular',
  Gastrointestinal: 'Gastrointestinal',
  Genitourinary: 'Genitourinary',
  Metabolic_Endocrine: 'Metabolic / Endocrine',
  Neurological: 'Neurological',
  Psychiatric: 'Psychiatric',
  Integumentary: 'Integumentary (Skin, Hair, Nails)',
  Musculoskeletal: 'Musculoskeletal',
  Hematologic: 'Hematologic / Lymphatic',
  Immunologic: 'Immunologic / Allergic',
  Other: 'Other',
};

export const ANSWER_KIND_LABELS: Record<AnswerKind, string> = {
  ai: 'OpenAI O1',
  quora: 'From Community',
  expert: 'Expert Answers',
  deep_research: 'Deep Research',
};

/** Star hover labels (spec section 5). */
export const RATING_LABELS: Record<number, string> = {
  1: 'Poor advice',
  2: 'Questionable',
  3: 'Acceptable',
  4: 'Good advice',
  5: 'Excellent advice',
};

export const RESEARCH_DATABASE_LABELS: Record<ResearchDatabase, string> = {
  pubmed: 'PubMed',
  europepmc: 'Europe PMC',
  ctgov: 'ClinicalTrials.gov',
};

export const RESEARCH_STATUS_LABELS: Record<ResearchStatus, string> = {
  planning: 'Planning',
  awaiting_approval: 'Plan waiting for approval',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const RESEARCH_STAGE_LABELS: Record<ResearchStage, string> = {
  plan: 'Planning the review',
  search: 'Searching the databases',
  dedupe: 'Removing duplicates',
  screen: 'Screening against the criteria',
  extract: 'Reading the included studies',
  report: 'Writing the report',
  verify: 'Checking every claim against its sources',
  publish: 'Publishing',
  done: 'Done',
};
