import type { ResearchFailedSearch } from '../research';
import { RESEARCH_DATABASE_LABELS } from './labels';

/** 'sub-question 2: PubMed, Europe PMC; sub-question 3: PubMed', in the order given. */
const bySubQuestion = (searches: readonly ResearchFailedSearch[]) =>
  [...new Set(searches.map((s) => s.subQuestion))]
    .map((n) => `sub-question ${n}: ${searches.filter((s) => s.subQuestion === n).map((s) => RESEARCH_DATABASE_LABELS[s.database]).join(', ')}`)
    .join('; ');

export const ResearchTexts = {
  start: 'Start deep research',
  startAgain: 'Start new deep research',
  approve: 'Approve plan',
  cancel: 'Cancel',
  retry: 'Retry from the failed step',
  partialNote: 'Partial report: the run ended early',
  couldNotSearch: (names: string) => `Could not search ${names}.`,
  /** Searches that failed while their database answered the run's others: the report goes on without them. */
  someSearchesFailed: (searches: readonly ResearchFailedSearch[]) =>
    `Some searches could not be run (${bySubQuestion(searches)}): the report uses only the records the other searches found.`,
  retractedFlag: 'This report cites a paper that has since been retracted.',
  runActive: 'A deep research run is already in progress for this question.',
  runNotFound: 'Deep research run not found.',
  planNotEditable: 'The plan can only be changed while it waits for approval.',
  notCancellable: 'This run has already ended.',
  notRetryable: 'Only a failed run can be retried.',
  expertsMayNotStart: 'Only admins may start deep research.',
  /** Above the evidence table: its (AI) cells are model text, unchecked; the quote is checked word for word. */
  evidenceTableNote:
    'Columns marked (AI) are an AI model’s reading of each abstract, shown only where they pass a check (otherwise –): the key result is checked against its quote like the statements above, the participants and the design against the study’s own words; each quote is copied word for word from the study.',
  flagsEmpty: 'No report cites a retracted paper.',
  dailyStartsUser: (limit: number) => `You have reached the limit of ${limit} deep research runs in 24 hours. Please try again later.`,
  dailyStartsGlobal: 'The platform has reached its limit of deep research runs for the last 24 hours. Please try again later.',
  dailyTokensUser: (limit: number) => `You have reached the limit of ${limit} deep research tokens in 24 hours. Please try again later.`,
  dailyTokensGlobal: 'The platform has reached its limit of deep research tokens for the last 24 hours. Please try again later.',
} as const;
