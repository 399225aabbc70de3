import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthTexts, Messages } from '@cqa/contracts';
import { errorMessage, paths, useResetPasswordMutation, useToast } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { NEW_PASSWORD_RULES } from '../components/field-rules';

interface ResetValues { password: string; confirm: string }

/** Spec section 5: 8+ characters, a matching confirmation; the server refuses the current password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async ({ password }: ResetValues) => {
    setFailure(null);
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
          <Form<ResetValues> layout="vertical" name="reset-password" onFinish={submit} requiredMark={false} disabled={isLoading}>
            {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
            <Form.Item
              label="New password"
              name="password"
              rules={NEW_PASSWORD_RULES}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm new password"
              name="confirm"
              dependencies={['password']}
              rules={[
                { required: true, message: Messages.validation.confirmPassword },
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) =>
                    !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(Messages.validation.passwordsDoNotMatch)),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
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
