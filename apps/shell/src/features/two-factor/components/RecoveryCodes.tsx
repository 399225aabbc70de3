import { Alert, Button, Space, Typography } from 'antd';
import { useToast } from '@cqa/web-core';
import { TwoFactorScreenTexts as T } from '../texts';

/** The recovery codes, shown once after enrolment, with copy and download. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: T.downloadName });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title">
      <Typography.Title level={2} id="recovery-codes-title" style={{ fontSize: 20 }}>{T.recoveryTitle}</Typography.Title>
      <Alert type="warning" showIcon title={T.recoveryIntro} style={{ marginBottom: 16 }} />
      <ul aria-label={T.recoveryListLabel} data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, paddingLeft: 20 }}>
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => void copy()}>{T.copy}</Button>
        <Button onClick={download}>{T.download}</Button>
      </Space>
      <Button type="primary" block onClick={onDone}>{doneLabel}</Button>
    </section>
  );
}
