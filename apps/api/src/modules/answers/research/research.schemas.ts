import { RESEARCH_LIMITS } from '@cqa/contracts';
import { z } from 'zod';

/** What the model replies when asked for a plan. Empty query strings skip a database for that sub-question. */
export const planReplySchema = z.object({
  sub_questions: z
    .array(
      z.object({
        question: z.string().describe('A focused sub-question of the patient question'),
        pubmed: z.string().describe('PubMed search string'),
        europepmc: z.string().describe('Europe PMC search string'),
        ctgov: z.string().describe('ClinicalTrials.gov search terms for recruiting trials, or empty'),
      }),
    )
    .describe(`${RESEARCH_LIMITS.minSubQuestions} to ${RESEARCH_LIMITS.maxSubQuestions} sub-questions`),
  inclusion_criteria: z.array(z.string()).describe('Criteria a study must meet to be included'),
  year_from: z.number().int().describe('Earliest publication year to include'),
  year_to: z.number().int().describe('Latest publication year to include'),
});
export type PlanReply = z.infer<typeof planReplySchema>;

export const screeningReplySchema = z.object({
  decisions: z
    .array(
      z.object({
        record: z.number().int().describe('Number [n] of the record'),
        include: z.boolean().describe('true when the record meets every inclusion criterion'),
        reason: z.string().describe('Short reason, e.g. the criterion it fails'),
      }),
    )
    .describe('One decision per record'),
});
export type ScreeningReply = z.infer<typeof screeningReplySchema>;

export const extractionReplySchema = z.object({
  summary: z.string().describe('One or two plain-language sentences on what the study did and found'),
  relevance: z.number().int().min(1).max(10).describe('How relevant to the question, 1 (barely) to 10 (directly)'),
  design: z.string().describe('Study design, e.g. randomised controlled trial, meta-analysis, cohort, registered trial'),
  sample_size: z.string().nullable().describe('Number of participants as written, or null'),
  key_result: z.string().describe('The main result relevant to the question'),
  quote: z.string().describe('A sentence copied exactly from the record that supports the key result'),
});
export type ExtractionReply = z.infer<typeof extractionReplySchema>;

const claimSchema = z.object({
  text: z.string().describe('One plain-language statement'),
  citations: z.array(z.number().int()).describe('Numbers [n] of the records that support it'),
  quotes: z
    .array(z.object({ source: z.number().int().describe('Number [n] of the record quoted'), text: z.string().describe('Copied exactly') }))
    .describe('At least one exact quote from each cited record'),
});

export const reportReplySchema = z.object({
  patient_summary: z.array(claimSchema).describe('Summary for patients: 1-3 cited plain-language statements'),
  evidence: z.array(claimSchema).describe('What the evidence says: cited statements, strongest evidence first'),
  open_trials: z.array(claimSchema).describe('Recruiting clinical trials among the records, each cited; empty when none'),
});
export type ReportReply = z.infer<typeof reportReplySchema>;
export type ReportClaim = z.infer<typeof claimSchema>;
