import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { AccountPageTexts as T, AuthTexts, Messages } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from '../../auth/components/field-rules';
import { useChangePasswordMutation } from '../api';

interface Values {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** The current password, then the new one twice; the API ends every other session (issue 44). */
export function ChangePasswordCard() {
  const [form] = Form.useForm<Values>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async ({ current_password, new_password }: Values) => {
    setOutcome(null);
    try {
      const { message } = await changePassword({ current_password, new_password }).unwrap();
      form.resetFields();
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, Messages.platform.unexpected) });
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.passwordTitle}</h2>}>
      {outcome && (
        <Alert type={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'} showIcon title={outcome.text} style={{ marginBottom: 16 }} />
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={isLoading} name="change-password">
        <Form.Item label={T.currentPassword} name="current_password" rules={[{ required: true, message: T.currentPasswordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={T.newPassword}
          name="new_password"
          extra={AuthTexts.passwordRule}
          rules={NEW_PASSWORD_RULES}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={T.confirmPassword}
          name="confirm_password"
          dependencies={['new_password']}
          rules={confirmPasswordRules('new_password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>{T.changePassword}</Button>
      </Form>
    </Card>
  );
}
