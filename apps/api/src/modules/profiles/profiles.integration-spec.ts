import {
  ApiErrorBody, computeBmi, Messages, PatientPaths, PatientProfileData, PatientProfileResponse, PROFILE_FIELDS, ProfileTexts,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { call, createUser, signIn, TestUser } from '../../../test/accounts-helpers';
import { RunningApi, startApi } from '../../../test/api-harness';
import { AddPatientProfile1795470000000 } from '../../database/migrations/1795470000000-AddPatientProfile';

/** Every field answered, every conditional field shown, every `_other` companion filled (sex has no 'Other' option). */
const FULL_PROFILE: Omit<PatientProfileData, 'sex_other' | 'bmi'> = {
  age: 54, sex: 'Female', ethnicity: 'Other', ethnicity_other: 'Mixed heritage', marital_status: 'Married',
  children_in_household: 'More than 4', support_network: 'Husband and sister', city: 'Columbus', state: 'Ohio', zipcode: '43004',
  occupation: 'Other', occupation_other: 'Artist', education: 'Other', education_other: 'Trade school', employment_status: 'Other',
  employment_status_other: 'Self-employed', household_income: 'Other', household_income_other: 'Varies', religion: 'Other',
  religion_other: 'Quaker', political_viewpoint: 'Other', political_viewpoint_other: 'Independent',
  cancer_type: 'Other', cancer_type_other: 'Appendix cancer', cancer_stage: 'Other', cancer_stage_other: 'Stage 3B', diagnosis_date: 2021,
  tumor_grade: 'Other', tumor_grade_other: 'Grade 2-3', molecular_genetic_data: 'BRCA2 positive', key_comorbidities: ['Asthma', 'Other'],
  key_comorbidities_other: 'Gout', weight: 150.5, height: 170.18, previous_cancer_history: 'Yes', previous_cancer_type: 'Melanoma',
  previous_cancer_age_at_diagnosis: 40, previous_cancer_treatment: 'Wide excision', previous_cancer_outcome: 'No recurrence',
  family_history_relatives: ['Mother', 'Other'], family_history_details: { Mother: 'Breast, 60', Other: 'Cousin, colon, 45' },
  conditions: ['Hypertension', 'Other'], conditions_other: 'Sleep apnea', conditions_add: 'Mild anemia',
  clinical_symptoms: { Constitutional: ['Fatigue', 'Night sweats'], Respiratory: ['Cough'], Other: ['Other'] },
  clinical_symptoms_other: 'Ringing at night',
  major_treatments: ['Surgery', 'Chemotherapy', 'Other'], major_treatments_other: 'Acupuncture', describe_treatment: 'Six cycles of FOLFOX',
  surgery_type: 'Other', surgery_type_other: 'Right hemicolectomy', organs_tissues_removed: ['Colon', 'Other'],
  organs_tissues_removed_other: 'Appendix', surgery_date: 2021, surgical_notes: 'No complications', current_medications: 'Ondansetron 8 mg',
  current_supplements: 'Vitamin D', past_medications: 'Capecitabine', medication_conditions: 'Nausea', clinical_trials_participation: 'Yes',
  clinical_trials_details: 'NCT01234567',
  treatment_goals: ['Prolong life', 'Other'], treatment_goals_other: 'Travel with family', unaddressed_concerns: 'Neuropathy in feet',
  smoking_history: 'Yes', smoking_packs_per_day: 0.5, smoking_years: 12, alcohol_consumption: 'Yes, previously', alcohol_days_per_week: 2,
  alcohol_drinks_per_day: 1, karnofsky_score: 80, exercise_routine: 'Walks 30 minutes', appetite: 'Other', appetite_other: 'Varies with chemo',
  diet_type: 'Other', diet_type_other: 'Low residue', dietary_habit: 'Other', dietary_habit_other: 'Small frequent meals',
  recreational_substances: 'Occasionally', occupational_hazards: 'Solvents', hazard_exposure: 'Yes-previously',
  hazard_exposure_details: 'Paint thinners in the 1990s', mental_health_status: 'Anxious but coping', stress_level: 6, sleep_quality: 'Fair',
  sleep_hours: 6.5, quality_of_life_impact: 'Moderate',
};

/** Exactly the required fields of spec section 5. */
const REQUIRED_ONLY: Partial<PatientProfileData> = {
  age: 61, sex: 'Male', ethnicity: 'Hispanic', marital_status: 'Widowed', children_in_household: 'None', state: 'Texas', zipcode: '73301',
  occupation: 'Retail', cancer_type: 'Lung Cancer', cancer_stage: 'Stage 2', conditions: ['None'], major_treatments: ['Radiation Therapy'],
  current_medications: 'None', treatment_goals: ['Treat'], unaddressed_concerns: 'Cost', smoking_history: 'No', alcohol_consumption: 'Never',
  exercise_routine: 'None', appetite: 'Good', diet_type: 'Standard', dietary_habit: 'Irregular meals',
};

describe('patient profiles API', () => {
  let api: RunningApi;
  let ds: DataSource;
  let admin: TestUser;
  let expert: TestUser;
  let patient: TestUser;
  let other: TestUser;
  const tokens: Record<string, string> = {};
  let patientId: string;
  let otherId: string;

  const patientIdOf = async (userId: string): Promise<string> => (await ds.query('SELECT id FROM patients WHERE user_id = ?', [userId]))[0].id;
  const auditRows = (patient_id: string) =>
    ds.query('SELECT actor_user_id, actor_role, action, ip_address FROM profile_access_logs WHERE patient_id = ? ORDER BY id', [patient_id]) as
      Promise<{ actor_user_id: string; actor_role: string; action: string; ip_address: string | null }[]>;
  const get = (path: string, token?: string) => call<PatientProfileResponse & ApiErrorBody>(api, 'GET', path, { token });
  const put = (id: string, body: unknown, token: string) => call<PatientProfileResponse & ApiErrorBody>(api, 'PUT', PatientPaths.one(id), { token, body });
  const post = (body: unknown, token: string) => call<PatientProfileResponse & ApiErrorBody>(api, 'POST', PatientPaths.list, { token, body });

  beforeAll(async () => {
    api = await startApi();
    ds = api.app.get(DataSource);
    admin = await createUser(api, 'admin');
    expert = await createUser(api, 'expert');
    patient = await createUser(api, 'patient');
    other = await createUser(api, 'patient');
    for (const user of [admin, expert, patient, other]) tokens[user.id] = (await signIn(api, user)).token;
    patientId = await patientIdOf(patient.id);
    otherId = await patientIdOf(other.id);
  });
  afterAll(async () => { await api.close(); });

  describe('access', () => {
    it('lets a patient read their own record by id and by user id, without an audit row', async () => {
      const byId = await get(PatientPaths.one(patientId), tokens[patient.id]);
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({ id: patientId, patient_id: patientId, user_id: patient.id, email: patient.email, first_name: 'Test' });
      expect(Object.keys(byId.body.profile).sort()).toEqual(PROFILE_FIELDS.map((f) => f.name).sort());
      const byUser = await get(`${PatientPaths.list}?user_id=${patient.id}`, tokens[patient.id]);
      expect(byUser.status).toBe(200);
      expect(byUser.body.id).toBe(patientId);
      expect(await auditRows(patientId)).toEqual([]);
    });

    it("refuses a patient another patient's record, by id, by user id and for writing", async () => {
      for (const result of [
        await get(PatientPaths.one(otherId), tokens[patient.id]),
        await get(`${PatientPaths.list}?user_id=${other.id}`, tokens[patient.id]),
        await put(otherId, { profile: { age: 30 } }, tokens[patient.id]),
      ]) {
        expect(result.status).toBe(403);
        expect(result.body.message).toBe(Messages.platform.accessDenied);
      }
      expect((await get(PatientPaths.one(otherId), tokens[other.id])).body.profile.age).toBeNull();
    });

    it('lets experts read any record but not write, and records their reads', async () => {
      const read = await get(PatientPaths.one(otherId), tokens[expert.id]);
      expect(read.status).toBe(200);
      expect((await get(`${PatientPaths.list}?user_id=${other.id}`, tokens[expert.id])).status).toBe(200);
      expect((await put(otherId, { profile: { age: 30 } }, tokens[expert.id])).status).toBe(403);
      expect((await post({ user_id: other.id, profile: {} }, tokens[expert.id])).status).toBe(403);
      const rows = await auditRows(otherId);
      expect(rows.map((r) => [r.actor_user_id, r.actor_role, r.action])).toEqual([
        [expert.id, 'expert', 'profile.read'], [expert.id, 'expert', 'profile.read'],
      ]);
      expect(rows[0].ip_address).toBe('127.0.0.1');
    });

    it('lets admins read and write any record, and records both', async () => {
      expect((await get(PatientPaths.one(otherId), tokens[admin.id])).status).toBe(200);
      const saved = await put(otherId, { profile: { age: 33 }, first_name: 'Renamed' }, tokens[admin.id]);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ first_name: 'Renamed', profile: expect.objectContaining({ age: 33 }) });
      const rows = (await auditRows(otherId)).filter((r) => r.actor_user_id === admin.id);
      expect(rows.map((r) => r.action)).toEqual(['profile.read', 'profile.update']);
    });

    it("does not record the patient's own writes", async () => {
      const before = (await auditRows(otherId)).length;
      expect((await put(otherId, { profile: { city: 'Dayton' } }, tokens[other.id])).status).toBe(200);
      expect(await auditRows(otherId)).toHaveLength(before);
    });

    it('refuses anonymous callers and answers unknown records as not found', async () => {
      expect((await get(PatientPaths.one(patientId))).status).toBe(401);
      expect((await get(`${PatientPaths.list}?user_id=${patient.id}`)).status).toBe(401);
      expect((await call(api, 'PUT', PatientPaths.one(patientId), { body: { profile: {} } })).status).toBe(401);
      const missing = await get(PatientPaths.one('00000000-0000-4000-8000-000000000000'), tokens[admin.id]);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(Messages.errors.patientNotFound);
      expect((await get(PatientPaths.one('not-an-id'), tokens[admin.id])).status).toBe(404);
      expect((await get(`${PatientPaths.list}?user_id=${expert.id}`, tokens[admin.id])).status).toBe(404);
      expect((await get(PatientPaths.list, tokens[admin.id])).status).toBe(400);
    });
  });

  describe('validation', () => {
    const refused = async (profile: Record<string, unknown>, expected: string) => {
      const result = await put(patientId, { profile }, tokens[patient.id]);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain(expected);
    };

    it('refuses values outside the option lists', async () => {
      await refused({ sex: 'Unknown' }, `Sex: ${ProfileTexts.notAnOption}`);
      await refused({ conditions: ['Asthma', 'Flu'] }, `Other Health Conditions: ${ProfileTexts.notAnOption}`);
      await refused({ clinical_symptoms: { Respiratory: ['Rash'] } }, ProfileTexts.unknownSymptom('Rash'));
      await refused({ karnofsky_score: 55 }, ProfileTexts.notAnOption);
    });

    it('refuses numbers out of bounds with the spec messages', async () => {
      await refused({ age: 121 }, 'Age: Value must be 120 or less.');
      await refused({ age: -1 }, 'Value must be 0 or greater.');
      await refused({ stress_level: 0 }, 'Stress Level: Value must be 1 or greater.');
      await refused({ age: 'old' }, ProfileTexts.notANumber);
    });

    it('refuses a year that is not 4 digits', async () => {
      await refused({ cancer_type: 'Lung Cancer', diagnosis_date: 99 }, 'Year of Diagnosis: Please enter a valid 4-digit year');
      await refused({ diagnosis_date: '20210' }, 'Please enter a valid 4-digit year');
    });

    it('refuses unknown fields, in the profile and beside it, and saves nothing of a refused request', async () => {
      await refused({ age: 40, favourite_colour: 'blue' }, 'Unknown profile field: favourite_colour');
      const beside = await put(patientId, { profile: {}, hobby: 'chess' }, tokens[patient.id]);
      expect(beside.status).toBe(400);
      expect(beside.body.message).toContain('hobby');
      expect((await put(patientId, { profile: 'age=40' }, tokens[patient.id])).body.message).toContain(ProfileTexts.notAProfile);
      expect((await put(patientId, { profile: {}, first_name: '  ' }, tokens[patient.id])).body.message).toBe(Messages.validation.firstNameRequired);
      expect((await get(PatientPaths.one(patientId), tokens[patient.id])).body.profile.age).toBeNull();
    });
  });

  describe('saving', () => {
    it('saves every field and reads it back unchanged', async () => {
      const saved = await put(patientId, { profile: FULL_PROFILE }, tokens[patient.id]);
      expect(saved.status).toBe(200);
      const reloaded = await get(PatientPaths.one(patientId), tokens[patient.id]);
      expect(reloaded.body.profile).toEqual({ ...FULL_PROFILE, sex_other: null, bmi: computeBmi(150.5, 170.18) });
      expect(reloaded.body.profile.bmi).toBe(23.57);
      const [row] = await ds.query('SELECT age, sex, cancer_type, cancer_stage FROM patients WHERE id = ?', [patientId]);
      expect(row).toEqual({ age: 54, sex: 'Female', cancer_type: 'Other', cancer_stage: 'Other' });
    });

    it('keeps fields a save does not name and clears the ones it sets to null', async () => {
      const saved = await put(patientId, { profile: { city: null, zipcode: '43210' } }, tokens[patient.id]);
      expect(saved.body.profile).toMatchObject({ city: null, zipcode: '43210', age: 54, support_network: 'Husband and sister' });
    });

    it('cleans before saving', async () => {
      const saved = await put(patientId, {
        profile: {
          major_treatments: ['Chemotherapy'], ethnicity: 'Hispanic', conditions: ['Asthma', 'None'], smoking_history: 'No',
          clinical_symptoms: { None: ['None'], Respiratory: ['Cough'] }, family_history_relatives: ['Mother'], stress_level: '',
        },
      }, tokens[patient.id]);
      expect(saved.status).toBe(200);
      expect(saved.body.profile).toMatchObject({
        surgery_type: null, surgery_type_other: null, organs_tissues_removed: null, organs_tissues_removed_other: null, surgery_date: null,
        surgical_notes: null, ethnicity_other: null, conditions: ['None'], conditions_other: null, smoking_packs_per_day: null,
        smoking_years: null, clinical_symptoms: { None: ['None'] }, family_history_details: { Mother: 'Breast, 60' }, stress_level: null,
      });
      const [row] = await ds.query('SELECT profile FROM patients WHERE id = ?', [patientId]);
      const stored = typeof row.profile === 'string' ? JSON.parse(row.profile) : row.profile;
      expect(stored).toMatchObject({ surgery_type: null, conditions: ['None'], smoking_years: null });
    });

    it('starts a record made at registration from its columns', async () => {
      const fresh = await createUser(api, 'patient');
      await ds.query("UPDATE patients SET age = 47, sex = 'Male', cancer_type = 'Melanoma', cancer_stage = 'Stage 1' WHERE user_id = ?", [fresh.id]);
      const read = await get(`${PatientPaths.list}?user_id=${fresh.id}`, tokens[admin.id]);
      expect(read.body.profile).toMatchObject({ age: 47, sex: 'Male', cancer_type: 'Melanoma', cancer_stage: 'Stage 1', city: null });
    });
  });

  describe('completion', () => {
    let id: string;
    let token: string;
    beforeAll(async () => {
      const user = await createUser(api, 'patient');
      id = await patientIdOf(user.id);
      token = (await signIn(api, user)).token;
    });

    it('tracks progress below 100 until the final submit', async () => {
      const half = await put(id, { profile: { age: 61, sex: 'Male' } }, token);
      expect(half.body.profile_completion_percentage).toBe(9);
      const all = await put(id, { profile: REQUIRED_ONLY, profile_completion_percentage: 42 }, token);
      expect(all.body.profile_completion_percentage).toBe(99);
    });

    it('refuses a final submit with required fields missing, listing them', async () => {
      const result = await put(id, { profile: { diet_type: null, cancer_stage: null }, profile_completion_percentage: 100 }, token);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe('Please fill out all required fields to complete your profile: Cancer Stage, Diet Type');
      expect((await get(PatientPaths.one(id), token)).body.profile.diet_type).toBe('Standard');
    });

    it('sets 100 on a complete final submit and keeps it while the profile stays complete', async () => {
      const submitted = await put(id, { profile: {}, profile_completion_percentage: 100 }, token);
      expect(submitted.status).toBe(200);
      expect(submitted.body.profile_completion_percentage).toBe(100);
      expect((await put(id, { profile: { city: 'Austin' } }, token)).body.profile_completion_percentage).toBe(100);
      expect((await put(id, { profile: { zipcode: null } }, token)).body.profile_completion_percentage).toBe(95);
    });
  });

  describe('creating', () => {
    const withoutRecord = async () => {
      const user = await createUser(api, 'patient');
      await ds.query('DELETE FROM patients WHERE user_id = ?', [user.id]);
      return user;
    };

    it('lets an admin create the record of a patient user, validated, cleaned and recorded', async () => {
      const user = await withoutRecord();
      const bad = await post({ user_id: user.id, profile: { age: 500 } }, tokens[admin.id]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Value must be 120 or less.');
      const created = await post({ user_id: user.id, profile: { age: 70, ethnicity: 'Asian / Pacific Islander', ethnicity_other: 'x' } }, tokens[admin.id]);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ user_id: user.id, email: user.email, first_name: 'Test', last_name: 'patient' });
      expect(created.body.profile).toMatchObject({ age: 70, ethnicity_other: null });
      expect((await auditRows(created.body.id)).map((r) => [r.actor_user_id, r.action])).toEqual([[admin.id, 'profile.create']]);
      const again = await post({ user_id: user.id, profile: {} }, tokens[admin.id]);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ProfileTexts.patientExists);
    });

    it('lets a patient create only their own missing record', async () => {
      const user = await withoutRecord();
      const token = (await signIn(api, user)).token;
      expect((await post({ user_id: other.id, profile: {} }, token)).status).toBe(403);
      const created = await post({ user_id: user.id, profile: { city: 'Reno' }, first_name: 'Ada' }, token);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ first_name: 'Ada', profile: expect.objectContaining({ city: 'Reno' }) });
      expect(await auditRows(created.body.id)).toEqual([]);
    });

    it('refuses a record for a user who is not a patient', async () => {
      const result = await post({ user_id: expert.id, profile: {} }, tokens[admin.id]);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(ProfileTexts.notAPatient);
    });
  });

  it('documents every profile field in OpenAPI from the schema', async () => {
    const doc = await (await fetch(`${api.baseUrl}/api/docs-json`)).json() as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties: Record<string, { properties?: Record<string, Record<string, unknown>> }> }> };
    };
    expect(Object.keys(doc.paths['/api/patients'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/patients/{id}'])).toEqual(expect.arrayContaining(['get', 'put']));
    const profile = doc.components.schemas.SavePatientProfileDto.properties.profile.properties!;
    expect(Object.keys(profile).sort()).toEqual(PROFILE_FIELDS.map((f) => f.name).sort());
    expect(profile.age).toMatchObject({ type: 'integer', minimum: 0, maximum: 120 });
    expect(profile.sex).toMatchObject({ type: 'string', enum: ['Male', 'Female'] });
  });

  // Last: it drops and re-adds the column under the running app.
  it('migration: down drops the profile column; up starts each profile from the registration columns', async () => {
    const migration = new AddPatientProfile1795470000000();
    const runner = ds.createQueryRunner();
    try {
      await migration.down(runner);
      expect((await runner.query('SHOW COLUMNS FROM patients')).map((c: { Field: string }) => c.Field)).not.toContain('profile');
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [row] = await ds.query('SELECT profile FROM patients WHERE id = ?', [patientId]);
    const profile = typeof row.profile === 'string' ? JSON.parse(row.profile) : row.profile;
    expect(profile).toEqual({ age: 54, sex: 'Female', cancer_type: 'Other', cancer_stage: 'Other' });
  });
});
