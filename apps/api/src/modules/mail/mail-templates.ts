import type { Role } from '@cqa/contracts';
import { PASSWORD_RESET_TTL_MINUTES, VERIFICATION_TTL_HOURS } from '@cqa/contracts';
import type { OutgoingMail } from './mail.service';

export function verificationMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Verify your email for Cancer Q&A',
    link,
    text: `Hello ${firstName},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\n` +
      `The link works once and expires after ${VERIFICATION_TTL_HOURS} hours. If you did not register, ignore this email.\n`,
  };
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Cancer Q&A password',
    link,
    text: `Someone asked to reset the password of your Cancer Q&A account.\n\nTo choose a new password, open this link:\n\n${link}\n\n` +
      `The link works once and expires after ${PASSWORD_RESET_TTL_MINUTES} minutes. If it was not you, ignore this email.\n`,
  };
}

export function adminRegistrationMail(to: string, user: { firstName: string; lastName: string; email: string; role: Role; registeredAt: Date }, link: string): OutgoingMail {
  return {
    to,
    subject: `New ${user.role} registration on Cancer Q&A`,
    link,
    text: `${user.firstName} ${user.lastName} <${user.email}> registered as ${user.role} on ${user.registeredAt.toISOString()}.\n\n` +
      `The account is pending approval:\n\n${link}\n`,
  };
}
