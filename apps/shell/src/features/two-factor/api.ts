import type {
  MessageResponse, TwoFactorAccountConfirmRequest, TwoFactorChallengeRequest, TwoFactorDisableRequest, TwoFactorEnabledResponse,
  TwoFactorEnrolConfirmRequest, TwoFactorEnrolledSessionResponse, TwoFactorSetupRequest, TwoFactorSetupResponse, TwoFactorStatusResponse, TwoFactorVerifyRequest,
  SessionResponse,
} from '@cqa/contracts';
import { TwoFactorPaths } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['TwoFactor'] });

export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyTwoFactor: build.mutation<SessionResponse, TwoFactorVerifyRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.verify), method: 'POST', body }),
    }),
    enrolSetup: build.mutation<TwoFactorSetupResponse, TwoFactorChallengeRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.enrolSetup), method: 'POST', body }),
    }),
    enrolConfirm: build.mutation<TwoFactorEnrolledSessionResponse, TwoFactorEnrolConfirmRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.enrolConfirm), method: 'POST', body }),
    }),
    twoFactorStatus: build.query<TwoFactorStatusResponse, void>({ query: () => apiRelative(TwoFactorPaths.status), providesTags: ['TwoFactor'] }),
    setupTwoFactor: build.mutation<TwoFactorSetupResponse, TwoFactorSetupRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.setup), method: 'POST', body }),
    }),
    confirmTwoFactor: build.mutation<TwoFactorEnabledResponse, TwoFactorAccountConfirmRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.confirm), method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<MessageResponse, TwoFactorDisableRequest>({
      query: (body) => ({ url: apiRelative(TwoFactorPaths.disable), method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useVerifyTwoFactorMutation, useEnrolSetupMutation, useEnrolConfirmMutation, useTwoFactorStatusQuery, useSetupTwoFactorMutation,
  useConfirmTwoFactorMutation, useDisableTwoFactorMutation,
} = twoFactorApi;
