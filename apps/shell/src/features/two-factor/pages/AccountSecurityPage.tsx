import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
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

/** Any signed-in user: turn two-factor sign-in on (opt-in) or off (password and a current code). */
export function AccountSecurityPage() {
  const status = useTwoFactorStatusQuery();
  const [setupTwoFactor, setupState] = useSetupTwoFactorMutation();
  const [confirm, confirmState] = useConfirmTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

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
            const result = await confirm({ code }).unwrap();
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
        {setupState.isError && <Alert type="error" role="alert" showIcon title={errorMessage(setupState.error, T.failed)} style={{ marginBottom: 16 }} />}
        {!enabled && (
          <Button type="primary" loading={setupState.isLoading} onClick={() => void setupTwoFactor().unwrap().then(setSetup).catch(() => undefined)}>
            {T.turnOn}
          </Button>
        )}
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
    </section>
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
