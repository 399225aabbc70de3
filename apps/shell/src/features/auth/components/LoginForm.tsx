import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountDeletionTexts, AUTH_FORM_ROUTES, isTwoFactorChallenge, Messages, OIDC_TWO_FACTOR_PARAM, type AuthUser, type Role, type SessionResponse } from '@cqa/contracts';
import { errorMessageWithDetail, paths, sessionStarted, signOut, useAppDispatch, useLoginMutation, useToast } from '@cqa/web-core';
import { type PendingTwoFactor, TwoFactorSignInStep } from '../../two-factor/components/TwoFactorSignInStep';
import { EMAIL_RULES } from './field-rules';
import { FormMessage, StaticFormNotices, useFormNotice, useHydrated, useServerForm } from './server-form';
import { InstitutionSignIn, InstitutionSignInRefusal } from './InstitutionSignIn';
import { AuthFormTexts } from '../texts';

interface LoginValues { email: string; password: string }

/**
 * Email and password for one portal; the server refuses a role that does not match the portal with the spec's text.
 * Before the page's script runs it is a plain form posted to AUTH_FORM_ROUTES.login, which answers as this does.
 */
export function LoginForm({ portal: role, onSignedIn }: { portal: Role; onSignedIn: (user: AuthUser) => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, clearNotice] = useFormNotice('login');
  const serverForm = useServerForm<LoginValues>(AUTH_FORM_ROUTES.login, `login-${role}`);
  const hydrated = useHydrated();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  // An institution sign-in that needs the second factor comes back with the step to show; its challenge is a cookie.
  const [challenge, setChallenge] = useState<PendingTwoFactor | null>(() => institutionTwoFactor(params.get(OIDC_TWO_FACTOR_PARAM)));
  const restart = () => {
    setChallenge(null);
    if (params.has(OIDC_TWO_FACTOR_PARAM)) setParams((current) => { current.delete(OIDC_TWO_FACTOR_PARAM); return current; }, { replace: true });
  };

  const signedIn = async (session: SessionResponse) => {
    if (!session?.accessToken || !session.user) {
      setChallenge(null);
      setFailure(Messages.errors.invalidLoginResponse);
      return;
    }
    // The server refuses another role's account with the spec's named text; should an answer still name another role,
    // the session is ended at once (spec section 4: on a mismatch the user is signed out).
    if (session.user.role !== role) {
      await dispatch(signOut()); // ends the refresh token the server just set; the session never starts on this side
      setChallenge(null);
      setFailure(Messages.portal.roleMismatch);
      return;
    }
    dispatch(sessionStarted({ user: session.user, accessToken: session.accessToken }));
    toast.success(Messages.success.login);
    if (session.deletionCancelled) toast.info(AccountDeletionTexts.cancelledBySignIn);
    onSignedIn(session.user);
  };

  const submit = async ({ email, password }: LoginValues) => {
    setFailure(null);
    clearNotice();
    try {
      const result = await login({ email: email.trim(), password, role }).unwrap();
      if (isTwoFactorChallenge(result)) setChallenge(result);
      else await signedIn(result);
    } catch (error) {
      setFailure(errorMessageWithDetail(error, Messages.errors.loginFailed));
    }
  };

  if (challenge) return <TwoFactorSignInStep challenge={challenge} portal={role} onSession={signedIn} onRestart={restart} />;

  return (
    <Form<LoginValues> layout="vertical" onFinish={submit} requiredMark={false} disabled={isLoading} {...serverForm}>
      <StaticFormNotices form="login" />
      <FormMessage failure={failure} notice={notice} />
      {role !== 'patient' && <InstitutionSignInRefusal />}
      <input type="hidden" name="role" value={role} />
      <Form.Item
        label={AuthFormTexts.email}
        name="email"
        rules={EMAIL_RULES}
      >
        <Input type="email" name="email" autoComplete="email" required />
      </Form.Item>
      <Form.Item label={AuthFormTexts.password} name="password" rules={[{ required: true, message: Messages.validation.passwordRequired }]}>
        {/* The show-password toggle works only once the script runs: it appears then. */}
        <Input.Password name="password" autoComplete="current-password" required visibilityToggle={hydrated} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} block>
        Login
      </Button>
      {role !== 'patient' && <InstitutionSignIn portal={role} />}
      <p style={{ marginTop: 12 }}>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
    </Form>
  );
}

/** The step an institution sign-in, or this form posted without script, came back with (the challenge is in a cookie). */
function institutionTwoFactor(step: string | null): PendingTwoFactor | null {
  if (step !== 'code' && step !== 'enrol') return null;
  return { enrolmentRequired: step === 'enrol' };
}
