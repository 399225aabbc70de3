import { RESEARCH_DECLINE_REASON_MAX, RESEARCH_DECLINE_REASON_MIN, type ResearchRequestState } from '../research-requests';

const GLANCE_WORDS = {
  requested: 'Requested',
  plan_review: 'Plan under review',
  searching: 'Searching',
  screening: 'Screening',
  writing: 'Writing',
  published: 'Published',
  declined: 'Declined',
  not_completed: 'Could not be completed',
  cancelled: 'Not yet',
} as const satisfies Record<ResearchRequestState, string>;

export const ResearchRequestTexts = {
  askButton: 'Ask for deep research',
  cancelButton: 'Cancel my request',
  /** What deep research is, before the patient asks. */
  explanation:
    'Deep research is a planned review of the medical literature on your question: published studies and open trials are searched, screened and summarised, and every statement is checked against its sources.',
  reviewNote: 'An expert reviews the research plan before any search starts, and may decline a request that deep research cannot help with.',
  duration: 'It usually takes one to two days from your request to the published report.',
  stateHeading: 'Your deep research request',
  states: {
    requested: 'Requested: waiting for an expert to review it.',
    plan_review: 'Plan under review: an expert is checking the research plan.',
    searching: 'Searching the medical databases.',
    screening: 'Screening the studies found.',
    writing: 'Writing the report.',
    published: 'Published: the report is below.',
    declined: 'Declined by the reviewer.',
    not_completed: 'The deep research could not be completed.',
    cancelled: 'You cancelled your request.',
  } satisfies Record<ResearchRequestState, string>,
  /** The at-a-glance strip's short words. */
  glance: GLANCE_WORDS,
  declineReasonLabel: "Reviewer's reason",
  requested: 'Your request for deep research was sent. An expert will review it.',
  cancelled: 'Your request for deep research was cancelled.',
  duplicate: 'Deep research was already requested for this question.',
  notYourQuestion: 'Only the patient who asked this question can ask for deep research on it.',
  notCancellable: 'The request can only be cancelled before an expert reviews it.',
  rateLimited: (limit: number) => `You can ask for deep research at most ${limit} times an hour. Please try again later.`,
  notFound: 'Research request not found.',
  alreadyTaken: 'Another reviewer has already taken or declined this request.',
  notDeclinable: 'This request can no longer be declined: its search has started.',
  declineReasonInvalid: `Please give a reason of ${RESEARCH_DECLINE_REASON_MIN} to ${RESEARCH_DECLINE_REASON_MAX} characters.`,
  requestFailed: 'Could not send your request for deep research.',
  cancelFailed: 'Could not cancel your request.',
  // Staff queue
  queueTitle: 'Research requests',
  queueEmpty: 'No research requests are waiting.',
  queueLoadFailed: 'Could not load the research requests.',
  take: 'Start the run',
  taken: 'The run started: review its plan on the question page.',
  decline: 'Decline',
  declineTitle: 'Decline this request',
  declineConfirm: 'Decline request',
  declined: 'The request was declined; the patient sees your reason.',
  openQuestion: 'Open the question',
  columns: { question: 'Question', cancerType: 'Cancer type', age: 'Waiting for', state: 'State', actions: 'Actions' },
  age: (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60000));
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return `${hours} h`;
    return `${Math.floor(hours / 24)} days`;
  },
  /** Staff read the strip's words, except where they act on a state the patient reads differently. */
  staffStates: {
    ...GLANCE_WORDS,
    requested: 'Waiting for review',
    not_completed: 'Failed',
    cancelled: 'Cancelled',
  } satisfies Record<ResearchRequestState, string>,
  /** The answer e-mail's sentence when the request was declined (the reason stays on the platform). */
  declinedMailSentence: 'Your request for deep research was declined. The reviewer’s reason is on the question’s page.',
  /** The expert digest's line. */
  digestLine: (count: number) => `${count} deep research ${count === 1 ? 'request is' : 'requests are'} waiting for review:`,
} as const;
