import { createHash, randomBytes } from 'node:crypto';
import {
  answerSourcesPhrase, type AnswerKind, ANSWER_KINDS, CANCER_TYPES, GENERAL_CANCER_TYPE, MAIL_QUESTION_TITLE_MAX, UNSUBSCRIBE_TOKEN_PATTERN,
} from '@cqa/contracts';
import { inertName } from '../mail/mail-text';

/**
 * The rules of answer e-mails, apart from the database: the unsubscribe token (random, never derived from the user),
 * how long an answer waits for others before its e-mail goes, and what the e-mail may say.
 */

/** 32 random bytes as base64url (43 characters): cannot be guessed or computed from a user id. */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isUnsubscribeToken(value: unknown): value is string {
  return typeof value === 'string' && UNSUBSCRIBE_TOKEN_PATTERN.test(value);
}

/** Only this digest is stored (hex sha256, as for refresh tokens), so a database leak yields no working link. */
export function hashUnsubscribeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The batching window: the first answer not yet told opens it, and its e-mail waits the whole quiet period so every
 * answer arriving meanwhile (a thread's twenty community replies, the expert a minute later) rides along. Milliseconds
 * from now until the window closes; 0 when it closed already (the worker was down, say).
 */
export function answerMailDelayMs(msSinceFirstAnswer: number, quietSeconds: number): number {
  return Math.max(0, Math.round(quietSeconds * 1000 - msSinceFirstAnswer));
}

/** The kinds an e-mail names: each once, in tab order, and only known kinds (a row's kind is a string in the database). */
export function answerKindsOf(rows: ReadonlyArray<{ answer_kind: string }>): AnswerKind[] {
  const seen = new Set(rows.map((r) => r.answer_kind));
  return ANSWER_KINDS.filter((k) => seen.has(k));
}

/** A question's title in an e-mail: its first words, inert (no link, no markup), capped. */
export function mailQuestionTitle(questionText: string): string {
  return inertName(questionText, MAIL_QUESTION_TITLE_MAX);
}

/** The e-mail's one sentence about the answers: the kinds only, never their text. */
export function answersArrivedSentence(kinds: readonly AnswerKind[]): string {
  return `Your question received ${answerSourcesPhrase(kinds)}.`;
}

export interface DigestGroup { cancerType: string; count: number }

const DIGEST_CANCER_TYPES = new Set<string>([...CANCER_TYPES, GENERAL_CANCER_TYPE]);

/**
 * The digest's lines: waiting questions counted by cancer type, most first. Only the option list's names reach an
 * e-mail (anything else a row holds counts as 'Other'), never a question's words.
 */
export function digestGroups(rows: ReadonlyArray<{ cancer_type: string; n: number | string }>): DigestGroup[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const type = DIGEST_CANCER_TYPES.has(row.cancer_type) ? row.cancer_type : 'Other';
    counts.set(type, (counts.get(type) ?? 0) + Number(row.n));
  }
  return [...counts].map(([cancerType, count]) => ({ cancerType, count }))
    .filter((g) => g.count > 0)
    .sort((a, b) => b.count - a.count || a.cancerType.localeCompare(b.cancerType));
}
