import { useId, useState } from 'react';
import { Button, Input, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ImportTexts, isImportRowUnfinished, type ImportRowStatus, type ImportRowView } from '@cqa/contracts';
import { errorMessage, paths, useToast } from '@cqa/web-core';
import { usePasteImportRowMutation, useRetryImportRowMutation } from '../api';

const STATUS_STYLE: Record<ImportRowStatus, { color: string; background: string; borderColor: string }> = {
  queued: { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' },
  fetching: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  answering: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  saved: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  failed: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  paste_needed: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
};

/** Each imported link with its live status, the question it went to, why it failed (Retry) or the paste box. */
export function ImportRows({ rows, note }: { rows: ImportRowView[]; note?: string }) {
  return (
    <List
      size="small"
      bordered
      dataSource={rows}
      header={note}
      renderItem={(row) => (
        <List.Item>
          <ImportRowItem row={row} />
        </List.Item>
      )}
    />
  );
}

function ImportRowItem({ row }: { row: ImportRowView }) {
  const toast = useToast();
  const [retry, retrying] = useRetryImportRowMutation();
  const label = ImportTexts.statusLabels[row.status];
  return (
    <div style={{ width: '100%' }} data-testid="import-row">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text style={{ wordBreak: 'break-all' }}>{row.url}</Typography.Text>
        <Space wrap>
          <span role="status" aria-live="polite" aria-label={`${row.url}: ${label}`}>
            <Tag style={{ ...STATUS_STYLE[row.status], marginInlineEnd: 0 }}>{label}</Tag>
          </span>
          {row.question_id !== null && row.status === 'saved' && <Link to={paths.adminQuestion(row.question_id)}>{ImportTexts.openQuestion}</Link>}
          {row.status === 'failed' && (
            <Button
              size="small"
              loading={retrying.isLoading}
              aria-label={`${ImportTexts.retry} ${row.url}`}
              onClick={() => void retry(row.id).unwrap().catch((e: unknown) => toast.error(errorMessage(e, ImportTexts.notFailed)))}
            >
              {ImportTexts.retry}
            </Button>
          )}
        </Space>
      </Space>
      {isImportRowUnfinished(row.status) && row.stage && <Typography.Text type="secondary" style={{ display: 'block' }}>{row.stage}</Typography.Text>}
      {row.error && (row.status === 'failed' || row.status === 'paste_needed') && (
        // antd's warning colour fails WCAG contrast on white: the paste reason takes the darker tone of its status tag.
        <Typography.Text type={row.status === 'failed' ? 'danger' : undefined} style={{ display: 'block', ...(row.status === 'failed' ? {} : { color: '#873800' }) }}>
          {row.error}
        </Typography.Text>
      )}
      {row.status === 'saved' && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {`${row.answers_created} community ${row.answers_created === 1 ? 'answer' : 'answers'}`}
          {row.ai_note ? ` · ${row.ai_note}` : ''}
        </Typography.Text>
      )}
      {row.status === 'paste_needed' && <PasteBox row={row} />}
    </div>
  );
}

function PasteBox({ row }: { row: ImportRowView }) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState('');
  const [paste, pasting] = usePasteImportRowMutation();
  return (
    <div style={{ marginTop: 8 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {ImportTexts.pasteLabel}
      </label>
      <Input.TextArea id={id} value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 4, maxRows: 12 }} />
      <Button
        style={{ marginTop: 8 }}
        disabled={text.trim() === '' || pasting.isLoading}
        loading={pasting.isLoading}
        onClick={() =>
          void paste({ id: row.id, text })
            .unwrap()
            .then(() => setText(''))
            .catch((e: unknown) => toast.error(errorMessage(e, ImportTexts.notPasteNeeded)))
        }
      >
        {ImportTexts.submitPaste}
      </Button>
    </div>
  );
}
