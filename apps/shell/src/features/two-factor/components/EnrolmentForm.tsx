import { useState } from 'react';
import { Alert, Button, Form, Spin, Typography } from 'antd';
import type { TwoFactorSetupResponse } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { TwoFactorScreenTexts as T } from '../texts';
import { CODE_RULES, CodeInput } from './CodeInput';

/**
 * Adding an authenticator: the QR code (with the setup key as text for typing in), then the first code to confirm.
 * Used at sign-in (admins who must enrol) and from the account security page.
 */
export function EnrolmentForm({ setup, onConfirm, busy }: {
  setup: TwoFactorSetupResponse | undefined;
  onConfirm: (code: string) => Promise<void>;
  busy: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  if (!setup) return <Spin tip={T.preparing}><div style={{ minHeight: 120 }} /></Spin>;

  const submit = async ({ code }: { code: string }) => {
    setFailure(null);
    try {
      await onConfirm(code.trim());
    } catch (error) {
      setFailure(errorMessage(error, T.failed));
    }
  };

  return (
    <div>
      <p>{T.scanQr}</p>
      <img src={setup.qrCodeDataUrl} alt={T.qrAlt} width={200} height={200} style={{ display: 'block', margin: '0 auto 12px' }} />
      <p>{T.manualEntry}</p>
      <p>
        <span id="two-factor-secret-label">{T.secretLabel}: </span>
        <Typography.Text code copyable aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret">{setup.secret}</Typography.Text>
      </p>
      <p>{T.confirmPrompt}</p>
      <Form<{ code: string }> layout="vertical" name="two-factor-enrol" onFinish={submit} requiredMark={false} disabled={busy}>
        {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item label={T.codeLabel} name="code" rules={CODE_RULES}>
          <CodeInput />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>{T.confirm}</Button>
      </Form>
    </div>
  );
}
