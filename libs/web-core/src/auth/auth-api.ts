import type {
  AuthConfigResponse, AuthUser, EmailRequest, LoginRequest, LoginResponse, MessageResponse, RegisterRequest, RegisterResponse, ResetPasswordRequest, SessionResponse,
} from '@cqa/contracts';
import { baseApi } from '../api/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A session, or a two-factor challenge when a second factor is needed (see the shell's two-factor feature). */
    login: build.mutation<LoginResponse, LoginRequest>({ query: (body) => ({ url: '/auth/login', method: 'POST', body }) }),
    register: build.mutation<RegisterResponse, RegisterRequest>({ query: (body) => ({ url: '/auth/register', method: 'POST', body }) }),
    refresh: build.mutation<SessionResponse, void>({ query: () => ({ url: '/auth/refresh', method: 'POST' }) }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    me: build.query<AuthUser, void>({ query: () => '/auth/me' }),
    /** Which sign-in methods the login pages offer (public). */
    authConfig: build.query<AuthConfigResponse, void>({ query: () => '/auth/config' }),
    verifyEmail: build.mutation<MessageResponse, string>({ query: (code) => `/auth/verify-email/${encodeURIComponent(code)}` }),
    resendVerification: build.mutation<MessageResponse, EmailRequest>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, EmailRequest>({ query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }) }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    /** Sets the admin's short-lived Bull Board cookie; the browser can then open /admin/queues. */
    openQueuesSession: build.mutation<void, void>({ query: () => ({ url: '/admin/queues-session', method: 'POST' }) }),
  }),
});

export const {
  useLoginMutation, useRegisterMutation, useRefreshMutation, useLogoutMutation, useMeQuery, useVerifyEmailMutation,
  useResendVerificationMutation, useForgotPasswordMutation, useResetPasswordMutation, useOpenQueuesSessionMutation, useAuthConfigQuery,
} = authApi;
