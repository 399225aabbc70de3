import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type {
  AccountDeletionRequest, AccountDeletionResponse, AccountExportResponse, AccountExportStartResponse, AccountSessionsResponse, ChangeEmailRequest,
  ChangePasswordRequest, ConfirmEmailChangeRequest, MessageResponse,
} from '@cqa/contracts';
import { AccountDeletionPaths, AccountExportTexts, AccountPaths } from '@cqa/contracts';
import { apiRelative, baseApi, baseQueryWithReauth, errorMessage } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AccountSessions', 'AccountExport'] });

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
    accountExport: build.query<AccountExportResponse, void>({ query: () => apiRelative(AccountPaths.export), providesTags: ['AccountExport'] }),
    startAccountExport: build.mutation<AccountExportStartResponse, void>({
      query: () => ({ url: apiRelative(AccountPaths.export), method: 'POST' }),
      // A refusal (the daily limit) changes nothing: the card keeps what it shows and adds the message.
      invalidatesTags: (result) => (result ? ['AccountExport'] : []),
    }),
    deleteAccount: build.mutation<AccountDeletionResponse, AccountDeletionRequest>({
      query: (body) => ({ url: apiRelative(AccountDeletionPaths.own), method: 'POST', body }),
    }),
  }),
});

export const {
  useChangePasswordMutation, useAccountSessionsQuery, useEndSessionMutation, useChangeEmailMutation, useConfirmEmailChangeMutation,
  useAccountExportQuery, useStartAccountExportMutation, useDeleteAccountMutation,
} = accountApi;

/** The archive is large and personal: this long for the download before the web gives up. */
const ARCHIVE_TIMEOUT_MS = 10 * 60 * 1000;

export type ArchiveFileResult = { ok: true; blob: Blob } | { ok: false; message: string };

/**
 * The archive's bytes, fetched with the in-memory access token (renewed once on 401 like every call), saved through a
 * blob: URL: no credential or signed link ever appears in a URL. Kept out of the RTK Query cache.
 */
export function fetchArchiveFile(id: string) {
  return async (dispatch: BaseQueryApi['dispatch'], getState: () => unknown): Promise<ArchiveFileResult> => {
    const controller = new AbortController();
    const result = await baseQueryWithReauth(
      { url: apiRelative(AccountPaths.exportFile(id)), responseHandler: async (response) => (response.ok ? response.blob() : (JSON.parse((await response.text()) || 'null') as unknown)), timeout: ARCHIVE_TIMEOUT_MS },
      { dispatch, getState, signal: controller.signal, abort: () => undefined, extra: undefined, endpoint: 'accountExportFile', type: 'query' },
      {},
    );
    if (result.error) return { ok: false, message: errorMessage(result.error, AccountExportTexts.downloadFailed) };
    return { ok: true, blob: result.data as Blob };
  };
}
