import { AuditPaths, type ProfileAccessLogListResponse, type ProfileAccessLogQuery } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

export const accessLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    profileAccessLogs: build.query<ProfileAccessLogListResponse, ProfileAccessLogQuery>({
      query: (params) => ({ url: apiRelative(AuditPaths.profileAccessLogs), params }),
    }),
  }),
});

export const { useProfileAccessLogsQuery } = accessLogApi;
