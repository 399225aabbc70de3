import { hash } from 'argon2';
import { ApprovalStatus, Role } from '@cqa/contracts';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../../modules/users/entities/user.entity';

/** Demo sign-ins for development; never created in production. */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.cancer-qa.test', role: Role.Admin, firstName: 'Ada', lastName: 'Admin' },
  { email: 'expert@demo.cancer-qa.test', role: Role.Expert, firstName: 'Eli', lastName: 'Expert' },
  { email: 'patient@demo.cancer-qa.test', role: Role.Patient, firstName: 'Pat', lastName: 'Patient' },
] as const;

/** Inserts the demo accounts that are missing; running it twice changes nothing. Returns the emails it created. */
export async function seedDemoAccounts(ds: DataSource): Promise<string[]> {
  const users = ds.getRepository(UserEntity);
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await users.exists({ where: { email: account.email } })) continue;
    await users.insert({
      ...account,
      passwordHash: await hash(DEMO_PASSWORD, { type: 2 }),
      emailConfirmedAt: new Date(),
      approvalStatus: ApprovalStatus.Approved,
    });
    created.push(account.email);
  }
  return created;
}
