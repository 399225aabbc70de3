import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Spin } from 'antd';
import { AccountExportTexts as T, DATA_EXPORT_ANCHOR, type AccountExport, type Role } from '@cqa/contracts';
import { errorMessage, selectCurrentUser, useAppDispatch, useAppSelector } from '@cqa/web-core';
import { accountApi, fetchArchiveFile, useAccountExportQuery, useStartAccountExportMutation } from '../api';

/** How often the card asks for the archive's state while it is being prepared. */
export const EXPORT_POLL_MS = 4000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * "Download my data" (issue 44 item 3): what the archive holds, a button that asks for it, its progress (polled, told to
 * screen readers), and, when ready, the download until it expires; a failed one can be tried again. The e-mail's link
 * lands here (`#data-export`), and the download needs this signed-in page.
 */
export function DataExportCard() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  // The cached state decides the polling: only while the archive is being prepared.
  const cached = accountApi.endpoints.accountExport.useQueryState(undefined);
  const state = useAccountExportQuery(undefined, { pollingInterval: cached.data?.export?.status === 'requested' ? EXPORT_POLL_MS : 0 });
  const [startExport, starting] = useStartAccountExportMutation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const current: AccountExport | null = state.data?.export ?? null;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Opened from the e-mail's link: bring the card into view and give it focus once it has loaded.
    if (typeof window !== 'undefined' && window.location.hash === `#${DATA_EXPORT_ANCHOR}` && !state.isLoading) heading.current?.focus();
  }, [state.isLoading]);

  const start = async () => {
    setNotice(null);
    try {
      const { message } = await startExport().unwrap();
      setNotice({ ok: true, text: message });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error, T.failed) });
    }
  };

  const download = async (archive: AccountExport) => {
    setNotice(null);
    setDownloading(true);
    try {
      const result = await dispatch(fetchArchiveFile(archive.id));
      if (!result.ok) {
        setNotice({ ok: false, text: result.message });
        state.refetch();
        return;
      }
      const url = URL.createObjectURL(result.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = T.fileName;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setDownloading(false);
    }
  };

  const prepareButton = (label: string) => (
    <Button type="primary" onClick={() => void start()} loading={starting.isLoading}>{label}</Button>
  );

  const status = () => {
    if (state.isLoading) return <Spin aria-label={T.title} />;
    if (state.isError) return <Alert type="error" role="alert" showIcon title={T.loadFailed} action={<Button onClick={() => state.refetch()}>{T.tryAgain}</Button>} />;
    switch (current?.status) {
      case 'requested':
        return <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}><Spin size="small" aria-hidden /><span>{T.preparing}</span></div>;
      case 'ready':
        return (
          <>
            <p>{T.ready(when(current.expires_at!))}</p>
            <Button type="primary" onClick={() => void download(current)} loading={downloading} aria-label={T.downloadLabel(size(current.size_bytes))}>
              {downloading ? T.downloading : T.download}
            </Button>
            <p style={{ marginTop: 12, marginBottom: 0, color: 'rgba(0, 0, 0, 0.65)' }}>{T.signedInNote}</p>
          </>
        );
      case 'failed':
        return <Alert type="error" showIcon title={T.failed} action={prepareButton(T.tryAgain)} />;
      case 'expired':
        return <><p>{T.expired}</p>{prepareButton(T.prepareAnother)}</>;
      default:
        return prepareButton(T.prepare);
    }
  };

  return (
    <Card id={DATA_EXPORT_ANCHOR} title={<h2 ref={heading} tabIndex={-1} style={{ margin: 0, fontSize: 18 }}>{T.title}</h2>}>
      <p>{T.intro}</p>
      <p style={{ marginBottom: 4 }}><strong>{T.includesTitle}</strong></p>
      <ul>
        {T.includes[(user?.role ?? 'patient') as Role].map((item) => <li key={item}>{item}</li>)}
      </ul>
      <p>{T.never}</p>
      {notice && <Alert type={notice.ok ? 'success' : 'error'} role={notice.ok ? 'status' : 'alert'} showIcon title={notice.text} style={{ marginBottom: 16 }} />}
      <div aria-live="polite" aria-busy={current?.status === 'requested'}>{status()}</div>
    </Card>
  );
}
