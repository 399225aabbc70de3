import { AiPaths, type AiRunListResponse, type AiRunQueryView, type ClaimCheckView } from '@cqa/contracts';
import { apiRelative as rel, baseApi } from '@cqa/web-core';

type Id = number | string;

// 'AiRuns' is the tag the shared Generate mutation invalidates, so a new run shows in the list.
const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['AiRuns', 'AiRunClaims'] });

/** Admin only: the AI run list, and each run's claims as the verifier decided them and the searches it sent. */
export const aiRunsAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    aiRuns: build.query<AiRunListResponse, number>({
      query: (page) => `${rel(AiPaths.adminRuns)}?page=${page}`,
      providesTags: ['AiRuns'],
    }),
    aiRunClaims: build.query<ClaimCheckView[], Id>({
      query: (runId) => rel(AiPaths.adminRunClaims(runId)),
      providesTags: (_result, _error, runId) => [{ type: 'AiRunClaims', id: String(runId) }],
    }),
    aiRunQueries: build.query<AiRunQueryView[], Id>({
      query: (runId) => rel(AiPaths.adminRunQueries(runId)),
      providesTags: (_result, _error, runId) => [{ type: 'AiRunClaims', id: `queries-${runId}` }],
    }),
  }),
});

export const { useAiRunsQuery, useAiRunClaimsQuery, useAiRunQueriesQuery } = aiRunsAdminApi;
