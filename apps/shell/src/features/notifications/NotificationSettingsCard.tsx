import { Alert, Card, Spin, Switch, Typography } from 'antd';
import { useId } from 'react';
import { NotificationTexts as T, type NotificationSettingsUpdate } from '@cqa/contracts';
import { errorMessage, selectCurrentUser, useAppSelector, useToast } from '@cqa/web-core';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './api';

/**
 * The account's e-mail notifications: patients turn the answer e-mails off and on, experts the daily digest of
 * questions waiting for an expert answer. Admins receive neither, so see nothing here.
 */
export function NotificationSettingsCard() {
  const role = useAppSelector(selectCurrentUser)?.role ?? 'admin';
  const settings = useNotificationSettingsQuery(undefined, { skip: role === 'admin' });
  const [update, { isLoading }] = useUpdateNotificationSettingsMutation();
  const toast = useToast();
  const switchId = useId();
  const helpId = useId();
  if (role === 'admin') return null;

  const patient = role === 'patient';
  const save = async (change: NotificationSettingsUpdate) => {
    try {
      await update(change).unwrap();
      toast.success(T.saved);
    } catch (error) {
      toast.error(errorMessage(error, T.saveFailed));
    }
  };

  const content = () => {
    if (settings.isLoading) return <Spin />;
    if (settings.isError || !settings.data) return <Alert type="error" role="alert" showIcon title={T.loadFailed} />;
    const checked = patient ? settings.data.answerEmails : settings.data.expertDigest;
    return (
      <>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Switch
            id={switchId}
            checked={checked}
            loading={isLoading}
            aria-describedby={patient ? helpId : undefined}
            onChange={(on) => void save(patient ? { answerEmails: on } : { expertDigest: on })}
            style={{ minWidth: 44 }}
          />
          <label htmlFor={switchId}>{patient ? T.answerEmailsLabel : T.expertDigestLabel}</label>
        </div>
        {patient && <p id={helpId} style={{ marginTop: 12, marginBottom: 0 }}>{T.answerEmailsHelp}</p>}
      </>
    );
  };

  return (
    <Card style={{ marginTop: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>{T.settingsTitle}</Typography.Title>
      {content()}
    </Card>
  );
}
