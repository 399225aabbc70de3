import { useEffect, useRef } from 'react';
import {
  AiPaths, type AiRunResponse, type AiRunView, type AiSettings, type GenerateAiAnswerRequest, isAiRunActive,
} from '@cqa/contracts';
import { apiRelative as rel, baseApi } from './base-api';
import { useAppDispatch } from '../store/store';

type Id = number | string;

export type { AiRunResponse };

/** How often the question page asks for the run's progress while it is queued or running. */
export const AI_RUN_POLL_MS = 2000;

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['AiRun', 'AiRuns', 'Question', 'QuestionList'] });

/**
 * AI answers: settings, a question's latest run (polled), Generate/Regenerate/Retry (admins). The admin run list and
 * each run's checked claims belong to the admin remote (its operations feature).
 */
export const aiApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    aiSettings: build.query<AiSettings, void>({
      query: () => rel(AiPaths.settings),
    }),
    aiRun: build.query<AiRunResponse, Id>({
      query: (questionId) => rel(AiPaths.latestRun(questionId)),
      providesTags: (_result, _error, questionId) => [{ type: 'AiRun', id: String(questionId) }],
    }),
    generateAiAnswer: build.mutation<AiRunView, { questionId: Id } & GenerateAiAnswerRequest>({
      query: ({ questionId, ...body }) => ({ url: rel(AiPaths.generate(questionId)), method: 'POST', body }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [{ type: 'AiRun', id: String(questionId) }, 'AiRuns']),
    }),
  }),
});

export const { useAiSettingsQuery, useAiRunQuery, useGenerateAiAnswerMutation } = aiApi;

export const isRunActive = (run: AiRunView | null | undefined) => isAiRunActive(run?.status);

/**
 * The question's latest AI run, polled every two seconds while it is queued or running and not after. When a run
 * finishes, the question is fetched again so its new answer (and counts) show.
 */
export function useAiRun(questionId: Id, options: { skip?: boolean } = {}) {
  // The cached run decides whether to poll; the subscription below keeps it fresh.
  const cached = aiApi.endpoints.aiRun.useQueryState(questionId, { skip: options.skip });
  const result = useAiRunQuery(questionId, { skip: options.skip, pollingInterval: isRunActive(cached.data?.run) ? AI_RUN_POLL_MS : 0 });
  const run = result.data?.run ?? null;
  const active = isRunActive(run);
  const dispatch = useAppDispatch();
  const previous = useRef(run?.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = run?.status;
    if (isAiRunActive(was) && !active) {
      dispatch(tagged.util.invalidateTags([{ type: 'Question', id: String(questionId) }, 'QuestionList']));
    }
  }, [run?.status, active, dispatch, questionId]);
  return { run, configured: result.data?.configured ?? false, active, loaded: result.data !== undefined };
}
