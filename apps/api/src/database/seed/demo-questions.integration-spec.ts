import { DEMO_EXPERT_CREDENTIALS } from '@cqa/contracts';
import { dropDatabase, migrate, withDataSource } from '../database-admin';
import { DEMO_ACCOUNTS, DEMO_PATIENT_PROFILE, seedDemoAccounts } from './demo-accounts';
import { seedDemoQuestions } from './demo-questions';

/** In a database of its own: the shared run database may or may not hold the demo accounts already. */
const url = () => `${process.env.DATABASE_URL!}_seedq`;

describe('demo questions seed (real MariaDB)', () => {
  beforeAll(async () => {
    await migrate(url());
  });
  afterAll(async () => {
    await dropDatabase(url());
  });

  it('adds nothing without the demo accounts', async () => {
    expect(await withDataSource(url(), seedDemoQuestions)).toBe(0);
  });

  it('adds questions with answers of every kind and ratings once, with consistent counts', async () => {
    await withDataSource(url(), seedDemoAccounts);
    const added = await withDataSource(url(), seedDemoQuestions);
    expect(added).toBeGreaterThanOrEqual(4);
    expect(await withDataSource(url(), seedDemoQuestions)).toBe(0);
    await withDataSource(url(), async (ds) => {
      const [totals] = await ds.query('SELECT (SELECT COUNT(*) FROM cancer_questions) AS questions, (SELECT COUNT(*) FROM ratings_feedback) AS ratings');
      expect(Number(totals.questions)).toBe(added);
      expect(Number(totals.ratings)).toBeGreaterThan(0);
      const kinds = (await ds.query('SELECT DISTINCT answer_type FROM cancer_answers')).map((r: { answer_type: string }) => r.answer_type);
      expect(kinds.sort()).toEqual(['ai', 'deep_research', 'expert', 'quora']);
      const drift = await ds.query(`SELECT q.id FROM cancer_questions q
        WHERE q.answers_count <> (SELECT COUNT(*) FROM cancer_answers a WHERE a.question_id = q.id)
           OR q.has_expert_answer <> EXISTS (SELECT 1 FROM cancer_answers a WHERE a.question_id = q.id AND a.answer_type = 'expert')`);
      expect(drift).toEqual([]);
      const [mix] = await ds.query('SELECT SUM(has_expert_answer = 1) AS answered, SUM(has_expert_answer = 0) AS open, SUM(patient_id IS NULL) AS anonymous FROM cancer_questions');
      expect(Number(mix.answered)).toBeGreaterThan(0);
      expect(Number(mix.open)).toBeGreaterThan(0);
      expect(Number(mix.anonymous)).toBeGreaterThan(0);
    });
  });

  it("gives the demo patient a believable profile, and puts a believable age back over the field's limit", async () => {
    const patientEmail = DEMO_ACCOUNTS.find((a) => a.role === 'patient')!.email;
    const demoPatient = async () => (await withDataSource(url(), (ds) => ds.query(
      'SELECT p.id, p.age, p.cancer_type, p.profile, p.profile_completion_percentage AS completion FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = ?', [patientEmail],
    )))[0];
    await withDataSource(url(), seedDemoAccounts);
    const seeded = await demoPatient();
    const profile = typeof seeded.profile === 'string' ? JSON.parse(seeded.profile) : seeded.profile;
    expect({ age: seeded.age, cancerType: seeded.cancer_type, profile, completion: seeded.completion }).toEqual({
      age: 58, cancerType: 'Breast Cancer', profile: DEMO_PATIENT_PROFILE, completion: 0,
    });
    await withDataSource(url(), (ds) => ds.query("UPDATE patients SET age = 120, profile = JSON_SET(profile, '$.age', 120) WHERE id = ?", [seeded.id]));
    await withDataSource(url(), seedDemoAccounts);
    const repaired = await demoPatient();
    expect(repaired.age).toBe(58);
    expect((typeof repaired.profile === 'string' ? JSON.parse(repaired.profile) : repaired.profile).age).toBe(58);
  });

  it('gives the demo expert professional details, also when seeded before they were asked, and keeps ones changed since', async () => {
    const expertEmail = DEMO_ACCOUNTS.find((a) => a.role === 'expert')!.email;
    const details = async () => (await withDataSource(url(), (ds) => ds.query(
      'SELECT specialty, licence_number, institution FROM users WHERE email = ?', [expertEmail],
    )))[0];
    await withDataSource(url(), seedDemoAccounts);
    expect(await details()).toEqual(DEMO_EXPERT_CREDENTIALS);
    await withDataSource(url(), (ds) => ds.query('UPDATE users SET specialty = NULL, licence_number = NULL, institution = NULL WHERE email = ?', [expertEmail]));
    await withDataSource(url(), seedDemoAccounts);
    expect(await details()).toEqual(DEMO_EXPERT_CREDENTIALS);
    await withDataSource(url(), (ds) => ds.query("UPDATE users SET specialty = 'oncology nurse' WHERE email = ?", [expertEmail]));
    await withDataSource(url(), seedDemoAccounts);
    expect((await details()).specialty).toBe('oncology nurse');
  });
});
