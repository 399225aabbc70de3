import { UNSUBSCRIBE_LINK_LIFETIME_DAYS } from '../notifications';

export const NotificationTexts = {
  settingsTitle: 'E-mail notifications',
  answerEmailsLabel: 'E-mail me when answers arrive on my questions',
  answerEmailsHelp: 'At most one e-mail per question every few minutes. It names the kinds of answer and your question, never the answer itself.',
  expertDigestLabel: 'Send me a daily e-mail of questions waiting for an expert answer',
  saved: 'Your e-mail settings were saved.',
  saveFailed: 'Could not save your e-mail settings. Please try again.',
  loadFailed: 'Could not load your e-mail settings.',
  newAnswersBadge: 'New answers',
  /** The top bar's link, read out with what it counts; it shows 'New answers: N' (a phone: a bell and N), which the label contains. */
  newAnswersLink: (count: number) => `New answers: ${count} ${count === 1 ? 'question' : 'questions'}`,
  unsubscribePageTitle: 'Unsubscribe from Cancer Q&A e-mails',
  unsubscribeConfirm: 'Stop the notification e-mails from Cancer Q&A?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed. You will get no more notification e-mails. You can turn them on again in your account settings.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  /** A used link whose owner has turned e-mails on again since: it does not turn them off a second time. */
  unsubscribeSpent: 'This unsubscribe link was used already. To stop the e-mails again, use the link in a newer e-mail or your account settings.',
  /** An unused link older than UNSUBSCRIBE_LINK_LIFETIME_DAYS: it changes nothing. */
  unsubscribeExpired: `This unsubscribe link has expired: the links in our e-mails work for ${UNSUBSCRIBE_LINK_LIFETIME_DAYS} days. `
    + 'To stop the e-mails, sign in and turn them off under "E-mail notifications" on your account\'s Security page, or use the link in a newer e-mail.',
  unsubscribeSignInToChange: 'Sign in to change your e-mail settings',
  digestExpertsOnly: 'Only experts receive the daily digest.',
  answerEmailsPatientsOnly: 'Only patients receive answer e-mails.',
} as const;
