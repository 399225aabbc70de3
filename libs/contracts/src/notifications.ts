import type { AnswerKind } from './questions';

/** Answer e-mails, the "New answers" marks and the experts' daily digest (issue 29.1). */
export const NotificationPaths = {
  settings: '/api/account/notifications',
  newAnswers: '/api/notifications/new-answers',
  /** One-click unsubscribe (RFC 8058): GET shows a confirmation page, POST unsubscribes; no sign-in. */
  unsubscribe: (token: string) => `/api/unsubscribe/${token}`,
} as const;

/** What a signed-in user chooses: patients the answer e-mails (on by default), experts the daily digest (off by default). */
export interface NotificationSettings {
  answerEmails: boolean;
  expertDigest: boolean;
}
export type NotificationSettingsUpdate = Partial<NotificationSettings>;

/** How many of the caller's questions have answers they have not opened yet. */
export interface NewAnswersCount {
  count: number;
}

/** An unsubscribe token: 32 random bytes, base64url. Never a user id. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long an unused unsubscribe link works from the e-mail that carried it; after that it is refused (410). */
export const UNSUBSCRIBE_LINK_LIFETIME_DAYS = 365;

/** Where a signed-in person turns the notification e-mails on or off (the "E-mail notifications" card). */
export const NOTIFICATION_SETTINGS_PAGE = '/account/security';

/** Longest question title an e-mail repeats; longer ones are cut and end with '…'. */
export const MAIL_QUESTION_TITLE_MAX = 80;

/** How an answer source is named in an e-mail: the kind, never its text. */
export const ANSWER_SOURCE_MAIL_NAMES: Readonly<Record<AnswerKind, string>> = {
  ai: 'an AI answer',
  quora: 'community answers',
  expert: 'an expert answer',
  deep_research: 'a deep research report',
};

/** The source names joined for a sentence, in tab order: 'an expert answer and community answers'. */
export function answerSourcesPhrase(kinds: readonly AnswerKind[]): string {
  const order: AnswerKind[] = ['ai', 'quora', 'expert', 'deep_research'];
  const names = order.filter((k) => kinds.includes(k)).map((k) => ANSWER_SOURCE_MAIL_NAMES[k]);
  if (names.length <= 1) return names[0] ?? 'an answer';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
