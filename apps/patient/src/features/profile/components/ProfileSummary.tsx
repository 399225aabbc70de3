import { Button, Card, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { ProfileTexts, SUMMARY_CARD_TITLES, normalizeLegacyProfile, type AuthUser } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { LoadingState, PageTitle } from '@cqa/web-ui';
import { usePatientProfileQuery } from '../api';
import { ReportsSection } from '../../reports/components/ReportsSection';
import { patientName, stepFieldNames } from '../model';
import { ProfileScreenTexts } from '../texts';
import { ProfileFieldList } from './ProfileFieldList';
import { ProfileLoadError } from './ProfileLoadError';

/**
 * The summary's title (spec section 2): 'Profile Summary for' and the name; without a name, 'Profile Summary for
 * Patient ID: ' and the id for an expert or admin who opened it by id, else 'Profile Summary'.
 */
export function summaryTitle(options: { name: string | null; viewer: Pick<AuthUser, 'role'> | null; byId: boolean; patientId?: string }): string {
  if (options.name) return `${ProfileTexts.summaryTitleFor} ${options.name}`;
  const staff = options.viewer?.role === 'expert' || options.viewer?.role === 'admin';
  if (staff && options.byId && options.patientId) return `${ProfileTexts.summaryTitleForPatientId}${options.patientId}`;
  return ProfileTexts.summaryTitle;
}

/** The wizard step a summary card edits: cards are numbered 0-4, wizard steps 1-5. */
export const cardStep = (card: number) => card + 1;

/**
 * The profile summary of one patient record: five cards, Edit buttons for the record's own patient only, and
 * 'Go to Dashboard'. `byId` is true on /patients/{patientId}/profile.
 */
export function ProfileSummary({ patientId, byId }: { patientId: string | undefined; byId: boolean }) {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const query = usePatientProfileQuery(patientId ?? '', { skip: !patientId });
  const record = query.data;
  const title = summaryTitle({ name: patientName(record), viewer: user, byId, patientId });
  const owner = Boolean(user && user.role === 'patient' && record && user.patientId === record.id);

  const dashboard = (
    <Button type="primary" onClick={() => navigate(user ? paths.roleHome(user.role) : paths.patientQuestions)}>
      {ProfileTexts.goToDashboard}
    </Button>
  );

  if (query.isError) {
    return (
      <section>
        <PageTitle>{title}</PageTitle>
        <ProfileLoadError error={query.error} />
        {dashboard}
      </section>
    );
  }
  if (!record) {
    return (
      <section>
        <PageTitle>{title}</PageTitle>
        <LoadingState page label={ProfileTexts.loadingSummary} />
      </section>
    );
  }

  const values = normalizeLegacyProfile(record.profile);
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <Space orientation="vertical" size={2} style={{ marginBottom: 16 }}>
        <Typography.Text>{`${ProfileTexts.lastUpdated}: ${new Date(record.updated_at).toLocaleString()}`}</Typography.Text>
        <Typography.Text type="secondary">{`${ProfileScreenTexts.recordId}: ${record.id}`}</Typography.Text>
      </Space>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {SUMMARY_CARD_TITLES.map((cardTitle, card) => (
          <Card
            key={cardTitle}
            title={<h2 style={{ fontSize: 18, margin: 0 }}>{cardTitle}</h2>}
            extra={
              owner && (
                <Link to={paths.patientProfileWizard(cardStep(card))} aria-label={ProfileScreenTexts.editCard(cardTitle)}>
                  {ProfileTexts.edit}
                </Link>
              )
            }
          >
            {card < 4 ? (
              <ProfileFieldList names={stepFieldNames(cardStep(card))} values={values} />
            ) : (
              <ReportsSection patientUserId={record.user_id} editable={false} />
            )}
          </Card>
        ))}
      </Space>
      <div style={{ marginTop: 24 }}>{dashboard}</div>
    </section>
  );
}
