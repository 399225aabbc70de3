import { randomBytes } from 'node:crypto';
import { answerSourcesPhrase, type AnswerKind, ANSWER_KINDS, MAIL_QUESTION_TITLE_MAX, UNSUBSCRIBE_TOKEN_PATTERN } from '@cqa/contracts';
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
