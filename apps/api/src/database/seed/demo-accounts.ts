import { hash } from 'argon2';
import { ApprovalStatus, DEMO_ACCOUNTS, DEMO_EXPERT_CREDENTIALS, DEMO_PASSWORD, Role } from '@cqa/contracts';
import type { DataSource, Repository } from 'typeorm';
import { PatientEntity } from '../../modules/profiles/entities/patient.entity';
import { UserEntity } from '../../modules/auth/entities/user.entity';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

/**
 * Inserts the demo accounts that are missing, the demo patient's record (also for a database seeded before patient
 * records existed) and the demo expert's professional details (also for one seeded before they were asked); running it
 * twice changes nothing. Returns the emails it created.
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
    if (account.role === Role.Patient) await seedDemoPatient(patients, user.id, account);
    if (account.role === Role.Expert && !(user.specialty && user.licenceNumber && user.institution)) {
      const { specialty, licence_number: licenceNumber, institution } = DEMO_EXPERT_CREDENTIALS;
      await users.update({ id: user.id }, { specialty, licenceNumber, institution });
    }
  }
  return created;
}

/** The demo patient as a visitor would believe them: a plausible age, and a diagnosis their questions default to. */
export const DEMO_PATIENT_PROFILE = { age: 58, sex: 'Female', cancer_type: 'Breast Cancer', cancer_stage: 'Stage 2' } as const;
const BELIEVABLE_AGE = { min: 18, max: 100 };

/**
 * The demo patient's record with DEMO_PATIENT_PROFILE; a record without a profile, or whose age is not a believable
 * one (a test that tried the field's limit, 120, on the demo account), gets it too. Their profile stays incomplete
 * (0%): signing in still leads to the wizard, as the spec routes it.
 */
async function seedDemoPatient(patients: Repository<PatientEntity>, userId: string, account: { firstName: string; lastName: string }): Promise<void> {
  const { age, sex, cancer_type: cancerType, cancer_stage: cancerStage } = DEMO_PATIENT_PROFILE;
  const existing = await patients.findOne({ where: { userId }, select: { id: true, age: true, profile: true } });
  if (!existing) {
    await patients.insert({
      userId, firstName: account.firstName, lastName: account.lastName, hipaaConsent: true, profileCompletionPercentage: 0,
      age, sex, cancerType, cancerStage, profile: { ...DEMO_PATIENT_PROFILE },
    });
    return;
  }
  if (!existing.profile) {
    await patients.update({ id: existing.id }, { age, sex, cancerType, cancerStage, profile: { ...DEMO_PATIENT_PROFILE } });
    return;
  }
  const stored = existing.profile.age;
  if (typeof stored !== 'number' || stored < BELIEVABLE_AGE.min || stored > BELIEVABLE_AGE.max) {
    await patients.update({ id: existing.id }, { age, profile: { ...existing.profile, age } });
  }
}
