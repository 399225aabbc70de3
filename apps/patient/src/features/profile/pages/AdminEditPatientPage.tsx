import { useEffect } from 'react';
import { Descriptions } from 'antd';
import { Navigate, useParams } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { errorStatus, paths, selectCurrentUser, useAppSelector, useToast } from '@cqa/web-core';
import { LoadingState, PageTitle } from '@cqa/web-ui';
import { usePatientProfileQuery } from '../api';
import { ProfileWizard } from '../components/ProfileWizard';
import { patientName } from '../model';
import { ProfileScreenTexts, AdminEditPatientTexts } from '../texts';

/**
 * /admin/patient/{patientId}/edit: an admin edits a patient's profile with the wizard in admin mode. Anyone not an
 * admin, or a record that cannot be loaded, goes to /admin/users (spec section 2).
 */
export function AdminEditPatientPage() {
  const { patientId = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = user?.role === 'admin';
  const toast = useToast();
  const query = usePatientProfileQuery(patientId, { skip: !isAdmin || !patientId });

  useEffect(() => {
    if (query.isError) toast.error(errorStatus(query.error) === 404 ? Messages.errors.patientNotFound : Messages.errors.fetchPatientFailed);
  }, [query.isError, query.error, toast]);

  if (!isAdmin || !patientId || query.isError) return <Navigate to={paths.adminUsers} replace />;
  const record = query.data;
  if (!record) return <LoadingState page label={ProfileScreenTexts.loadingProfile} />;

  return (
    <section>
      <PageTitle>{ProfileScreenTexts.adminWizardTitle}</PageTitle>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'name', label: AdminEditPatientTexts.name, children: patientName(record) ?? '—' },
          { key: 'email', label: ProfileScreenTexts.email, children: record.email },
          { key: 'completion', label: ProfileScreenTexts.completion, children: `${record.profile_completion_percentage}%` },
        ]}
      />
      <ProfileWizard key={record.id} record={record} mode="admin" />
    </section>
  );
}
