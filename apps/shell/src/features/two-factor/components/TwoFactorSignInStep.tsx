import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { type SessionResponse, type TwoFactorChallengeResponse, TwoFactorTexts } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { useEnrolConfirmMutation, useEnrolSetupMutation, useVerifyTwoFactorMutation } from '../api';
import { TwoFactorScreenTexts as T } from '../texts';
import { CODE_RULES, CodeInput } from './CodeInput';
import { EnrolmentForm } from './EnrolmentForm';
import { RecoveryCodes } from './RecoveryCodes';

/** What the step needs: the login answer's challenge, or only which step after an institution sign-in (challenge in a cookie). */
export type PendingTwoFactor = Pick<TwoFactorChallengeResponse, 'enrolmentRequired'> & { challenge?: string };

/**
 * The step after a correct password (or institution sign-in): a code (or a recovery code) for an account with two-factor
 * sign-in, or the enrolment an admin must finish before any session. `onSession` receives the session once the step succeeds.
 */
export function TwoFactorSignInStep({ challenge, onSession, onRestart }: {
  challenge: PendingTwoFactor;
  onSession: (session: SessionResponse) => void;
  onRestart: () => void;
}) {
  return (
    <section aria-labelledby="two-factor-title">
      <Typography.Title level={2} id="two-factor-title" style={{ fontSize: 20 }}>
        {challenge.enrolmentRequired ? T.enrolTitle : T.codeStepTitle}
      </Typography.Title>
      {challenge.enrolmentRequired
        ? <RequiredEnrolment challenge={challenge.challenge} onSession={onSession} />
        : <CodeStep challenge={challenge.challenge} onSession={onSession} />}
      <Button type="link" onClick={onRestart} style={{ padding: 0, marginTop: 12 }}>{T.startOver}</Button>
    </section>
  );
}

function CodeStep({ challenge, onSession }: { challenge?: string; onSession: (session: SessionResponse) => void }) {
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ code?: string; recoveryCode?: string }>();

  const submit = async ({ code, recoveryCode }: { code?: string; recoveryCode?: string }) => {
    setFailure(null);
    try {
      onSession(await verify(useRecovery ? { challenge, recoveryCode: recoveryCode?.trim() } : { challenge, code: code?.trim() }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, TwoFactorTexts.invalidCode));
      form.resetFields();
    }
  };

  return (
    <Form form={form} layout="vertical" name="two-factor-verify" onFinish={submit} requiredMark={false} disabled={isLoading}>
      <p>{useRecovery ? T.recoveryPrompt : T.codePrompt}</p>
      {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {useRecovery ? (
        <Form.Item label={T.recoveryLabel} name="recoveryCode" rules={[{ required: true, whitespace: true, message: T.recoveryRequired }]}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      ) : (
        <Form.Item label={T.codeLabel} name="code" rules={CODE_RULES}>
          <CodeInput />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading} block>{T.verify}</Button>
      <Button type="link" onClick={() => { setUseRecovery(!useRecovery); setFailure(null); }} style={{ padding: 0, marginTop: 12 }}>
        {useRecovery ? T.useAppCode : T.useRecoveryCode}
      </Button>
    </Form>
  );
}

function RequiredEnrolment({ challenge, onSession }: { challenge?: string; onSession: (session: SessionResponse) => void }) {
  const [setup, setupState] = useEnrolSetupMutation();
  const [confirm, { isLoading }] = useEnrolConfirmMutation();
  const [enrolled, setEnrolled] = useState<{ session: SessionResponse; codes: string[] } | null>(null);

  useEffect(() => {
    void setup({ challenge });
  }, [challenge, setup]);

  if (enrolled) return <RecoveryCodes codes={enrolled.codes} onDone={() => onSession(enrolled.session)} doneLabel={T.continueAfterCodes} />;
  if (setupState.isError) return <Alert type="error" role="alert" showIcon title={errorMessage(setupState.error, T.failed)} />;
  return (
    <>
      <Alert type="info" showIcon title={T.enrolRequiredIntro} style={{ marginBottom: 16 }} />
      <EnrolmentForm
        setup={setupState.data}
        busy={isLoading}
        onConfirm={async (code) => {
          const { recoveryCodes, ...session } = await confirm({ challenge, code }).unwrap();
          setEnrolled({ session, codes: recoveryCodes });
        }}
      />
    </>
  );
}
