import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Progress, Select, Space, Typography } from 'antd';
import { DEFAULT_REPORT_TYPE, Messages, REPORT_ACCEPT, REPORT_TYPE_OPTIONS, type ReportType } from '@cqa/contracts';
import { useAppDispatch, useToast } from '@cqa/web-core';
import { uploadMedicalReport } from '../api';
import { checkReportFile } from '../check-file';
import { ReportScreenTexts } from '../texts';

/**
 * Choose a type and one file, then upload with a progress bar. The file is checked here as the server will check it
 * (size, type by content), so a wrong file is refused before any byte is sent.
 */
export function ReportUploadForm({ patientUserId }: { patientUserId: string }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const typeId = useId();
  const fileId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reportType, setReportType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const chosenFile = useRef<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  // Reading a file's first bytes takes a moment; an Upload click meanwhile waits for the verdict.
  const checking = useRef<Promise<void>>(Promise.resolve());

  // Leaving the page stops an upload in progress (nothing is kept on the server).
  useEffect(() => () => inFlight.current?.abort(), []);

  const clearFile = () => {
    chosenFile.current = null;
    if (input.current) input.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    checking.current = check(chosen);
  };

  const check = async (chosen: File | undefined) => {
    setError(null);
    if (!chosen) {
      chosenFile.current = null;
      return;
    }
    const problem = await checkReportFile(chosen);
    if (problem) {
      clearFile();
      setError(problem);
      return;
    }
    chosenFile.current = chosen;
  };

  const upload = async () => {
    await checking.current;
    const file = chosenFile.current;
    if (!file || !patientUserId) {
      setError(Messages.errors.noFileOrUser);
      return;
    }
    setError(null);
    setProgress(0);
    const controller = new AbortController();
    inFlight.current = controller;
    const result = await dispatch(uploadMedicalReport({ file, reportType, patientUserId, onProgress: setProgress, signal: controller.signal }));
    inFlight.current = null;
    if (controller.signal.aborted) return;
    setProgress(null);
    if (result.ok) {
      toast.success(Messages.success.reportUploaded);
      clearFile();
    } else {
      toast.error(Messages.errors.uploadFailed);
      setError(result.message);
    }
  };

  const uploading = progress !== null;
  return (
    <div style={{ marginBottom: 24 }}>
      <Space wrap align="end" size="middle">
        <div>
          <label htmlFor={typeId} style={{ display: 'block', marginBottom: 4 }}>
            {ReportScreenTexts.reportTypeLabel}
          </label>
          <Select
            id={typeId}
            value={reportType}
            onChange={setReportType}
            options={REPORT_TYPE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            style={{ minWidth: 'min(220px, 100%)' }}
            disabled={uploading}
          />
        </div>
        <div>
          <label htmlFor={fileId} style={{ display: 'block', marginBottom: 4 }}>
            {ReportScreenTexts.fileLabel}
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept={REPORT_ACCEPT}
            disabled={uploading}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </div>
        <Button type="primary" onClick={() => void upload()} loading={uploading}>
          {uploading ? ReportScreenTexts.uploading : ReportScreenTexts.upload}
        </Button>
      </Space>
      <Typography.Paragraph id={hintId} type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {ReportScreenTexts.allowedHint}
      </Typography.Paragraph>
      {uploading && (
        <Progress
          percent={progress}
          status="active"
          aria-label={ReportScreenTexts.uploadProgress}
          style={{ maxWidth: 480, marginTop: 8 }}
        />
      )}
      {error && (
        <div id={errorId} style={{ marginTop: 8 }}>
          <Alert type="error" showIcon title={error} role="alert" />
        </div>
      )}
    </div>
  );
}
