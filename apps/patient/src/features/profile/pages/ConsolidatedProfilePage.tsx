import { Card, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { CONSOLIDATED_SECTIONS, Messages, ProfileTexts, normalizeLegacyProfile } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { EmptyState, LoadingState, PageTitle } from '@cqa/web-ui';
import { usePatientProfileQuery } from '../api';
import { ReportsSection } from '../../reports/components/ReportsSection';
import { ProfileFieldList } from '../components/ProfileFieldList';
import { ProfileLoadError } from '../components/ProfileLoadError';
import { patientName } from '../model';
import { ProfileScreenTexts } from '../texts';

/**
 * /patient-profile-consolidated (the signed-in patient's own) and /patient-profile-consolidated/{patientId}: the
 * whole profile on one page in the spec's thirteen sections, with the two reference documents linked. No top bar.
 */
export function ConsolidatedProfilePage() {
  const params = useParams();
  const user = useAppSelector(selectCurrentUser);
  const patientId = params.patientId ?? user?.patientId ?? undefined;
  const query = usePatientProfileQuery(patientId ?? '', { skip: !patientId });
  const record = query.data;

  const title = <PageTitle>{ProfileScreenTexts.consolidatedTitle}</PageTitle>;
  if (!patientId) {
    return (
      <section>
        {title}
        <EmptyState message={Messages.empty.noPatientData} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section>
        {title}
        <ProfileLoadError error={query.error} />
      </section>
    );
  }
  if (!record) return <LoadingState page label={ProfileScreenTexts.loadingProfile} />;

  const values = normalizeLegacyProfile(record.profile);
  return (
    <section>
      {title}
      <Space orientation="vertical" size={2} style={{ marginBottom: 16 }}>
        <Typography.Text strong>{patientName(record) ?? `${ProfileScreenTexts.patientId}: ${record.id}`}</Typography.Text>
        <Typography.Text type="secondary">{`${ProfileScreenTexts.patientId}: ${record.id}`}</Typography.Text>
        <Typography.Text type="secondary">{`${ProfileTexts.lastUpdated}: ${new Date(record.updated_at).toLocaleString()}`}</Typography.Text>
      </Space>
      <nav aria-label={ProfileScreenTexts.referenceLinks} style={{ display: 'flex', gap: 24, flexWrap: 'wrap', marginBottom: 16 }}>
        <Link to={paths.performanceScale} target="_blank" rel="noopener noreferrer">
          {ProfileTexts.performanceScaleLink}
        </Link>
        <Link to={paths.reviewOfSystems} target="_blank" rel="noopener noreferrer">
          {ProfileTexts.reviewOfSystemsLink}
        </Link>
      </nav>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {CONSOLIDATED_SECTIONS.map((section) => (
          <Card key={section.title} title={<h2 style={{ fontSize: 18, margin: 0 }}>{section.title}</h2>}>
            {section.reports ? (
              <ReportsSection patientUserId={record.user_id} editable={false} />
            ) : (
              <ProfileFieldList names={section.fields} values={values} />
            )}
          </Card>
        ))}
      </Space>
    </section>
  );
}
