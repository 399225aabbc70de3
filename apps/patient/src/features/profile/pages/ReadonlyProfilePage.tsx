import { Tabs, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { ProfileTexts, READONLY_TABS, normalizeLegacyProfile } from '@cqa/contracts';
import { paths } from '@cqa/web-core';
import { LoadingState, PageTitle } from '@cqa/web-ui';
import { usePatientProfileQuery } from '../api';
import { ReportsSection } from '../../reports/components/ReportsSection';
import { ProfileFieldList } from '../components/ProfileFieldList';
import { ProfileLoadError } from '../components/ProfileLoadError';
import { patientName } from '../model';
import { ProfileScreenTexts } from '../texts';

/** /patient-profile-readonly/{patientId}: the tabbed read-only profile, opened from question pages ('View Profile'). */
export function ReadonlyProfilePage() {
  const { patientId = '' } = useParams();
  const query = usePatientProfileQuery(patientId, { skip: !patientId });
  const record = query.data;

  if (query.isError) {
    return (
      <section>
        <PageTitle>{ProfileScreenTexts.readonlyTitle}</PageTitle>
        <ProfileLoadError error={query.error} />
      </section>
    );
  }
  if (!record) return <LoadingState page label={ProfileScreenTexts.loadingProfile} />;

  const values = normalizeLegacyProfile(record.profile);
  return (
    <section>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 12 }}>
        <div>
          <PageTitle>{patientName(record) ?? ProfileScreenTexts.readonlyTitle}</PageTitle>
          <Typography.Text type="secondary">{`${ProfileScreenTexts.patientId}: ${record.id}`}</Typography.Text>
        </div>
        <Link to={paths.consolidatedProfile(record.id)}>{ProfileTexts.viewConsolidatedProfile}</Link>
      </header>
      <Tabs
        style={{ marginTop: 16 }}
        items={READONLY_TABS.map((tab) => ({
          // Tab keys become element ids: no spaces.
          key: tab.title.toLowerCase().replace(/\W+/g, '-'),
          label: tab.title,
          children: tab.reports ? (
            <ReportsSection patientUserId={record.user_id} editable={false} />
          ) : (
            <ProfileFieldList names={tab.fields} values={values} />
          ),
        }))}
      />
    </section>
  );
}
