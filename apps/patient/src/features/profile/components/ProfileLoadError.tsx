import { Typography } from 'antd';
import { Messages } from '@cqa/contracts';
import { errorStatus } from '@cqa/web-core';

/** A profile that could not be loaded: not found, or the spec's red 'Error fetching patient data.'. */
export function ProfileLoadError({ error }: { error: unknown }) {
  const message = errorStatus(error) === 404 ? Messages.errors.patientNotFoundSentence : Messages.errors.errorFetchingPatient;
  return (
    <Typography.Paragraph type="danger" role="alert" style={{ fontSize: 16 }}>
      {message}
    </Typography.Paragraph>
  );
}
