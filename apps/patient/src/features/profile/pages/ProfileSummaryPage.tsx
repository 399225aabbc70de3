import { ProfileSummary } from '../components/ProfileSummary';
import { useOwnPatientId } from '../hooks/use-own-patient-id';

/** /patient-profile-summary: the signed-in patient's own summary. */
export function ProfileSummaryPage() {
  const { patientId } = useOwnPatientId();
  return <ProfileSummary patientId={patientId} byId={false} />;
}
