import { lazy } from 'react';
import type { PagesMap } from '@cqa/web-core';

// Each page is its own chunk (named for the bundle budget, tools/scripts/bundle-budget.mjs), so a dashboard's first
// load carries none of the landing page's forms and the landing none of the other pages.
export const shellPages: PagesMap<'shell'> = {
  landing: lazy(() => import(/* webpackChunkName: "page-landing" */ './features/landing/pages/LandingPage').then((m) => ({ default: m.LandingPage }))),
  disclaimers: lazy(() =>
    import(/* webpackChunkName: "page-disclaimers" */ './features/disclaimers/pages/DisclaimersPage').then((m) => ({ default: m.DisclaimersPage })),
  ),
  forgotPassword: lazy(() =>
    import(/* webpackChunkName: "page-forgotPassword" */ './features/auth/pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
  ),
  resetPassword: lazy(() =>
    import(/* webpackChunkName: "page-resetPassword" */ './features/auth/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
  ),
  verifyEmail: lazy(() =>
    import(/* webpackChunkName: "page-verifyEmail" */ './features/auth/pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
  ),
  confirmEmail: lazy(() =>
    import(/* webpackChunkName: "page-confirmEmail" */ './features/account/pages/ConfirmEmailPage').then((m) => ({ default: m.ConfirmEmailPage })),
  ),
  adminLogin: lazy(() =>
    import(/* webpackChunkName: "page-adminLogin" */ './features/auth/pages/AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })),
  ),
  account: lazy(() => import(/* webpackChunkName: "page-account" */ './features/account/pages/AccountPage').then((m) => ({ default: m.AccountPage }))),
  accountSecurity: lazy(() =>
    import(/* webpackChunkName: "page-accountSecurity" */ './features/two-factor/pages/AccountSecurityPage').then((m) => ({
      default: m.AccountSecurityPage,
    })),
  ),
};
