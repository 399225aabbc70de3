import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { Messages, type AuthUser, type Role } from '@cqa/contracts';
import { errorMessage, paths, sessionStarted, useAppDispatch, useLoginMutation, useToast } from '@cqa/web-core';
import { EMAIL_RULES } from './field-rules';

interface LoginValues { email: string; password: string }

/** Email and password for one portal; the server refuses a role that does not match the portal with the spec's text. */
export function LoginForm({ portal: role, onSignedIn }: { portal: Role; onSignedIn: (user: AuthUser) => void }) {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const toast = useToast();

  const submit = async ({ email, password }: LoginValues) => {
    setFailure(null);
    try {
      const session = await login({ email: email.trim(), password, role }).unwrap();
      dispatch(sessionStarted({ user: session.user, accessToken: session.accessToken }));
      toast.success(Messages.success.login);
      onSignedIn(session.user);
    } catch (error) {
      setFailure(errorMessage(error, Messages.errors.loginFailed));
    }
  };

  return (
    <Form<LoginValues> layout="vertical" name={`login-${role}`} onFinish={submit} requiredMark={false} disabled={isLoading}>
      {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Email"
        name="email"
        rules={EMAIL_RULES}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: Messages.validation.passwordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} block>
        Login
      </Button>
      <p style={{ marginTop: 12 }}>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
    </Form>
  );
}
