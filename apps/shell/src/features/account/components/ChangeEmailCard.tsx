import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { AccountPageTexts as T, Messages } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { useChangeEmailMutation } from '../api';

interface Values {
  new_email: string;
  password: string;
}

/** A new address, with the password; the change waits for the link e-mailed to that address (issue 44). */
export function ChangeEmailCard() {
  const [form] = Form.useForm<Values>();
  const [changeEmail, { isLoading }] = useChangeEmailMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async ({ new_email, password }: Values) => {
    setOutcome(null);
    try {
      await changeEmail({ new_email: new_email.trim(), password }).unwrap();
      form.resetFields();
      setOutcome({ ok: true, text: T.emailPending(new_email.trim()) });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, Messages.platform.unexpected) });
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.emailTitle}</h2>}>
      <p style={{ marginTop: 0 }}>{T.emailIntro}</p>
      {outcome && (
        <Alert type={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} showIcon title={outcome.text} style={{ marginBottom: 16 }} />
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={isLoading} name="change-email">
        <Form.Item
          label={T.newEmail}
          name="new_email"
          rules={[
            { required: true, whitespace: true, message: Messages.validation.emailRequired },
            { type: 'email', message: Messages.validation.emailInvalid, transform: (value: string) => value?.trim() },
          ]}
        >
          <Input type="email" autoComplete="email" inputMode="email" maxLength={254} />
        </Form.Item>
        <Form.Item label={T.passwordForEmail} name="password" rules={[{ required: true, message: T.currentPasswordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>{T.changeEmail}</Button>
      </Form>
    </Card>
  );
}
