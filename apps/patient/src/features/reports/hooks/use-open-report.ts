import { useCallback } from 'react';
import type { MedicalReport } from '@cqa/contracts';
import { useAppDispatch, useToast } from '@cqa/web-core';
import { fetchReportFile } from '../api';

/** How long the blob URL lives: the new tab has loaded it long before. */
const REVOKE_AFTER_MS = 60_000;
const OPENING_TEXT = 'Opening report…';

/**
 * Opens a report in a new tab. The tab is opened at once (inside the click, so popup blockers allow it), the file is
 * fetched with the in-memory access token, and the tab is pointed at a blob: URL of it. No token or signed link is put
 * in any URL. If the browser refused the tab, the file is saved instead.
 */
export function useOpenReport() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  return useCallback(
    async (report: MedicalReport) => {
      const tab = window.open('', '_blank');
      if (tab) {
        tab.opener = null;
        try {
          tab.document.title = OPENING_TEXT;
          tab.document.body.textContent = OPENING_TEXT;
        } catch {
          // Not our document (some browsers open tabs cross-origin): nothing to show meanwhile.
        }
      }
      const result = await dispatch(fetchReportFile(report.id));
      if (!result.ok) {
        tab?.close();
        toast.error(result.message);
        return;
      }
      const url = URL.createObjectURL(result.blob);
      if (tab) {
        tab.location.href = url;
      } else {
        const link = document.createElement('a');
        link.href = url;
        link.download = report.file_name;
        link.click();
      }
      window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    },
    [dispatch, toast],
  );
}
