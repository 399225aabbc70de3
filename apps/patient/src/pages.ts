import type { PagesMap } from '@cqa/web-core';
import { lazyPage } from '@cqa/web-ui';

// Each page is its own chunk, named for the bundle budget (tools/bundle-budget): a route downloads only its page.
/** Exposed as 'patient/pages': the shell renders these for the routes the route table gives to 'patient'. */
const pages: PagesMap<'patient'> = {
  dashboard: lazyPage(() =>
    import(/* webpackChunkName: "page-dashboard" */ './features/dashboard/pages/PatientsDashboardPage').then((m) => m.PatientsDashboardPage),
  ),
  questionDetail: lazyPage(() =>
    import(/* webpackChunkName: "page-questionDetail" */ './features/questions/pages/PatientQuestionPage').then((m) => m.PatientQuestionPage),
  ),
  profileWizard: lazyPage(() =>
    import(/* webpackChunkName: "page-profileWizard" */ './features/profile/pages/ProfileWizardPage').then((m) => m.ProfileWizardPage),
  ),
  profileSummary: lazyPage(() =>
    import(/* webpackChunkName: "page-profileSummary" */ './features/profile/pages/ProfileSummaryPage').then((m) => m.ProfileSummaryPage),
  ),
  patientProfile: lazyPage(() =>
    import(/* webpackChunkName: "page-patientProfile" */ './features/profile/pages/PatientProfilePage').then((m) => m.PatientProfilePage),
  ),
  consolidatedProfile: lazyPage(() =>
    import(/* webpackChunkName: "page-consolidatedProfile" */ './features/profile/pages/ConsolidatedProfilePage').then(
      (m) => m.ConsolidatedProfilePage,
    ),
  ),
  readonlyProfile: lazyPage(() =>
    import(/* webpackChunkName: "page-readonlyProfile" */ './features/profile/pages/ReadonlyProfilePage').then((m) => m.ReadonlyProfilePage),
  ),
  editPatient: lazyPage(() =>
    import(/* webpackChunkName: "page-editPatient" */ './features/profile/pages/AdminEditPatientPage').then((m) => m.AdminEditPatientPage),
  ),
  performanceScale: lazyPage(() =>
    import(/* webpackChunkName: "page-referencePages" */ './features/profile/pages/ProfileReferencePages').then((m) => m.PerformanceScalePage),
  ),
  reviewOfSystems: lazyPage(() =>
    import(/* webpackChunkName: "page-referencePages" */ './features/profile/pages/ProfileReferencePages').then((m) => m.ReviewOfSystemsPage),
  ),
};

export default pages;
