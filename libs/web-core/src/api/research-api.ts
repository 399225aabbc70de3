import { useEffect, useRef } from 'react';
import type { ResearchLatest, ResearchPlan, ResearchRunView } from '@cqa/contracts';
import { useAppDispatch } from '../store/store';
import { useToast } from '../toast/use-toast';
import { baseApi, errorMessage } from './base-api';

type Id = number | string;
const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['Research', 'Question', 'QuestionList'] });

/** Deep research of one question: the latest run (polled while it is active) and its controls. */
export const researchApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    research: build.query<ResearchLatest, Id>({
      query: (questionId) => `/questions/${questionId}/research`,
      providesTags: (_r, _e, id) => [{ type: 'Research', id: String(id) }],
    }),
    startResearch: build.mutation<ResearchRunView, Id>({
      query: (questionId) => ({ url: `/questions/${questionId}/research`, method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Research', id: String(id) }]),
    }),
    updateResearchPlan: build.mutation<ResearchRunView, { questionId: Id; runId: number; plan: ResearchPlan }>({
      query: ({ questionId, runId, plan }) => ({ url: `/questions/${questionId}/research/${runId}/plan`, method: 'PUT', body: plan }),
      invalidatesTags: (_r, e, { questionId }) => (e ? [] : [{ type: 'Research', id: String(questionId) }]),
    }),
    researchAction: build.mutation<ResearchRunView, { questionId: Id; runId: number; action: 'approve' | 'cancel' | 'retry' }>({
      query: ({ questionId, runId, action }) => ({ url: `/questions/${questionId}/research/${runId}/${action}`, method: 'POST' }),
      invalidatesTags: (_r, e, { questionId }) => (e ? [] : [{ type: 'Research', id: String(questionId) }]),
    }),
  }),
});

const ACTIVE = ['planning', 'queued', 'running'];

/**
 * The latest run, polled every 2 s while it plans or runs; when it completes the question is refetched so the
 * published answer appears in the tab. Actions report a refusal as a toast and return whether they worked.
 */
export function useDeepResearch(questionId: Id) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const first = researchApi.useResearchQuery(questionId);
  const active = Boolean(first.data?.run && ACTIVE.includes(first.data.run.status));
  const { data, isLoading } = researchApi.useResearchQuery(questionId, { pollingInterval: active ? 2000 : 0 });
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
    busy: starting.isLoading || saving.isLoading || acting.isLoading,
    start: () => run(() => start(questionId).unwrap(), 'Could not start deep research.'),
    savePlan: (plan: ResearchPlan) => run(() => savePlan({ questionId, runId, plan }).unwrap(), 'Could not save the plan.'),
    approve: () => run(() => act({ questionId, runId, action: 'approve' }).unwrap(), 'Could not approve the plan.'),
    cancel: () => run(() => act({ questionId, runId, action: 'cancel' }).unwrap(), 'Could not cancel.'),
    retry: () => run(() => act({ questionId, runId, action: 'retry' }).unwrap(), 'Could not retry.'),
  };
}
export type DeepResearchControls = ReturnType<typeof useDeepResearch>;
