import {
  AuthPaths,
  type AuthConfigResponse, type AuthUser, type EmailRequest, type LoginRequest, type LoginResponse, type MessageResponse, type RegisterRequest, type RegisterResponse,
  type ResetPasswordRequest, type SessionResponse,
} from '@cqa/contracts';
import { apiRelative as rel, baseApi } from '../api/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A session, or a two-factor challenge when a second factor is needed (see the shell's two-factor feature). */
    login: build.mutation<LoginResponse, LoginRequest>({ query: (body) => ({ url: rel(AuthPaths.login), method: 'POST', body }) }),
    register: build.mutation<RegisterResponse, RegisterRequest>({ query: (body) => ({ url: rel(AuthPaths.register), method: 'POST', body }) }),
    refresh: build.mutation<SessionResponse, void>({ query: () => ({ url: rel(AuthPaths.refresh), method: 'POST' }) }),
    logout: build.mutation<void, void>({ query: () => ({ url: rel(AuthPaths.logout), method: 'POST' }) }),
    me: build.query<AuthUser, void>({ query: () => rel(AuthPaths.me) }),
    /** Which sign-in methods the login pages offer (public). */
    authConfig: build.query<AuthConfigResponse, void>({ query: () => rel(AuthPaths.config) }),
    verifyEmail: build.mutation<MessageResponse, string>({ query: (code) => rel(AuthPaths.verifyEmail(code)) }),
    resendVerification: build.mutation<MessageResponse, EmailRequest>({
      query: (body) => ({ url: rel(AuthPaths.resendVerification), method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, EmailRequest>({ query: (body) => ({ url: rel(AuthPaths.forgotPassword), method: 'POST', body }) }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: rel(AuthPaths.resetPassword), method: 'POST', body }),
    }),
    /** Sets the admin's short-lived Bull Board cookie; the browser can then open /admin/queues. */
    openQueuesSession: build.mutation<void, void>({ query: () => ({ url: rel(AuthPaths.queuesSession), method: 'POST' }) }),
  }),
});

export const {
  useLoginMutation, useRegisterMutation, useRefreshMutation, useLogoutMutation, useMeQuery, useVerifyEmailMutation,
  useResendVerificationMutation, useForgotPasswordMutation, useResetPasswordMutation, useOpenQueuesSessionMutation, useAuthConfigQuery,
} = authApi;
