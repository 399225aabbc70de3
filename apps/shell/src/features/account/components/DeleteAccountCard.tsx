import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { AccountDeletionTexts as T, Messages } from '@cqa/contracts';
import { baseApi, errorMessage, paths, selectCurrentUser, sessionEnded, useAppDispatch, useAppSelector, useAuthConfigQuery, useToast } from '@cqa/web-core';
import { useTwoFactorStatusQuery } from '../../two-factor/api';
import { useDeleteAccountMutation } from '../api';

interface Values {
  password: string;
  two_factor_code?: string;
}

/** The deletion's grace period as the server's default; the date itself comes from the server's answer. */

/**
 * Delete my account (issue 44): what goes and what stays, the grace period, then the password (and a current code when
 * two-factor sign-in is on) and a confirmation. On success the session ends here too and the landing page says why.
 * Admin accounts are not deleted this way.
 */
export function DeleteAccountCard() {
  const user = useAppSelector(selectCurrentUser);
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { data: twoFactor } = useTwoFactorStatusQuery();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const graceDays = useAuthConfigQuery().data?.accountDeletionGraceDays;

  useEffect(() => { if (confirming) confirmRef.current?.focus(); }, [confirming]);

  if (!user || user.role === 'admin') return null;

  const submit = async (values: Values) => {
    setFailure(null);
    try {
      const body = twoFactor?.enabled ? { password: values.password, two_factor_code: values.two_factor_code?.trim() } : { password: values.password };
      const { message } = await deleteAccount(body).unwrap();
      form.resetFields();
      dispatch(sessionEnded());
      dispatch(baseApi.util.resetApiState());
      toast.info(`${message} ${T.signedOutNotice}`, 15_000);
      navigate(paths.landing, { replace: true });
    } catch (error) {
      setConfirming(false);
      setFailure(errorMessage(error, Messages.platform.unexpected));
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.title}</h2>}>
      <p>{T.whatGoes}</p>
      <p>{T.whatStays}</p>
      {graceDays !== undefined && <p>{T.grace(graceDays)}</p>}
      {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form} layout="vertical" requiredMark={false} disabled={isLoading} name="delete-account"
        onFinish={() => setConfirming(true)}
      >
        <Form.Item label={T.passwordLabel} name="password" rules={[{ required: true, whitespace: false, message: T.passwordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {twoFactor?.enabled && (
          <Form.Item label={T.codeLabel} name="two_factor_code" rules={[{ required: true, whitespace: true, message: T.codeRequired }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" />
          </Form.Item>
        )}
        {confirming ? (
          <div role="group" aria-label={T.confirmQuestion}>
            <p><strong>{T.confirmQuestion}</strong></p>
            <Space wrap>
              <Button ref={confirmRef} danger type="primary" loading={isLoading} onClick={() => void submit(form.getFieldsValue())}>{T.confirm}</Button>
              <Button onClick={() => setConfirming(false)}>{T.cancel}</Button>
            </Space>
          </div>
        ) : (
          <Button danger htmlType="submit">{T.start}</Button>
        )}
      </Form>
    </Card>
  );
}
