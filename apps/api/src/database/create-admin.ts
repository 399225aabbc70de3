import { AccountTexts, ApprovalStatus, isCommonPassword, Messages, PASSWORD_MIN_LENGTH, Role } from '@cqa/contracts';
import { hash } from 'argon2';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../modules/auth/entities/user.entity';

export interface NewAdmin { email: string; firstName: string; lastName: string; password: string }

/** Problems with the input, in words for the command line; empty when it can be used. */
export function adminInputProblems(input: Partial<NewAdmin>): string[] {
  const problems: string[] = [];
  if (!input.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) problems.push('--email must be an email address');
  if (!input.firstName?.trim()) problems.push('--first-name is required');
  if (!input.lastName?.trim()) problems.push('--last-name is required');
  if (!input.password || input.password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`the password (ADMIN_PASSWORD or standard input) must be at least ${PASSWORD_MIN_LENGTH} characters`);
  } else if (isCommonPassword(input.password)) {
    problems.push(`the password: ${Messages.validation.passwordTooCommon}`);
  }
  return problems;
}

/** Makes an approved, verified admin; refuses an email that already has an account. Returns the new id. */
export async function createAdmin(ds: DataSource, input: NewAdmin): Promise<string> {
  const users = ds.getRepository(UserEntity);
  const email = input.email.trim().toLowerCase();
  if (await users.exists({ where: { email } })) throw new Error(AccountTexts.adminExists);
  const now = new Date();
  const user = await users.save(users.create({
    email, role: Role.Admin, firstName: input.firstName.trim(), lastName: input.lastName.trim(),
    passwordHash: await hash(input.password, { type: 2 }), emailConfirmedAt: now, approvalStatus: ApprovalStatus.Approved,
    termsConsent: true, termsConsentDate: now,
  }));
  return user.id;
}
