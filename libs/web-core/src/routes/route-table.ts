import { matchPath } from 'react-router-dom';
import type { ComponentType } from 'react';

export type AppName = 'shell' | 'patient' | 'expert' | 'admin';
export type RemoteName = Exclude<AppName, 'shell'>;
export type RouteAccess =
  | 'public'
  | 'patient'
  | 'expert'
  | 'admin'
  | 'expert-or-admin'
  | 'signed-in'
  | 'patient-own-or-staff';

export interface RouteEntry {
  path: string;
  app: AppName;
  page: string;
  access: RouteAccess;
  hideTopBar?: boolean;
}

/** Every route of the product spec (section 2), in react-router pattern syntax. '*' is every unknown path. */
export const routes = [
  { path: '/', app: 'shell', page: 'landing', access: 'public' },
  { path: '/disclaimers', app: 'shell', page: 'disclaimers', access: 'public' },
  { path: '/forgot-password', app: 'shell', page: 'forgotPassword', access: 'public' },
  { path: '/reset-password', app: 'shell', page: 'resetPassword', access: 'public' },
  { path: '/verify-email/:code', app: 'shell', page: 'verifyEmail', access: 'public' },
  // Ours (issue 44): the link confirming a signed-in account's new e-mail address; public, so it opens on any device.
  { path: '/confirm-email/:code', app: 'shell', page: 'confirmEmail', access: 'public' },
  { path: '/admin/login', app: 'shell', page: 'adminLogin', access: 'public' },
  // Ours: the account of any signed-in user (issue 44), and its two-factor sign-in and e-mail settings.
  { path: '/account', app: 'shell', page: 'account', access: 'signed-in' },
  { path: '/account/security', app: 'shell', page: 'accountSecurity', access: 'signed-in' },

  { path: '/patient/questions', app: 'patient', page: 'dashboard', access: 'patient' },
  { path: '/patient/questions/:id', app: 'patient', page: 'questionDetail', access: 'patient' },
  { path: '/patient-profile', app: 'patient', page: 'profileWizard', access: 'patient' },
  { path: '/patient-profile-questionnaire', app: 'patient', page: 'profileWizard', access: 'patient' },
  { path: '/patient-profile-summary', app: 'patient', page: 'profileSummary', access: 'patient' },
  { path: '/patients/:patientId/profile', app: 'patient', page: 'patientProfile', access: 'patient-own-or-staff', hideTopBar: true },
  { path: '/patient-profile-consolidated', app: 'patient', page: 'consolidatedProfile', access: 'signed-in', hideTopBar: true },
  { path: '/patient-profile-consolidated/:patientId', app: 'patient', page: 'consolidatedProfile', access: 'signed-in', hideTopBar: true },
  // The spec shows no guard here; the page shows one patient's health data, so the profile rule applies.
  { path: '/patient-profile-readonly/:patientId', app: 'patient', page: 'readonlyProfile', access: 'patient-own-or-staff' },
  // Ours: the two documents the consolidated profile links to (spec section 2), generated from the profile schema.
  { path: '/profile-reference/performance-scale', app: 'patient', page: 'performanceScale', access: 'signed-in' },
  { path: '/profile-reference/review-of-systems', app: 'patient', page: 'reviewOfSystems', access: 'signed-in' },

  { path: '/expert/questions', app: 'expert', page: 'dashboard', access: 'expert' },
  { path: '/expert/questions/:id', app: 'expert', page: 'questionDetail', access: 'expert' },
  { path: '/expert/blinded-questions/:id', app: 'expert', page: 'answerReview', access: 'expert' },
  // Ours (issue 38): the deep research requests patients made, for review.
  { path: '/expert/research-requests', app: 'expert', page: 'researchRequests', access: 'expert' },

  { path: '/admin', app: 'admin', page: 'dashboard', access: 'admin' },
  { path: '/admin/questions', app: 'admin', page: 'dashboard', access: 'admin' },
  { path: '/admin/questions/:id', app: 'admin', page: 'questionDetail', access: 'admin' },
  { path: '/admin/users', app: 'admin', page: 'users', access: 'admin' },
  // Ours: the sign-in log, the access log, AI runs and research flags (the spec's User Management keeps its three tabs).
  { path: '/admin/operations', app: 'admin', page: 'operations', access: 'admin' },
  // Ours (issue 38): the deep research requests patients made, for review.
  { path: '/admin/research-requests', app: 'admin', page: 'researchRequests', access: 'admin' },
  // The spec shows no guard here; approving accounts is an admin power (section 6).
  { path: '/admin/approve-user/:userId', app: 'admin', page: 'approveUser', access: 'admin' },
  // Admin-only, but rendered by the patient remote: it is the profile wizard (and its reports step) in admin mode,
  // and a remote never imports another remote.
  { path: '/admin/patient/:patientId/edit', app: 'patient', page: 'editPatient', access: 'admin' },

  { path: '*', app: 'shell', page: 'landing', access: 'public' },
] as const satisfies readonly RouteEntry[];

export const routeTable: readonly RouteEntry[] = routes;

type RouteDef = (typeof routes)[number];
export type PageKey<A extends AppName> = Extract<RouteDef, { app: A }>['page'];

/** The route entry that renders at this pathname; unknown paths get the landing entry. */
export function matchRoute(pathname: string): RouteEntry {
  const exact = routeTable.find((route) => route.path !== '*' && matchPath(route.path, pathname));
  return exact ?? routeTable[routeTable.length - 1];
}

export function routesOf(app: AppName): RouteEntry[] {
  return routeTable.filter((route) => route.app === app);
}

/** What a remote's './pages' module exports by default: one component per page key it owns. */
export type PagesMap<A extends AppName> = Record<PageKey<A>, ComponentType>;
