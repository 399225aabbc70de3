import type { COMMUNITY_ANSWER_LABEL } from './texts/labels';
import { Messages } from './texts/messages';

/**
 * Community import (issue 13): the status of each imported URL as the Import tab shows it, the shape an extractor
 * hands over, and the label every imported reply carries. Server and web share these; the texts appear only here.
 */

/**
 * The life of one imported URL, in order; `failed` carries a short reason the UI shows. `paste_needed`: the site may
 * not be crawled (robots.txt, Quora), so the row waits for the admin to paste the thread's text.
 */
export const IMPORT_ROW_STATUSES = ['queued', 'fetching', 'answering', 'saved', 'failed', 'paste_needed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** The cancer type an import uses unless the admin picks another (spec section 9). */
export const DEFAULT_IMPORT_CANCER_TYPE = 'General';

/** One reply of an imported thread: markdown text, its own link and what the site showed about it; never a username. */
export interface ImportedReply {
  text: string;
  url: string;
  host: string;
  /** ISO 8601, or null when the page did not say. */
  date: string | null;
  score: number | null;
}

/** What an extractor (or paste mode) produces from one thread. */
export interface ImportedThread {
  title: string;
  /** The thread's own text (the question as asked), when it has one. */
  body: string | null;
  /** The URL the admin entered; the source of the question. */
  url: string;
  replies: ImportedReply[];
}

/** At most this many links in one batch. */
export const IMPORT_MAX_URLS = 20;
export const IMPORT_URL_MAX_LENGTH = 2000;
export const IMPORT_PASTE_MAX_LENGTH = 100_000;
export const IMPORT_BATCHES_PER_PAGE = 10;

/** A row still moving through the jobs (the Import tab keeps polling while any is). */
export const isImportRowUnfinished = (status: ImportRowStatus): boolean => status === 'queued' || status === 'fetching' || status === 'answering';

/** The lines of the URL box: trimmed, blanks dropped (spec section 5). */
export function importUrlLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** Whether one entry is an absolute http(s) link (the server checks more when it fetches). */
export function isImportableUrl(value: string): boolean {
  if (value.length > IMPORT_URL_MAX_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The URL box's message, or null when it may be processed: 'Please enter a Link URL' or 'Please enter a valid URL'. */
export function importUrlsProblem(urls: readonly string[]): string | null {
  if (urls.length === 0) return Messages.validation.linkUrlRequired;
  if (!urls.every(isImportableUrl)) return Messages.validation.linkUrlInvalid;
  return null;
}

/**
 * Routes (admins only): POST batches (CreateImportBatchRequest → 201 CreateImportBatchResponse), GET batches
 * (?page, ?question_id → ImportBatchListResponse), GET one batch, GET one row, POST a row's retry (failed rows), POST
 * a row's paste (PasteImportRequest; paste-needed rows).
 */
export const ImportPaths = {
  batches: '/api/import/batches',
  batch: (id: number | string) => `/api/import/batches/${id}`,
  row: (id: number | string) => `/api/import/rows/${id}`,
  retry: (id: number | string) => `/api/import/rows/${id}/retry`,
  paste: (id: number | string) => `/api/import/rows/${id}/paste`,
} as const;

export interface CreateImportBatchRequest {
  /** 1 to 20 http(s) links, one thread each. */
  urls: string[];
  /** Of new questions; default 'General'. Ignored when question_id is given. */
  cancer_type?: string;
  /** Add the community answers to this question instead of creating one per link. */
  question_id?: number;
}

export interface ImportRowView {
  id: number;
  batch_id: number;
  url: string;
  status: ImportRowStatus;
  /** What the job is doing now, e.g. 'Fetching the page', or the wait before a retry. */
  stage: string | null;
  /** Why the row failed, or why it needs the thread pasted. */
  error: string | null;
  /** The question the answers went to (created, or the batch's target). */
  question_id: number | null;
  /** Community answers this row added. */
  answers_created: number;
  ai_run_id: number | null;
  /** Why no AI answer was requested, when none was. */
  ai_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImportBatchView {
  id: number;
  cancer_type: string;
  question_id: number | null;
  created_at: string;
  rows: ImportRowView[];
}

export interface CreateImportBatchResponse {
  /** Null when every link had been imported there before. */
  batch: ImportBatchView | null;
  /** Links already imported into the same place (a new question, or the same target question): nothing was added. */
  already_imported: ImportRowView[];
}

export interface ImportBatchListResponse {
  items: ImportBatchView[];
  page: number;
  per_page: number;
  total: number;
}

export interface PasteImportRequest {
  /** The thread as text: its title on the first line, then the replies separated by blank lines. */
  text: string;
}

/** What an imported community answer shows besides its text and source (never a username). */
export interface CommunityAnswerMeta {
  host: string;
  /** ISO 8601, or null when the site did not say. */
  posted_at: string | null;
  score: number | null;
  label: typeof COMMUNITY_ANSWER_LABEL;
}
