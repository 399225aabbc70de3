import { useEffect, useRef } from 'react';
import { Typography } from 'antd';
import { ImportTexts, isImportRowUnfinished, Messages, type ImportBatchView } from '@cqa/contracts';
import { errorMessage, useToast } from '@cqa/web-core';
import { useCreateImportBatchMutation, useImportBatchesQuery } from '../api';
import { ImportRows } from './ImportRows';
import { ImportUrlForm } from './ImportUrlForm';

export const IMPORT_POLL_MS = 1500;

/** One empty list for every render without data, so the announcing effect below does not rerun on each render. */
const NO_BATCHES: ImportBatchView[] = [];

const unfinished = (batch: ImportBatchView) => batch.rows.some((r) => isImportRowUnfinished(r.status));

/**
 * The link import: the URL box and the recent batches with their rows (kept on the server, so they survive a reload),
 * polled while any row is unfinished. Without `questionId` each link makes a new question (the Import tab); with it
 * the answers go to that question (the admin question page's 'Add Answers from URLs' box).
 */
export function ImportPanel({ questionId, onImported }: { questionId?: number; onImported?: () => void }) {
  const toast = useToast();
  const [create, creating] = useCreateImportBatchMutation();
  const first = useImportBatchesQuery({ questionId });
  const busy = (first.data?.items ?? []).some(unfinished);
  const { data } = useImportBatchesQuery({ questionId }, { pollingInterval: busy ? IMPORT_POLL_MS : 0, skipPollingIfUnfocused: false });
  const batches = data?.items ?? NO_BATCHES;
  // Batches submitted here whose outcome is still to be announced.
  const watching = useRef(new Set<number>());

  useEffect(() => {
    for (const batch of batches) {
      if (!watching.current.has(batch.id) || unfinished(batch)) continue;
      watching.current.delete(batch.id);
      if (batch.rows.some((r) => r.status === 'failed')) toast.error(Messages.errors.processUrlFailed);
      else if (batch.rows.every((r) => r.status === 'saved')) {
        toast.success(questionId ? Messages.success.communityAnswerAdded : Messages.success.importProcessed);
        onImported?.();
      } else onImported?.();
    }
  }, [batches, toast, questionId, onImported]);

  const onProcess = async (urls: string[], cancerType: string) => {
    try {
      const result = await create({ urls, ...(questionId ? { question_id: questionId } : { cancer_type: cancerType }) }).unwrap();
      if (result.batch) watching.current.add(result.batch.id);
      else toast.info(ImportTexts.alreadyImported);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, Messages.errors.processUrlFailed));
      return false;
    }
  };

  return (
    <div>
      <ImportUrlForm withCancerType={!questionId} processing={creating.isLoading} onProcess={onProcess} />
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {ImportTexts.recentImports}
      </Typography.Title>
      {batches.length === 0 ? (
        <Typography.Text type="secondary">{ImportTexts.noImports}</Typography.Text>
      ) : (
        batches.map((batch) => (
          <div key={batch.id} style={{ marginBottom: 16 }}>
            <ImportRows rows={batch.rows} note={`${new Date(batch.created_at).toLocaleString('en-US')}${questionId ? '' : ` · ${batch.cancer_type}`}`} />
          </div>
        ))
      )}
    </div>
  );
}
