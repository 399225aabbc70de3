/**
 * Community import (issue 13): the status of each imported URL as the Import tab shows it, the shape an extractor
 * hands over, and the label every imported reply carries. Server and web share these; the texts appear only here.
 */

/** The life of one imported URL, in order; `failed` carries a short reason the UI shows. */
export const IMPORT_ROW_STATUSES = ['queued', 'fetching', 'answering', 'saved', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** The label on every community answer that came from an import. */
export const COMMUNITY_ANSWER_LABEL = 'Anecdotal — from an online community';

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
