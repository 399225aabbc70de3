import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_FORM_ROUTES, AuthTexts, Messages, PASSWORD_MIN_LENGTH } from '@cqa/contracts';
import { errorMessage, paths, useResetPasswordMutation, useToast } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from '../components/field-rules';
import { FormMessage, StaticFormNotices, useFormNotice, useHydrated, useServerForm } from '../components/server-form';
import { AuthFormTexts } from '../texts';

interface ResetValues { password: string; confirm: string }

/**
 * Spec section 5: 8+ characters, a matching confirmation; the server refuses the current password. Before the page's
 * script runs it is a plain form posted to AUTH_FORM_ROUTES.resetPassword, with the link's token in a hidden field (the
 * page server writes it into the pre-rendered page, RESET_TOKEN_PLACEHOLDER).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, clearNotice] = useFormNotice('resetPassword');
  const hydrated = useHydrated();
  const serverForm = useServerForm<ResetValues>(AUTH_FORM_ROUTES.resetPassword, 'reset-password');
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async ({ password }: ResetValues) => {
    setFailure(null);
    clearNotice();
    try {
      await reset({ token, password }).unwrap();
      toast.success(Messages.success.passwordReset);
      navigate(paths.landing);
    } catch (error) {
      setFailure(errorMessage(error, Messages.errors.resetFailed));
    }
  };

  return (
    <section style={{ maxWidth: 480, margin: '0 auto' }}>
      <PageTitle>Reset your password</PageTitle>
      <Card>
        {!token ? (
          <>
            <Alert type="error" role="alert" showIcon title={AuthTexts.resetLinkInvalid} style={{ marginBottom: 16 }} />
            <Link to={paths.forgotPassword}>Request a new link</Link>
          </>
        ) : (
          <Form<ResetValues> layout="vertical" onFinish={submit} requiredMark={false} disabled={isLoading} {...serverForm}>
            <StaticFormNotices form="resetPassword" />
            <FormMessage failure={failure} notice={notice} />
            <input type="hidden" name="token" value={token} />
            <Form.Item
              label={AuthFormTexts.newPassword}
              name="password"
              rules={NEW_PASSWORD_RULES}
            >
              <Input.Password name="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} visibilityToggle={hydrated} />
            </Form.Item>
            <Form.Item
              label={AuthFormTexts.confirmNewPassword}
              name="confirm"
              dependencies={['password']}
              rules={confirmPasswordRules('password')}
            >
              <Input.Password name="confirm" autoComplete="new-password" required visibilityToggle={hydrated} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isLoading} block>
              Reset Password
            </Button>
          </Form>
        )}
      </Card>
    </section>
  );
}
