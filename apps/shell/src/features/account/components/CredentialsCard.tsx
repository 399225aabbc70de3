import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Spin } from 'antd';
import { EXPERT_CREDENTIAL_FIELDS, ExpertCredentialTexts as T, Messages, type ExpertCredentials } from '@cqa/contracts';
import { errorMessage, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { useExpertCredentialsQuery, useSaveExpertCredentialsMutation } from '../credentials-api';
import { CredentialFields } from './CredentialFields';

/** An expert's professional details (issue 44 item 7), with the registration's rules; nothing for other roles. */
export function CredentialsCard() {
  const expert = useAppSelector(selectCurrentUser)?.role === 'expert';
  const stored = useExpertCredentialsQuery(undefined, { skip: !expert });
  const [save, { isLoading }] = useSaveExpertCredentialsMutation();
  const [form] = Form.useForm<ExpertCredentials>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (stored.data) form.setFieldsValue({ specialty: stored.data.specialty ?? '', licence_number: stored.data.licence_number ?? '', institution: stored.data.institution ?? '' });
  }, [form, stored.data]);

  if (!expert) return null;

  const submit = async (values: ExpertCredentials) => {
    setOutcome(null);
    try {
      const body = { specialty: values.specialty.trim(), licence_number: values.licence_number.trim(), institution: values.institution.trim() };
      setOutcome({ ok: true, text: (await save(body).unwrap()).message });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, Messages.platform.unexpected) });
    }
  };

  const content = () => {
    if (stored.isLoading) return <Spin aria-label={T.cardTitle} />;
    if (stored.isError || !stored.data) return <Alert type="error" role="alert" showIcon title={T.loadFailed} />;
    const data = stored.data;
    const missing = EXPERT_CREDENTIAL_FIELDS.some((field) => !data[field]);
    return (
      <>
        {missing && <Alert type="warning" showIcon title={T.missing} style={{ marginBottom: 16 }} />}
        <Form<ExpertCredentials> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={isLoading} name="expert-credentials" noValidate>
          <CredentialFields />
          <Button type="primary" htmlType="submit" loading={isLoading}>{T.save}</Button>
        </Form>
      </>
    );
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.cardTitle}</h2>}>
      <p>{T.cardIntro}</p>
      {outcome && (
        <Alert type={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} showIcon title={outcome.text} style={{ marginBottom: 16 }} />
      )}
      {content()}
    </Card>
  );
}
