import { Messages } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { ErrorState, LoadingState, PageTitle } from '@cqa/web-ui';
import { usePatientProfileQuery } from '../api';
import { ProfileWizard } from '../components/ProfileWizard';
import { useOwnPatientId } from '../hooks/use-own-patient-id';
import { ProfileScreenTexts } from '../texts';

/** /patient-profile and /patient-profile-questionnaire: the signed-in patient's own wizard. */
export function ProfileWizardPage() {
  const own = useOwnPatientId();
  const query = usePatientProfileQuery(own.patientId ?? '', { skip: !own.patientId });
  const error = own.error ?? query.error;
  return (
    <section>
      <PageTitle>{ProfileScreenTexts.wizardTitle}</PageTitle>
      {error ? (
        <ErrorState message={errorMessage(error, Messages.errors.fetchPatientFailed)} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ProfileWizard key={query.data.id} record={query.data} mode="patient" />
      ) : (
        <LoadingState page label={ProfileScreenTexts.loadingProfile} />
      )}
    </section>
  );
}
