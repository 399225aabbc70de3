import { z } from 'zod';

/**
 * What the model must reply. There is no free-text summary: every published sentence is a claim that carries
 * its own citations and verbatim quotes, so the verifier can check all of it.
 */
export const citedAnswerSchema = z.object({
  insufficient_evidence: z.boolean().describe('true when the records do not answer the question'),
  claims: z
    .array(
      z.object({
        text: z.string().describe('One plain-language statement answering part of the question'),
        citations: z.array(z.number().int()).describe('Numbers [n] of the records that support the statement'),
        quotes: z
          .array(
            z.object({
              source: z.number().int().describe('Number [n] of the record quoted'),
              text: z.string().describe('A sentence or phrase copied exactly from that record'),
            }),
          )
          .describe('At least one exact quote from each cited record'),
      }),
    )
    .describe('The answer, one claim per statement, in reading order'),
});

export type CitedAnswer = z.infer<typeof citedAnswerSchema>;
export const CITED_ANSWER_SCHEMA_NAME = 'cited_answer';
