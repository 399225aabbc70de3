import type { AccountDeletionRequest, AccountDeletionResponse, AccountSessionsResponse, ChangePasswordRequest, MessageResponse } from '@cqa/contracts';
import { AccountDeletionPaths, AccountPaths } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AccountSessions'] });

/** The account page's calls (issue 44). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<MessageResponse, ChangePasswordRequest>({
      query: (body) => ({ url: apiRelative(AccountPaths.password), method: 'POST', body }),
      invalidatesTags: ['AccountSessions'],
    }),
    accountSessions: build.query<AccountSessionsResponse, void>({ query: () => apiRelative(AccountPaths.sessions), providesTags: ['AccountSessions'] }),
    endSession: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: apiRelative(AccountPaths.session(id)), method: 'DELETE' }),
      invalidatesTags: ['AccountSessions'],
    }),
    deleteAccount: build.mutation<AccountDeletionResponse, AccountDeletionRequest>({
      query: (body) => ({ url: apiRelative(AccountDeletionPaths.own), method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation, useAccountSessionsQuery, useEndSessionMutation, useDeleteAccountMutation } = accountApi;
