import {
  QuestionPaths,
  questionListSearch,
  type AnswerView,
  type CreateAnswerRequest,
  type CreateQuestionRequest,
  type CreateQuestionResponse,
  type DashboardStats,
  type QuestionDetail,
  type QuestionListQuery,
  type QuestionListResponse,
  type RateAnswerRequest,
  SIMILAR_MIN_LENGTH,
  type SimilarQuestionsResponse,
  type UpdateAnswerRequest,
  type UpdateQuestionRequest,
} from '@cqa/contracts';
import { apiRelative as rel, baseApi, errorMessage, errorStatus } from './base-api';

type Id = number | string;

/** The list's URL: the query string in a fixed order, empty values left out. */
export function questionListUrl(query: QuestionListQuery): string {
  return `${rel(QuestionPaths.list)}?${questionListSearch(query).toString()}`;
}

export function statsUrl(cancerType?: string): string {
  return cancerType ? `${rel(QuestionPaths.stats)}?cancer_type=${encodeURIComponent(cancerType)}` : rel(QuestionPaths.stats);
}

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['Question', 'QuestionList', 'QuestionStats'] });

/**
 * Questions, answers, ratings and dashboard counts. A saved change to a question or its answers refreshes its detail,
 * every loaded list (answers_count, has_expert_answer and search results depend on answers) and the counts; a refused
 * change refreshes nothing.
 */
export const questionsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    questions: build.query<QuestionListResponse, QuestionListQuery>({
      query: questionListUrl,
      providesTags: ['QuestionList'],
    }),
    question: build.query<QuestionDetail, Id>({
      query: (id) => rel(QuestionPaths.one(id)),
      providesTags: (_result, _error, id) => [{ type: 'Question', id: String(id) }],
    }),
    // A POST that reads: the text typed may hold health details, which never go in a URL.
    similarQuestions: build.query<SimilarQuestionsResponse, string>({
      query: (q) => ({ url: rel(QuestionPaths.similar), method: 'POST', body: { q } }),
      keepUnusedDataFor: 30,
    }),
    dashboardStats: build.query<DashboardStats, string | undefined>({
      query: statsUrl,
      providesTags: ['QuestionStats'],
    }),
    createQuestion: build.mutation<CreateQuestionResponse, CreateQuestionRequest>({
      query: (body) => ({ url: rel(QuestionPaths.list), method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['QuestionList', 'QuestionStats']),
    }),
    updateQuestion: build.mutation<unknown, { id: Id } & UpdateQuestionRequest>({
      query: ({ id, ...body }) => ({ url: rel(QuestionPaths.one(id)), method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Question', id: String(id) }, 'QuestionList', 'QuestionStats']),
    }),
    deleteQuestion: build.mutation<unknown, Id>({
      query: (id) => ({ url: rel(QuestionPaths.one(id)), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['QuestionList', 'QuestionStats']),
    }),
    createAnswer: build.mutation<AnswerView, { questionId: Id } & CreateAnswerRequest>({
      query: ({ questionId, ...body }) => ({ url: rel(QuestionPaths.answers(questionId)), method: 'POST', body }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [{ type: 'Question', id: String(questionId) }, 'QuestionList', 'QuestionStats']),
    }),
    updateAnswer: build.mutation<AnswerView, { questionId: Id; answerId: Id } & UpdateAnswerRequest>({
      query: ({ answerId, questionId: _questionId, ...body }) => ({ url: rel(QuestionPaths.answer(answerId)), method: 'PATCH', body }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [{ type: 'Question', id: String(questionId) }, 'QuestionList']),
    }),
    deleteAnswer: build.mutation<unknown, { questionId: Id; answerId: Id }>({
      query: ({ answerId }) => ({ url: rel(QuestionPaths.answer(answerId)), method: 'DELETE' }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [{ type: 'Question', id: String(questionId) }, 'QuestionList', 'QuestionStats']),
    }),
    rateAnswer: build.mutation<unknown, { questionId: Id; answerId: Id } & RateAnswerRequest>({
      query: ({ answerId, questionId: _questionId, ...body }) => ({ url: rel(QuestionPaths.rating(answerId)), method: 'PUT', body }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [{ type: 'Question', id: String(questionId) }]),
    }),
  }),
});

export const {
  useQuestionsQuery,
  useQuestionQuery,
  useDashboardStatsQuery,
  useSimilarQuestionsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useCreateAnswerMutation,
  useUpdateAnswerMutation,
  useDeleteAnswerMutation,
  useRateAnswerMutation,
} = questionsApi;

/** Answered questions like a text being typed (the ask dialog, the dashboards' search box); nothing below SIMILAR_MIN_LENGTH. */
export function useSimilarQuestions(text: string) {
  const result = useSimilarQuestionsQuery(text, { skip: text.trim().length < SIMILAR_MIN_LENGTH });
  return { items: result.isError ? undefined : result.data?.items, isFetching: result.isFetching, isError: result.isError };
}

/**
 * What the user reads when a change fails: the server's own words for a refusal it explains (4xx, e.g. 'Expert ID is
 * required'), the spec's fallback text for everything else (server errors, no connection).
 */
export function failureText(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 ? errorMessage(error, fallback) : fallback;
}
