import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { AUTH_FORM_ROUTES, loginPageHref, type Role, type SessionResponse, type TwoFactorChallengeResponse, TwoFactorTexts } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { FormMessage, StaticFormNotices, useFormNotice, useHydrated, useServerForm } from '../../auth/components/server-form';
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
 * The code step is also the pre-rendered page of its own URL (loginPageHref's two-factor step): before (or without) any
 * script it is a plain form posted to AUTH_FORM_ROUTES.twoFactor for `portal`, the challenge in its cookie.
 */
export function TwoFactorSignInStep({ challenge, portal, onSession, onRestart }: {
  challenge: PendingTwoFactor;
  /** The portal signed in at: the form without script goes back to its login page, and on to its pages. */
  portal?: Role;
  onSession: (session: SessionResponse) => void;
  onRestart: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="two-factor-title">
      <Typography.Title level={2} id="two-factor-title" style={{ fontSize: 20 }}>
        {challenge.enrolmentRequired ? T.enrolTitle : T.codeStepTitle}
      </Typography.Title>
      {challenge.enrolmentRequired
        ? <RequiredEnrolment challenge={challenge.challenge} onSession={onSession} />
        : <CodeStep challenge={challenge.challenge} portal={portal} onSession={onSession} />}
      {hydrated
        ? <Button type="link" onClick={onRestart} style={{ padding: 0, marginTop: 12 }}>{T.startOver}</Button>
        : <a href={loginPageHref(portal ?? 'expert')} style={{ display: 'inline-block', marginTop: 12 }}>{T.startOver}</a>}
    </section>
  );
}

interface CodeValues { code?: string; recoveryCode?: string }

function CodeStep({ challenge, portal, onSession }: { challenge?: string; portal?: Role; onSession: (session: SessionResponse) => void }) {
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const serverForm = useServerForm<CodeValues>(AUTH_FORM_ROUTES.twoFactor, 'two-factor-verify');
  const { form } = serverForm;
  const [notice, clearNotice] = useFormNotice('twoFactor');
  const hydrated = useHydrated();

  const submit = async ({ code, recoveryCode }: CodeValues) => {
    setFailure(null);
    clearNotice();
    try {
      onSession(await verify(useRecovery ? { challenge, recoveryCode: recoveryCode?.trim() } : { challenge, code: code?.trim() }).unwrap());
    } catch (error) {
      setFailure(errorMessage(error, TwoFactorTexts.invalidCode));
      form.resetFields();
    }
  };

  return (
    <Form<CodeValues> layout="vertical" onFinish={submit} requiredMark={false} disabled={isLoading} {...serverForm}>
      <StaticFormNotices form="twoFactor" />
      <FormMessage failure={failure} notice={notice} />
      {portal && <input type="hidden" name="role" value={portal} />}
      {hydrated && <p>{useRecovery ? T.recoveryPrompt : T.codePrompt}</p>}
      {!hydrated ? (
        // Before the script runs the switch between the two cannot work: both fields, the code read first.
        <>
          <p>{T.codePrompt}</p>
          <Form.Item label={T.codeLabel} name="code">
            <CodeInput name="code" />
          </Form.Item>
          <p>{T.recoveryPrompt}</p>
          <Form.Item label={T.recoveryLabel} name="recoveryCode">
            <Input name="recoveryCode" autoComplete="off" spellCheck={false} />
          </Form.Item>
        </>
      ) : useRecovery ? (
        <Form.Item label={T.recoveryLabel} name="recoveryCode" rules={[{ required: true, whitespace: true, message: T.recoveryRequired }]}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      ) : (
        <Form.Item label={T.codeLabel} name="code" rules={CODE_RULES}>
          <CodeInput />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading} block>{T.verify}</Button>
      {hydrated && (
        <Button type="link" onClick={() => { setUseRecovery(!useRecovery); setFailure(null); }} style={{ padding: 0, marginTop: 12 }}>
          {useRecovery ? T.useAppCode : T.useRecoveryCode}
        </Button>
      )}
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
