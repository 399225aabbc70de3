import { useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Spin, Typography } from 'antd';
import type { TwoFactorSetupResponse } from '@cqa/contracts';
import { errorMessage, useToast } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import {
  useConfirmTwoFactorMutation, useDisableTwoFactorMutation, useSetupTwoFactorMutation, useTwoFactorStatusQuery,
} from '../api';
import { CODE_RULES, CodeInput } from '../components/CodeInput';
import { EnrolmentForm } from '../components/EnrolmentForm';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { TwoFactorScreenTexts as T } from '../texts';
import { NotificationSettingsCard } from '../../notifications/NotificationSettingsCard';

/**
 * Any signed-in user: turn two-factor sign-in on (opt-in: the password, then the QR code and a first code) or off (the
 * password and a current code). The API asks for the password at setup and again at confirmation; it is kept in memory
 * only between the two.
 */
export function AccountSecurityPage() {
  const status = useTwoFactorStatusQuery();
  const [setupTwoFactor, setupState] = useSetupTwoFactorMutation();
  const [confirm, confirmState] = useConfirmTwoFactorMutation();
  const [askPassword, setAskPassword] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const password = useRef<string | null>(null);

  const begin = async (entered: string) => {
    const result = await setupTwoFactor({ password: entered }).unwrap();
    password.current = entered;
    setAskPassword(false);
    setSetup(result);
  };

  const content = () => {
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} doneLabel={T.done} />;
    if (status.isLoading) return <Spin />;
    if (status.isError || !status.data) return <Alert type="error" role="alert" showIcon title={T.loadFailed} />;
    if (setup) {
      return (
        <EnrolmentForm
          setup={setup}
          busy={confirmState.isLoading}
          onConfirm={async (code) => {
            const result = await confirm({ password: password.current ?? '', code }).unwrap();
            password.current = null;
            setSetup(null);
            setCodes(result.recoveryCodes);
          }}
        />
      );
    }
    const { enabled, required, recoveryCodesLeft } = status.data;
    return (
      <>
        <p role="status">{enabled ? T.statusOn : T.statusOff}</p>
        {enabled && <p>{T.codesLeft(recoveryCodesLeft)}</p>}
        {required && <p>{T.requiredNote}</p>}
        {!enabled && askPassword && (
          <SetupPasswordForm
            busy={setupState.isLoading}
            failure={setupState.isError ? errorMessage(setupState.error, T.failed) : null}
            onSubmit={(entered) => void begin(entered).catch(() => undefined)}
            onCancel={() => { setupState.reset(); setAskPassword(false); }}
          />
        )}
        {!enabled && !askPassword && <Button type="primary" onClick={() => setAskPassword(true)}>{T.turnOn}</Button>}
        {enabled && !required && <DisableForm />}
      </>
    );
  };

  return (
    <section style={{ maxWidth: 560, margin: '0 auto' }}>
      <PageTitle>{T.securityTitle}</PageTitle>
      <Card>
        <Typography.Title level={2} style={{ fontSize: 20 }}>{T.sectionTitle}</Typography.Title>
        {content()}
      </Card>
      <NotificationSettingsCard />
    </section>
  );
}

function SetupPasswordForm({ busy, failure, onSubmit, onCancel }: {
  busy: boolean;
  failure: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  return (
    <Form<{ password: string }> layout="vertical" name="two-factor-setup" onFinish={({ password }) => onSubmit(password)} requiredMark={false} disabled={busy}>
      <p>{T.turnOnPrompt}</p>
      {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item label={T.passwordLabel} name="password" rules={[{ required: true, message: T.passwordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>{T.continueSetup}</Button>
        <Button onClick={onCancel}>{T.cancel}</Button>
      </Space>
    </Form>
  );
}

function DisableForm() {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();

  const submit = async ({ password, code }: { password: string; code: string }) => {
    setFailure(null);
    try {
      const { message } = await disable({ password, code: code.trim() }).unwrap();
      toast.success(message);
    } catch (error) {
      setFailure(errorMessage(error, T.failed));
    }
  };

  return (
    <Form<{ password: string; code: string }> layout="vertical" name="two-factor-disable" onFinish={submit} requiredMark={false} disabled={isLoading}>
      <p>{T.turnOffPrompt}</p>
      {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item label={T.passwordLabel} name="password" rules={[{ required: true, message: T.passwordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={T.codeLabel} name="code" rules={CODE_RULES}>
        <CodeInput />
      </Form.Item>
      <Button danger htmlType="submit" loading={isLoading}>{T.turnOff}</Button>
    </Form>
  );
}
