import { useParams } from 'react-router-dom';
import { ProfileSummary } from '../components/ProfileSummary';

/** /patients/{patientId}/profile: experts, admins, or the patient whose record it is (the route guard decides). */
export function PatientProfilePage() {
  const { patientId } = useParams();
  return <ProfileSummary patientId={patientId} byId />;
}
