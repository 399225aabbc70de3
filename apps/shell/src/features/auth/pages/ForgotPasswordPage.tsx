import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_FORM_ROUTES, Messages } from '@cqa/contracts';
import { errorMessage, paths, useForgotPasswordMutation } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { EMAIL_RULES } from '../components/field-rules';
import { FormMessage, StaticFormNotices, useFormNotice, useServerForm } from '../components/server-form';
import { AuthFormTexts } from '../texts';

/**
 * Always ends on 'Check Your Email': the answer never reveals whether an account exists. Before the page's script runs
 * it is a plain form posted to AUTH_FORM_ROUTES.forgotPassword, which comes back to '?screen=sent'.
 */
export function ForgotPasswordPage() {
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [params] = useSearchParams();
  const [sentNow, setSent] = useState<string | null>(null);
  const sent = sentNow ?? (params.get('screen') === 'sent' ? Messages.success.resetSent : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, clearNotice] = useFormNotice('forgotPassword');
  const serverForm = useServerForm<{ email: string }>(AUTH_FORM_ROUTES.forgotPassword, 'forgot-password');

  const submit = async ({ email }: { email: string }) => {
    setFailure(null);
    clearNotice();
    try {
      const { message } = await forgot({ email: email.trim() }).unwrap();
      setSent(message || Messages.success.resetSent);
    } catch (error) {
      setFailure(errorMessage(error, Messages.errors.sendResetFailed));
    }
  };

  return (
    <section style={{ maxWidth: 480, margin: '0 auto' }}>
      <PageTitle>{sent ? 'Check Your Email' : 'Forgot your password?'}</PageTitle>
      <Card>
        {sent ? (
          <>
            <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />
            <Typography.Paragraph>
              If an account exists for that address, the email holds a link to choose a new password. The link works
              once and expires after an hour. Check your spam folder if it does not arrive.
            </Typography.Paragraph>
            <Link to={paths.landing}>Back to Login</Link>
          </>
        ) : (
          <Form<{ email: string }> layout="vertical" onFinish={submit} requiredMark={false} disabled={isLoading} {...serverForm}>
            <StaticFormNotices form="forgotPassword" />
            <FormMessage failure={failure} notice={notice} />
            <Typography.Paragraph>Enter the email you registered with and we will send you a link to reset your password.</Typography.Paragraph>
            <Form.Item
              label={AuthFormTexts.email}
              name="email"
              rules={EMAIL_RULES}
            >
              <Input type="email" name="email" autoComplete="email" required />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isLoading} block>
              Send Reset Link
            </Button>
            <p style={{ marginTop: 12 }}>
              <Link to={paths.landing}>Back to Login</Link>
            </p>
          </Form>
        )}
      </Card>
    </section>
  );
}
