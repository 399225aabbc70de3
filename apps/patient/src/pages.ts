import type { PagesMap } from '@cqa/web-core';
import { PatientsDashboardPage } from './features/dashboard/pages/PatientsDashboardPage';
import { PatientQuestionPage } from './features/questions/pages/PatientQuestionPage';
import { ProfileWizardPage } from './features/profile/pages/ProfileWizardPage';
import { ProfileSummaryPage } from './features/profile/pages/ProfileSummaryPage';
import { PatientProfilePage } from './features/profile/pages/PatientProfilePage';
import { ConsolidatedProfilePage } from './features/profile/pages/ConsolidatedProfilePage';
import { ReadonlyProfilePage } from './features/profile/pages/ReadonlyProfilePage';
import { AdminEditPatientPage } from './features/profile/pages/AdminEditPatientPage';
import { PerformanceScalePage, ReviewOfSystemsPage } from './features/profile/pages/ProfileReferencePages';

/** Exposed as 'patient/pages': the shell renders these for the routes the route table gives to 'patient'. */
const pages: PagesMap<'patient'> = {
  dashboard: PatientsDashboardPage,
  questionDetail: PatientQuestionPage,
  profileWizard: ProfileWizardPage,
  profileSummary: ProfileSummaryPage,
  patientProfile: PatientProfilePage,
  consolidatedProfile: ConsolidatedProfilePage,
  readonlyProfile: ReadonlyProfilePage,
  editPatient: AdminEditPatientPage,
  performanceScale: PerformanceScalePage,
  reviewOfSystems: ReviewOfSystemsPage,
};

export default pages;
