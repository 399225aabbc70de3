import { CreateUsers1795280400000 } from './1795280400000-CreateUsers';
import { AddAccounts1795366800000 } from './1795366800000-AddAccounts';
import { AddQuestionsAnswers1795453200000 } from './1795453200000-AddQuestionsAnswers';
import { AddProfileAccessLogs1795460000000 } from './1795460000000-AddProfileAccessLogs';
import { AddPatientProfile1795470000000 } from './1795470000000-AddPatientProfile';
import { AddMedicalReports1795480000000 } from './1795480000000-AddMedicalReports';
import { AddAiAnswers1795486000000 } from './1795486000000-AddAiAnswers';
import { AddLinkImports1795490000000 } from './1795490000000-AddLinkImports';
import { AddResearch1795500000000 } from './1795500000000-AddResearch';
import { AddSessionLifetimes1795510000000 } from './1795510000000-AddSessionLifetimes';
import { AddTwoFactor1795520000000 } from './1795520000000-AddTwoFactor';
import { AddMailOutboxAndReportSweep1795530000000 } from './1795530000000-AddMailOutboxAndReportSweep';

import { AddQuestionSearchTerms1795540000000 } from './1795540000000-AddQuestionSearchTerms';
import { AddClaimChecks1795550000000 } from './1795550000000-AddClaimChecks';
import { AddAiRunQueries1795570000000 } from './1795570000000-AddAiRunQueries';
import { AddAnswerRetractionFlags1795580000000 } from './1795580000000-AddAnswerRetractionFlags';
import { AddAiRunRateLimitWaits1795561000000 } from './1795561000000-AddAiRunRateLimitWaits';
import { AddAnswerNotifications1795590000006 } from './1795590000006-AddAnswerNotifications';
import { AddResearchRunRecords1795600000008 } from './1795600000008-AddResearchRunRecords';
import { AddRefreshRotatedAt1795600000050 } from './1795600000050-AddRefreshRotatedAt';
import { HashUnsubscribeTokens1795600000208 } from './1795600000208-HashUnsubscribeTokens';
import { AddQuestionRetractedSourcesMark1795600000400 } from './1795600000400-AddQuestionRetractedSourcesMark';
import { AddResearchRequests1795600000500 } from './1795600000500-AddResearchRequests';
import { AddRefreshSuccessorSeal1795600000600 } from './1795600000600-AddRefreshSuccessorSeal';
import { AddAccountEvents1795600000700 } from './1795600000700-AddAccountEvents';
import { AddAccountExports1795600000800 } from './1795600000800-AddAccountExports';
import { AddAccountDeletion1795600000900 } from './1795600000900-AddAccountDeletion';
import { AddExpertCredentials1795600001000 } from './1795600001000-AddExpertCredentials';
import { AddEmailChange1795600001100 } from './1795600001100-AddEmailChange';
import { AddJobRecoveryIndexes1795600001290 } from './1795600001290-AddJobRecoveryIndexes';
/** Every migration, oldest first. Listed by hand so the built server needs no file globbing. */
export const MIGRATIONS = [
  CreateUsers1795280400000,
  AddAccounts1795366800000,
  AddQuestionsAnswers1795453200000,
  AddProfileAccessLogs1795460000000,
  AddPatientProfile1795470000000,
  AddMedicalReports1795480000000,
  AddAiAnswers1795486000000,
  AddLinkImports1795490000000,
  AddResearch1795500000000,
  AddSessionLifetimes1795510000000,
  AddTwoFactor1795520000000,
  AddMailOutboxAndReportSweep1795530000000,
  AddQuestionSearchTerms1795540000000,
  AddClaimChecks1795550000000,
  AddAiRunRateLimitWaits1795561000000,
  AddAiRunQueries1795570000000,
  AddAnswerRetractionFlags1795580000000,
  AddAnswerNotifications1795590000006,
  AddResearchRunRecords1795600000008,
  AddRefreshRotatedAt1795600000050,
  HashUnsubscribeTokens1795600000208,
  AddQuestionRetractedSourcesMark1795600000400,
  AddResearchRequests1795600000500,
  AddRefreshSuccessorSeal1795600000600,
  AddAccountEvents1795600000700,
  AddAccountExports1795600000800,
  AddAccountDeletion1795600000900,
  AddExpertCredentials1795600001000,
  AddEmailChange1795600001100,
  AddJobRecoveryIndexes1795600001290,
];
