import type { PagesMap } from '@cqa/web-core';
import { AdminLoginPage } from './features/auth/pages/AdminLoginPage';
import { ForgotPasswordPage } from './features/auth/pages/ForgotPasswordPage';
import { ResetPasswordPage } from './features/auth/pages/ResetPasswordPage';
import { VerifyEmailPage } from './features/auth/pages/VerifyEmailPage';
import { DisclaimersPage } from './features/disclaimers/pages/DisclaimersPage';
import { LandingPage } from './features/landing/pages/LandingPage';
import { AccountSecurityPage } from './features/two-factor/pages/AccountSecurityPage';

export const shellPages: PagesMap<'shell'> = {
  landing: LandingPage,
  disclaimers: DisclaimersPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  verifyEmail: VerifyEmailPage,
  adminLogin: AdminLoginPage,
  accountSecurity: AccountSecurityPage,
};
