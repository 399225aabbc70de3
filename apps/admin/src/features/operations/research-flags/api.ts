import { ResearchPaths, type ResearchRetractionFlag } from '@cqa/contracts';
import { apiRelative as rel, baseApi } from '@cqa/web-core';

/** Admin only: every retracted paper cited by a published deep research report. */
export const researchFlagsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    researchFlags: build.query<ResearchRetractionFlag[], void>({
      query: () => rel(ResearchPaths.flags),
    }),
  }),
});

export const { useResearchFlagsQuery } = researchFlagsApi;
