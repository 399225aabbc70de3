import { useEffect, useRef } from 'react';
import {
  AiPaths,
  Messages,
  type AiRunView,
  type AiSettings,
  type GenerateAiAnswerRequest,
} from '@cqa/contracts';
import { useParams } from 'react-router-dom';
import { apiRelative as rel, baseApi, errorMessage } from './base-api';
import { selectCurrentUser } from '../auth/auth.slice';
import { useToast } from '../toast/use-toast';
import { useAppDispatch, useAppSelector } from '../store/store';

type Id = number | string;

export interface AiRunResponse {
  run: AiRunView | null;
  configured: boolean;
}

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

export const isRunActive = (run: AiRunView | null | undefined) => run?.status === 'queued' || run?.status === 'running';

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
    if ((was === 'queued' || was === 'running') && !active) {
      dispatch(tagged.util.invalidateTags([{ type: 'Question', id: String(questionId) }, 'QuestionList']));
    }
  }, [run?.status, active, dispatch, questionId]);
  return { run, configured: result.data?.configured ?? false, active, loaded: result.data !== undefined };
}

/**
 * What a question page's AI tab needs (call it before any early return): the latest run, polled while it runs,
 * whether AI is configured, and for admins Generate / Regenerate / Retry with a toast when refused.
 */
export function useQuestionAi() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { run, configured, active } = useAiRun(id, { skip: !valid });
  const [generate, { isLoading }] = useGenerateAiAnswerMutation();
  const toast = useToast();
  const isAdmin = user?.role === 'admin';
  const onGenerate = async (regenerate: boolean) => {
    try {
      await generate({ questionId: id, regenerate }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, Messages.errors.aiAnswerFailed));
    }
  };
  return { run, configured, active, isAdmin, onGenerate: isAdmin ? onGenerate : undefined, generating: isLoading };
}
