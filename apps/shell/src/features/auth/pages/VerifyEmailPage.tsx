import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthTexts, loginPageHref, Messages } from '@cqa/contracts';
import { errorMessage, errorStatus, paths, useToast, useVerifyEmailMutation } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { ResendVerificationForm } from '../components/ResendVerificationForm';

type State = { kind: 'verifying' } | { kind: 'success'; message: string } | { kind: 'already-verified' } | { kind: 'expired'; message: string } | { kind: 'error'; message: string };

export const REDIRECT_AFTER_MS = 3000;

/** Spec section 4: verifying, then success (redirect to / after 3 seconds), expired or error; resend from the last two. */
export function VerifyEmailPage() {
  const { code = '' } = useParams();
  const [verify] = useVerifyEmailMutation();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const [resending, setResending] = useState(false);
  const started = useRef(false);
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    // The code is single-use: StrictMode's second effect must not spend it again.
    if (started.current) return;
    started.current = true;
    verify(code)
      .unwrap()
      .then(({ message }) => {
        // Opened a second time: nothing new happened, and the page says so and offers the sign-in (no redirect).
        if (message === AuthTexts.alreadyVerified) {
          setState({ kind: 'already-verified' });
          return;
        }
        toast.success(message);
        setState({ kind: 'success', message });
      })
      .catch((error: unknown) => {
        const message = errorStatus(error) === undefined ? Messages.errors.networkError : errorMessage(error, Messages.errors.networkError);
        setState({ kind: message.toLowerCase().includes('expired') ? 'expired' : 'error', message });
      });
  }, [code, verify, toast]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate(paths.landing), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <section style={{ maxWidth: 520, margin: '0 auto' }}>
      <PageTitle>Email verification</PageTitle>
      <Card>
        {state.kind === 'verifying' && (
          <div role="status" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Spin aria-hidden />
            <span>Verifying your email...</span>
          </div>
        )}
        {state.kind === 'success' && (
          <Space orientation="vertical">
            <Alert type="success" showIcon title={state.message} />
            <Typography.Paragraph>You will be taken to the login page in a few seconds.</Typography.Paragraph>
            <Link to={paths.landing}>Go to Login</Link>
          </Space>
        )}
        {state.kind === 'already-verified' && (
          <Space orientation="vertical">
            <Alert type="info" role="status" showIcon title={AuthTexts.alreadyVerified} />
            <Link to={loginPageHref('patient')}>Go to Login</Link>
          </Space>
        )}
        {(state.kind === 'expired' || state.kind === 'error') && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="error" role="alert" showIcon title={state.message} />
            {resending ? (
              <ResendVerificationForm onDone={() => setResending(false)} onCancel={() => setResending(false)} />
            ) : (
              <Space>
                <Button type="primary" onClick={() => setResending(true)}>
                  {state.kind === 'expired' ? 'Resend' : 'Resend Verification Email'}
                </Button>
                {state.kind === 'error' && <Link to={paths.landing}>Back to Login</Link>}
              </Space>
            )}
          </Space>
        )}
      </Card>
    </section>
  );
}
