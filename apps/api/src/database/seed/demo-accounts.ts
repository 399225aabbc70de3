import { hash } from 'argon2';
import { ApprovalStatus, DEMO_ACCOUNTS, DEMO_PASSWORD, Role } from '@cqa/contracts';
import type { DataSource } from 'typeorm';
import { PatientEntity } from '../../modules/profiles/entities/patient.entity';
import { UserEntity } from '../../modules/auth/entities/user.entity';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

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
