import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute, type AppName, type PageKey } from '@cqa/web-core';

export const SITE_NAME = 'Cancer Q&A';

type TitleKey = { [A in AppName]: `${A}:${PageKey<A>}` }[AppName];

// One title per page (screen readers announce it; tabs and history show it); a new route without one fails typecheck.
const PAGE_TITLES: Record<TitleKey, string> = {
  'shell:landing': 'Ask cancer researchers',
  'shell:disclaimers': 'Disclaimers',
  'shell:forgotPassword': 'Forgot password',
  'shell:resetPassword': 'Reset password',
  'shell:verifyEmail': 'Verify email',
  'shell:confirmEmail': 'Confirm new email',
  'shell:account': 'Your account',
  'shell:adminLogin': 'Admin login',
  'shell:accountSecurity': 'Account security',
  'patient:dashboard': 'Your questions',
  'patient:questionDetail': 'Question',
  'patient:profileWizard': 'Your profile',
  'patient:profileSummary': 'Profile summary',
  'patient:patientProfile': 'Patient profile',
  'patient:consolidatedProfile': 'Consolidated profile',
  'patient:readonlyProfile': 'Patient profile',
  'patient:performanceScale': 'Performance scale',
  'patient:reviewOfSystems': 'Review of systems',
  'patient:editPatient': 'Edit patient',
  'expert:dashboard': 'Expert dashboard',
  'expert:questionDetail': 'Question',
  'expert:answerReview': 'Answer review',
  'expert:researchRequests': 'Research requests',
  'admin:dashboard': 'Admin dashboard',
  'admin:questionDetail': 'Question',
  'admin:users': 'User management',
  'admin:operations': 'Operations',
  'admin:approveUser': 'Approve user',
  'admin:researchRequests': 'Research requests',
};

/** The document title of the page at this pathname: "<page> – Cancer Q&A". */
export function documentTitle(pathname: string): string {
  const route = matchRoute(pathname);
  const page = PAGE_TITLES[`${route.app}:${route.page}` as TitleKey];
  return page ? `${page} – ${SITE_NAME}` : SITE_NAME;
}

/** Keeps document.title in step with the route. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}
