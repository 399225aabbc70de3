import type { AccountSessionsResponse, ChangeEmailRequest, ChangePasswordRequest, ConfirmEmailChangeRequest, MessageResponse } from '@cqa/contracts';
import { AccountPaths } from '@cqa/contracts';
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
    changeEmail: build.mutation<MessageResponse, ChangeEmailRequest>({
      query: (body) => ({ url: apiRelative(AccountPaths.email), method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<MessageResponse, ConfirmEmailChangeRequest>({
      query: (body) => ({ url: apiRelative(AccountPaths.emailConfirm), method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation, useAccountSessionsQuery, useEndSessionMutation, useChangeEmailMutation, useConfirmEmailChangeMutation } = accountApi;
