import { IMPORT_MAX_URLS, type ImportRowStatus } from '../import';

/** Texts of the Import tab and the API's own import refusals. */
export const ImportTexts = {
  tabLabel: 'Import',
  boxLabel: 'Links to import (one per line)',
  boxTitle: 'Add Answers from URLs',
  cancerTypeLabel: 'Cancer type of the new questions',
  process: 'Process URLs',
  processing: 'Processing…',
  retry: 'Retry',
  submitPaste: 'Import pasted text',
  pasteLabel: 'Paste the thread: its title on the first line, then each reply separated by a blank line',
  openQuestion: 'Open question',
  alreadyImported: 'Already imported',
  statusLabels: {
    queued: 'Queued', fetching: 'Fetching', answering: 'Answering', saved: 'Saved', failed: 'Failed', paste_needed: 'Paste needed',
  } as Record<ImportRowStatus, string>,
  tooManyUrls: `Enter at most ${IMPORT_MAX_URLS} links at a time.`,
  rowNotFound: 'Import row not found.',
  batchNotFound: 'Import batch not found.',
  notFailed: 'Only a failed link can be retried.',
  notPasteNeeded: 'This link does not wait for pasted text.',
  aiNotConfigured: 'AI answer not requested: AI provider not configured',
  recentImports: 'Recent imports',
  noImports: 'No imports yet.',
} as const;
