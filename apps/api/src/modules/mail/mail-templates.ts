import type { Role } from '@cqa/contracts';
import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, REJECTION_REASON_MAX_LENGTH, VERIFICATION_TTL_HOURS } from '@cqa/contracts';
import type { OutgoingMail } from './mail.service';
import { escapeHtml, inertName, inertText } from './mail-text';

/**
 * Every email as plain text plus an HTML alternative built from the same paragraphs, each escaped. Names people typed
 * at registration pass through `inertName` first: they stay text, never a link (issue 17.13). Templates hold no
 * health data.
 */
function compose(to: string, kind: string, subject: string, paragraphs: string[], link: string): OutgoingMail {
  const html = paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return { to, kind, subject, link, text: `${paragraphs.join('\n\n')}\n`, html };
}

export function verificationMail(to: string, firstName: string, link: string): OutgoingMail {
  return compose(to, 'verify-email', 'Verify your email for Cancer Q&A', [
    `Hello ${inertName(firstName)},`,
    'Please confirm your email address by opening this link:',
    link,
    `The link works once and expires after ${VERIFICATION_TTL_HOURS} hours. If you did not register, ignore this email.`,
    REVIEW_NOTE,
  ], link);
}

/** What happens after the address is confirmed (issue 44): said by the verification e-mail and the page the link opens. */
const REVIEW_NOTE = 'After you confirm your address, an administrator reviews your registration. We will email you as soon as it is approved.';

export function approvalMail(to: string, firstName: string, role: Role, link: string): OutgoingMail {
  return compose(to, 'account-approved', 'Your Cancer Q&A registration is approved', [
    `Hello ${inertName(firstName)},`,
    `An administrator has approved your registration as ${role === 'expert' ? 'an expert' : 'a patient'}. You can now log in:`,
    link,
  ], link);
}

/** The reason is the admin's own words: text only, never a link (inertText keeps it so). */
export function rejectionMail(to: string, firstName: string, reason: string | undefined, link: string): OutgoingMail {
  return compose(to, 'account-rejected', 'Your Cancer Q&A registration was not approved', [
    `Hello ${inertName(firstName)},`,
    'An administrator has reviewed your registration and did not approve it.',
    ...(reason?.trim() ? [`The reason given: ${inertText(reason, REJECTION_REASON_MAX_LENGTH)}`] : []),
    'If you think this is a mistake, reply to this email or contact support. More about the platform:',
    link,
  ], link);
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return compose(to, 'reset-password', 'Reset your Cancer Q&A password', [
    'Someone asked to reset the password of your Cancer Q&A account.',
    'To choose a new password, open this link:',
    link,
    `The link works once and expires after ${PASSWORD_RESET_TTL_MINUTES} minutes. If it was not you, ignore this email.`,
  ], link);
}

/** The registrant's own address is left out: it is theirs to choose, so it could be a link too. The page shows it. */
export function adminRegistrationMail(to: string, user: { firstName: string; lastName: string; email: string; role: Role; registeredAt: Date }, link: string): OutgoingMail {
  return compose(to, 'admin-registration', `New ${user.role} registration on Cancer Q&A`, [
    `${inertName(`${user.firstName} ${user.lastName}`)} registered as ${user.role} on ${user.registeredAt.toISOString()}.`,
    'The account is pending approval:',
    link,
  ], link);
}

/** To the new address: the change takes effect only when this link is opened. */
export function emailChangeConfirmMail(to: string, firstName: string, link: string): OutgoingMail {
  return compose(to, 'email-change-confirm', 'Confirm your new email for Cancer Q&A', [
    `Hello ${inertName(firstName)},`,
    'You asked to use this address for your Cancer Q&A account. To confirm it, open this link:',
    link,
    `The link works once and expires after ${EMAIL_CHANGE_TTL_HOURS} hours. Until then your account keeps its current address. If it was not you, ignore this email.`,
  ], link);
}

/**
 * To the address being replaced, when the change is asked for and when it is done. The new address is left out: the
 * asker chose it, so it could be a link (as with a registrant's address in the admins' notice).
 */
export function emailChangeNoticeMail(to: string, firstName: string, stage: 'requested' | 'done', link: string): OutgoingMail {
  const lines = stage === 'requested'
    ? ['Someone signed in to your Cancer Q&A account asked to move it to another email address. It changes only when the link sent to that address is opened.',
      'If it was not you, sign in and change your password now; that ends every other session:']
    : ['The email address of your Cancer Q&A account has been changed. This address no longer signs in.',
      'If it was not you, contact support at once by replying to this email. More about the platform:'];
  return compose(to, stage === 'requested' ? 'email-change-requested' : 'email-changed',
    stage === 'requested' ? 'A change of your Cancer Q&A email was requested' : 'Your Cancer Q&A email was changed',
    [`Hello ${inertName(firstName)},`, ...lines, link], link);
}

/**
 * "Download my data" (issue 44): the link opens the account page, where the signed-in owner downloads the archive; it
 * carries no token, so a forwarded or leaked e-mail hands out nothing.
 */
export function accountExportReadyMail(to: string, firstName: string, link: string, expiresAt: Date): OutgoingMail {
  return compose(to, 'account-export-ready', 'Your Cancer Q&A data archive is ready', [
    `Hello ${inertName(firstName)},`,
    'The archive of your data you asked for is ready. Sign in and download it from your account page:',
    link,
    `It can be downloaded until ${expiresAt.toUTCString()}; then it is deleted. If you did not ask for it, change your password and end the sessions you do not recognise on the same page.`,
  ], link);
}

/** Delete my account (issue 44): what goes, what stays, the date, and how to cancel. No health data, no name. */
export function deletionScheduledMail(to: string, due: Date, byAdmin: boolean, statement: { whatGoes: string; whatStays: string }, link: string): OutgoingMail {
  return compose(to, 'account-deletion-scheduled', 'Your Cancer Q&A account will be deleted', [
    byAdmin ? 'As you asked us, an administrator has scheduled the deletion of your Cancer Q&A account.' : 'You asked us to delete your Cancer Q&A account.',
    `It will be erased on ${due.toUTCString()}.`,
    statement.whatGoes,
    statement.whatStays,
    'Changed your mind? Sign in before that date and the deletion is cancelled:',
    link,
  ], link);
}

export function deletionCancelledMail(to: string, byAdmin: boolean, link: string): OutgoingMail {
  return compose(to, 'account-deletion-cancelled', 'The deletion of your Cancer Q&A account is cancelled', [
    byAdmin ? 'An administrator has cancelled the deletion of your Cancer Q&A account.' : 'You signed in, so the deletion of your Cancer Q&A account is cancelled.',
    'Your account and everything in it stay as they were. If this was not you, change your password at once:',
    link,
  ], link);
}
