import { useEffect, useRef } from 'react';
import {
  RESEARCH_REQUEST_OPEN_STATES, ResearchPaths, ResearchRequestPaths, ResearchRequestTexts, type ResearchLatest, type ResearchPlan, type ResearchQueueResponse, type ResearchRequestView, type ResearchRunView, RESEARCH_WORKING_STATUSES,
} from '@cqa/contracts';
import { useAppDispatch } from '../store/store';
import { useToast } from '../toast/use-toast';
import { apiRelative as rel, baseApi, errorMessage } from './base-api';

type Id = number | string;
const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['Research', 'Question', 'QuestionList', 'ResearchQueue'] });
/** A request changes the tab and the question's at-a-glance strip. */
const requestTags = (id: Id) => [{ type: 'Research' as const, id: String(id) }, { type: 'Question' as const, id: String(id) }];

/** Deep research of one question: the latest run (polled while it is active) and its controls. */
export const researchApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    research: build.query<ResearchLatest, Id>({
      query: (questionId) => rel(ResearchPaths.latest(questionId)),
      providesTags: (_r, _e, id) => [{ type: 'Research', id: String(id) }],
    }),
    startResearch: build.mutation<ResearchRunView, Id>({
      query: (questionId) => ({ url: rel(ResearchPaths.latest(questionId)), method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Research', id: String(id) }]),
    }),
    updateResearchPlan: build.mutation<ResearchRunView, { questionId: Id; runId: number; plan: ResearchPlan }>({
      query: ({ questionId, runId, plan }) => ({ url: rel(ResearchPaths.plan(questionId, runId)), method: 'PUT', body: plan }),
      invalidatesTags: (_r, e, { questionId }) => (e ? [] : [{ type: 'Research', id: String(questionId) }]),
    }),
    researchAction: build.mutation<ResearchRunView, { questionId: Id; runId: number; action: 'approve' | 'cancel' | 'retry' }>({
      query: ({ questionId, runId, action }) => ({ url: rel(ResearchPaths.action(questionId, runId, action)), method: 'POST' }),
      invalidatesTags: (_r, e, { questionId }) => (e ? [] : [{ type: 'Research', id: String(questionId) }]),
    }),
    /** The patient asks for deep research on their question (issue 38), or cancels before review. */
    requestResearch: build.mutation<ResearchRequestView, Id>({
      query: (questionId) => ({ url: rel(ResearchRequestPaths.request(questionId)), method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : requestTags(id)),
    }),
    cancelResearchRequest: build.mutation<ResearchRequestView, Id>({
      query: (questionId) => ({ url: rel(ResearchRequestPaths.request(questionId)), method: 'DELETE' }),
      invalidatesTags: (_r, e, id) => (e ? [] : requestTags(id)),
    }),
    /** Staff: the "Research requests" queue, oldest first. */
    researchQueue: build.query<ResearchQueueResponse, number>({
      query: (page) => `${rel(ResearchRequestPaths.queue)}?page=${page}`,
      providesTags: ['ResearchQueue'],
    }),
    takeResearchRequest: build.mutation<ResearchRunView, { id: number; questionId: number }>({
      query: ({ id }) => ({ url: rel(ResearchRequestPaths.take(id)), method: 'POST' }),
      // A refusal (another reviewer was first) also changed the queue: refetch it either way.
      invalidatesTags: (_r, _e, { questionId }) => ['ResearchQueue', ...requestTags(questionId)],
    }),
    declineResearchRequest: build.mutation<ResearchRequestView, { id: number; questionId: number; reason: string }>({
      query: ({ id, reason }) => ({ url: rel(ResearchRequestPaths.decline(id)), method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { questionId }) => ['ResearchQueue', ...requestTags(questionId)],
    }),
  }),
});

/**
 * The latest run, polled every 2 s while it plans or runs; when it completes the question is refetched so the
 * published answer appears in the tab. Actions report a refusal as a toast and return whether they worked.
 */
export function useDeepResearch(questionId: Id) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const first = researchApi.useResearchQuery(questionId);
  const active = Boolean(first.data?.run && RESEARCH_WORKING_STATUSES.includes(first.data.run.status));
  // The patient's own request moves while staff review and run it: followed every 5 s while it is open.
  const requestOpen = Boolean(first.data?.request && RESEARCH_REQUEST_OPEN_STATES.includes(first.data.request.state));
  const { data, isLoading } = researchApi.useResearchQuery(questionId, { pollingInterval: active ? 2000 : requestOpen ? 5000 : 0 });
  const [ask, asking] = researchApi.useRequestResearchMutation();
  const [withdraw, withdrawing] = researchApi.useCancelResearchRequestMutation();
  const [start, starting] = researchApi.useStartResearchMutation();
  const [savePlan, saving] = researchApi.useUpdateResearchPlanMutation();
  const [act, acting] = researchApi.useResearchActionMutation();
  const status = data?.run?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current && previous.current !== status && status === 'completed') {
      // The answer row is new: refresh the question's tabs.
      dispatch(tagged.util.invalidateTags([{ type: 'Question', id: String(questionId) }, 'QuestionList']));
    }
    previous.current = status;
  }, [status, questionId, dispatch]);
  const requestState = data?.request?.state;
  const previousRequest = useRef(requestState);
  useEffect(() => {
    // The request moved on (or its report was published): the question's strip and tabs follow.
    if (previousRequest.current && requestState && previousRequest.current !== requestState) {
      dispatch(tagged.util.invalidateTags([{ type: 'Question', id: String(questionId) }, 'QuestionList']));
    }
    previousRequest.current = requestState;
  }, [requestState, questionId, dispatch]);
  const run = async <T,>(work: () => Promise<T>, fallback: string) => {
    try {
      await work();
      return true;
    } catch (error) {
      toast.error(errorMessage(error, fallback));
      return false;
    }
  };
  const runId = data?.run?.id ?? 0;
  return {
    data,
    isLoading,
    busy: starting.isLoading || saving.isLoading || acting.isLoading || asking.isLoading || withdrawing.isLoading,
    start: () => run(() => start(questionId).unwrap(), 'Could not start deep research.'),
    savePlan: (plan: ResearchPlan) => run(() => savePlan({ questionId, runId, plan }).unwrap(), 'Could not save the plan.'),
    approve: () => run(() => act({ questionId, runId, action: 'approve' }).unwrap(), 'Could not approve the plan.'),
    cancel: () => run(() => act({ questionId, runId, action: 'cancel' }).unwrap(), 'Could not cancel.'),
    retry: () => run(() => act({ questionId, runId, action: 'retry' }).unwrap(), 'Could not retry.'),
    request: async () => {
      const done = await run(() => ask(questionId).unwrap(), ResearchRequestTexts.requestFailed);
      if (done) toast.success(ResearchRequestTexts.requested);
      return done;
    },
    cancelRequest: async () => {
      const done = await run(() => withdraw(questionId).unwrap(), ResearchRequestTexts.cancelFailed);
      if (done) toast.success(ResearchRequestTexts.cancelled);
      return done;
    },
  };
}
export type DeepResearchControls = ReturnType<typeof useDeepResearch>;
