/**
 * Deep research a patient asks for (issue 38): one request per question, reviewed by an expert or admin from the
 * "Research requests" queue, then run by the ordinary deep research runner (plan review, budgets). The patient follows
 * the request's state; the words for each state are in ResearchRequestTexts.
 */
import type { ResearchStage, ResearchStatus } from './research';

/** What the patient sees of their request. `not_completed`: the run failed (or was stopped) after the request was taken. */
export const RESEARCH_REQUEST_STATES = [
  'requested', 'plan_review', 'searching', 'screening', 'writing', 'published', 'declined', 'not_completed', 'cancelled',
] as const;
export type ResearchRequestState = (typeof RESEARCH_REQUEST_STATES)[number];

/** The request's own record: requested until a reviewer takes (a run starts) or declines it; the patient may cancel before. */
export const RESEARCH_REQUEST_STATUSES = ['requested', 'taken', 'declined', 'cancelled'] as const;
export type ResearchRequestStatus = (typeof RESEARCH_REQUEST_STATUSES)[number];

/** States in which the request is still moving (the page polls while in one). */
export const RESEARCH_REQUEST_OPEN_STATES: readonly ResearchRequestState[] = ['requested', 'plan_review', 'searching', 'screening', 'writing'];

/** Requests one patient may make in an hour (asking, cancelling and asking again included). */
export const RESEARCH_REQUESTS_PER_HOUR = 5;
export const RESEARCH_DECLINE_REASON_MIN = 10;
export const RESEARCH_DECLINE_REASON_MAX = 1000;
export const RESEARCH_QUEUE_PAGE_SIZE = 20;

/**
 * The patient's state from the request and its run: one rule for the API, the tab and the at-a-glance strip.
 * A taken request without its run (the run row was removed) counts as not completed.
 */
export function researchRequestState(
  status: ResearchRequestStatus,
  run: { status: ResearchStatus; stage: ResearchStage; published: boolean } | null,
): ResearchRequestState {
  if (status !== 'taken') return status;
  if (!run) return 'not_completed';
  if (run.status === 'completed') return run.published ? 'published' : 'not_completed';
  if (run.status === 'failed' || run.status === 'cancelled') return 'not_completed';
  if (run.status === 'planning' || run.status === 'awaiting_approval') return 'plan_review';
  if (run.stage === 'screen' || run.stage === 'extract') return 'screening';
  if (run.stage === 'report' || run.stage === 'verify' || run.stage === 'publish' || run.stage === 'done') return 'writing';
  return 'searching';
}

/** The request as its owner (and staff) see it; `declineReason` only to the owner and staff. */
export interface ResearchRequestView {
  id: number;
  questionId: number;
  state: ResearchRequestState;
  declineReason: string | null;
  createdAt: string;
}

/** One row of the staff queue. */
export interface ResearchQueueItem {
  id: number;
  questionId: number;
  questionText: string;
  cancerType: string;
  createdAt: string;
  status: ResearchRequestStatus;
  state: ResearchRequestState;
  runId: number | null;
  /** The run's failure, for staff (retry on the question's page). */
  error: string | null;
  /** Whether the caller took it. */
  mine: boolean;
}

export interface ResearchQueueResponse {
  items: ResearchQueueItem[];
  total: number;
  page: number;
  per_page: number;
}

export interface DeclineResearchRequest {
  reason: string;
}

/**
 * request: POST (the owner asks: 201 ResearchRequestView), DELETE (the owner cancels before review: ResearchRequestView);
 * queue: GET ?page= (staff: open requests, oldest first); take: POST (staff: starts the run; 409 when another reviewer
 * took or declined it first); decline: POST DeclineResearchRequest (staff).
 */
export const ResearchRequestPaths = {
  request: (questionId: number | string) => `/api/questions/${questionId}/research-request`,
  queue: '/api/research-requests',
  take: (id: number | string) => `/api/research-requests/${id}/take`,
  decline: (id: number | string) => `/api/research-requests/${id}/decline`,
} as const;
