import { Button, Form, Input, Space } from 'antd';
import { Messages } from '@cqa/contracts';
import { errorMessage, useResendVerificationMutation, useToast } from '@cqa/web-core';
import { EMAIL_RULES } from './field-rules';
import { AuthFormTexts } from '../texts';

/** Spec section 5: email required and of email type; 'Send Verification Email' and 'Cancel', with a sending state. */
export function ResendVerificationForm({ onDone, onCancel }: { onDone?: () => void; onCancel: () => void }) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const toast = useToast();

  const submit = async ({ email }: { email: string }) => {
    if (!email?.trim()) return;
    try {
      await resend({ email: email.trim() }).unwrap();
      toast.success(Messages.success.verificationSent);
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, Messages.errors.resendVerificationFailed));
    }
  };

  return (
    <Form<{ email: string }> layout="vertical" name="resend-verification" onFinish={submit} requiredMark={false}>
      <Form.Item
        label={AuthFormTexts.email}
        name="email"
        rules={EMAIL_RULES}
      >
        <Input type="email" autoComplete="email" disabled={isLoading} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {isLoading ? 'Sending...' : 'Send Verification Email'}
        </Button>
        <Button onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
