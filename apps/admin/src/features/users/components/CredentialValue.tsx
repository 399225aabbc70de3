import { Typography } from 'antd';
import { ExpertCredentialTexts, type StoredExpertCredentials } from '@cqa/contracts';

/** One of an expert's professional details as admins see it: 'not given' for an expert who registered before it was asked. */
export function CredentialValue({ value }: { value: string | null }) {
  return value ? <>{value}</> : <Typography.Text type="secondary" italic>{ExpertCredentialTexts.notGiven}</Typography.Text>;
}

/** The three details of an expert's row, each labelled (issue 44 item 7). */
export function CredentialsSummary({ credentials }: { credentials: StoredExpertCredentials }) {
  const rows = [
    [ExpertCredentialTexts.specialty, credentials.specialty],
    [ExpertCredentialTexts.licenceNumber, credentials.licence_number],
    [ExpertCredentialTexts.institution, credentials.institution],
  ] as const;
  return (
    <dl style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <dt style={{ fontWeight: 600 }}>{label}:</dt>
          <dd style={{ margin: 0 }}><CredentialValue value={value} /></dd>
        </div>
      ))}
    </dl>
  );
}
