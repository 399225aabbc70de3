import { hash } from 'argon2';
import { ApprovalStatus, Role } from '@cqa/contracts';
import type { DataSource } from 'typeorm';
import { PatientEntity } from '../../modules/users/entities/patient.entity';
import { UserEntity } from '../../modules/users/entities/user.entity';

/** Demo sign-ins for development; never created in production. */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.cancer-qa.test', role: Role.Admin, firstName: 'Ada', lastName: 'Admin' },
  { email: 'expert@demo.cancer-qa.test', role: Role.Expert, firstName: 'Eli', lastName: 'Expert' },
  { email: 'patient@demo.cancer-qa.test', role: Role.Patient, firstName: 'Pat', lastName: 'Patient' },
] as const;

/**
 * Inserts the demo accounts that are missing, and the demo patient's record (also for a database seeded before
 * patient records existed); running it twice changes nothing. Returns the emails it created.
 */
export async function seedDemoAccounts(ds: DataSource): Promise<string[]> {
  const users = ds.getRepository(UserEntity);
  const patients = ds.getRepository(PatientEntity);
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let user = await users.findOne({ where: { email: account.email } });
    if (!user) {
      const now = new Date();
      await users.insert({
        ...account,
        passwordHash: await hash(DEMO_PASSWORD, { type: 2 }),
        emailConfirmedAt: now,
        approvalStatus: ApprovalStatus.Approved,
        termsConsent: true,
        termsConsentDate: now,
      });
      user = await users.findOneByOrFail({ email: account.email });
      created.push(account.email);
    }
    if (account.role === Role.Patient && !(await patients.exists({ where: { userId: user.id } }))) {
      await patients.insert({ userId: user.id, firstName: account.firstName, lastName: account.lastName, hipaaConsent: true, profileCompletionPercentage: 0 });
    }
  }
  return created;
}
