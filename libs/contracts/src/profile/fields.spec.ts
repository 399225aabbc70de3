import {
  CANCER_STAGES, CANCER_TYPES, ETHNICITIES, INDUSTRIES, OTHER_HEALTH_CONDITIONS, TREATMENT_TYPES, USE_FREQUENCIES,
} from '../options';
import { PatientProfileData, PROFILE_FIELDS, PROFILE_STEPS, profileField, SUMMARY_CARD_TITLES } from './fields';
import { CONSOLIDATED_SECTIONS, READONLY_TABS } from './views';
import { SYMPTOM_CATEGORIES, SYMPTOMS_BY_CATEGORY } from './symptoms';
import { KARNOFSKY_SCALE } from './karnofsky';

// A compile-time list of every field: adding a field to PatientProfileData without the schema (or the reverse) fails here.
const EVERY_FIELD: Record<keyof PatientProfileData, true> = {
  age: true, sex: true, sex_other: true, ethnicity: true, ethnicity_other: true, marital_status: true, children_in_household: true,
  support_network: true, city: true, state: true, zipcode: true, occupation: true, occupation_other: true, education: true,
  education_other: true, employment_status: true, employment_status_other: true, household_income: true, household_income_other: true,
  religion: true, religion_other: true, political_viewpoint: true, political_viewpoint_other: true, cancer_type: true,
  cancer_type_other: true, cancer_stage: true, cancer_stage_other: true, diagnosis_date: true, tumor_grade: true, tumor_grade_other: true,
  molecular_genetic_data: true, key_comorbidities: true, key_comorbidities_other: true, weight: true, height: true, bmi: true,
  previous_cancer_history: true, previous_cancer_type: true, previous_cancer_age_at_diagnosis: true, previous_cancer_treatment: true,
  previous_cancer_outcome: true, family_history_relatives: true, family_history_details: true, conditions: true, conditions_other: true,
  conditions_add: true, clinical_symptoms: true, clinical_symptoms_other: true, major_treatments: true, major_treatments_other: true,
  describe_treatment: true, surgery_type: true, surgery_type_other: true, organs_tissues_removed: true, organs_tissues_removed_other: true,
  surgery_date: true, surgical_notes: true, current_medications: true, current_supplements: true, past_medications: true,
  medication_conditions: true, clinical_trials_participation: true, clinical_trials_details: true, treatment_goals: true,
  treatment_goals_other: true, unaddressed_concerns: true, smoking_history: true, smoking_packs_per_day: true, smoking_years: true,
  alcohol_consumption: true, alcohol_days_per_week: true, alcohol_drinks_per_day: true, karnofsky_score: true, exercise_routine: true,
  appetite: true, appetite_other: true, diet_type: true, diet_type_other: true, dietary_habit: true, dietary_habit_other: true,
  recreational_substances: true, occupational_hazards: true, hazard_exposure: true, hazard_exposure_details: true,
  mental_health_status: true, stress_level: true, sleep_quality: true, sleep_hours: true, quality_of_life_impact: true,
};

describe('profile schema', () => {
  it('defines every field once and nothing else', () => {
    const names = PROFILE_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EVERY_FIELD).sort());
  });

  it('requires on final submit exactly the spec section 5 list', () => {
    expect(PROFILE_FIELDS.filter((f) => f.requiredOnSubmit).map((f) => f.name)).toEqual([
      'age', 'sex', 'ethnicity', 'marital_status', 'children_in_household', 'state', 'zipcode', 'occupation', 'cancer_type', 'cancer_stage',
      'conditions', 'major_treatments', 'current_medications', 'treatment_goals', 'unaddressed_concerns', 'smoking_history',
      'alcohol_consumption', 'exercise_routine', 'appetite', 'diet_type', 'dietary_habit',
    ]);
  });

  it('gives every choice with Other a visible-on-Other companion, and only those', () => {
    for (const field of PROFILE_FIELDS) {
      if (!field.otherField) continue;
      const companion = profileField(field.otherField);
      expect(companion).toMatchObject({ otherOf: field.name, step: field.step, kind: 'text' });
    }
    const withOther = PROFILE_FIELDS.filter((f) => f.otherField).map((f) => f.name);
    expect(withOther).toEqual(expect.arrayContaining([
      'ethnicity', 'occupation', 'education', 'employment_status', 'household_income', 'religion', 'political_viewpoint', 'cancer_type',
      'cancer_stage', 'tumor_grade', 'key_comorbidities', 'conditions', 'clinical_symptoms', 'major_treatments', 'surgery_type',
      'organs_tissues_removed', 'treatment_goals', 'appetite', 'diet_type', 'dietary_habit', 'sex',
    ]));
    expect(withOther).not.toContain('family_history_relatives');
  });

  it('reads the shared option lists, values as spelt', () => {
    expect(profileField('cancer_type')?.options).toEqual(['No Cancer', ...CANCER_TYPES]);
    expect(profileField('cancer_stage')?.options).toBe(CANCER_STAGES);
    expect(profileField('ethnicity')?.options).toBe(ETHNICITIES);
    expect(profileField('occupation')?.options).toBe(INDUSTRIES);
    expect(profileField('conditions')?.options).toBe(OTHER_HEALTH_CONDITIONS);
    expect(profileField('major_treatments')?.options).toBe(TREATMENT_TYPES);
    expect(profileField('alcohol_consumption')?.options).toBe(USE_FREQUENCIES);
    expect(profileField('hazard_exposure')?.options).toEqual(['No', 'Yes-currently', 'Yes-previously']);
    expect(profileField('marital_status')?.options).toEqual(['Married', 'Widowed', 'Divorced', 'Separated', 'Never married']);
    expect(profileField('children_in_household')?.options).toEqual(['None', '1', '2', '3', '4', 'More than 4']);
    expect(profileField('diet_type')?.options).toEqual([
      'Standard', 'Mediterranean', 'Keto', 'Vegetarian', 'Vegan', 'Low-Carb', 'Intermittent Fasting', 'Gluten-Free', 'Other',
    ]);
    expect(profileField('treatment_goals')?.options).toEqual([
      'Treat', 'Prevent', 'Maintain remission', 'Prolong life', 'Improve quality of life', '2nd opinion', 'Other',
    ]);
  });

  it('has the spec bounds', () => {
    expect(profileField('age')).toMatchObject({ min: 0, max: 120 });
    expect(profileField('previous_cancer_age_at_diagnosis')).toMatchObject({ min: 0, max: 120 });
    expect(profileField('stress_level')).toMatchObject({ min: 1, max: 10 });
    expect(profileField('karnofsky_score')).toMatchObject({ min: 10, max: 100, increment: 10 });
    expect(profileField('height')?.max).toBe(271.78);
  });

  it('names the five steps and summary cards as the spec does', () => {
    expect(PROFILE_STEPS.map((s) => s.title)).toEqual([
      'Demographics & Personal Information', 'Cancer Diagnosis & Medical History', 'Treatments Surgery & Medications',
      'Lifestyle Goals & Concerns', 'Medical Reports Upload',
    ]);
    expect(SUMMARY_CARD_TITLES[2]).toBe('Treatments, Surgery & Medications');
    expect(new Set(PROFILE_FIELDS.map((f) => f.step))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('shows every non-companion field in one readonly tab and one consolidated section', () => {
    const main = PROFILE_FIELDS.filter((f) => !f.otherOf).map((f) => f.name).sort();
    expect(READONLY_TABS.flatMap((t) => t.fields).sort()).toEqual(main);
    expect(CONSOLIDATED_SECTIONS.flatMap((t) => t.fields).sort()).toEqual(main);
    expect(READONLY_TABS.map((t) => t.title)).toEqual([
      'Basic Info', 'Cancer', 'Goals', 'Treatments', 'Surgeries', 'Conditions', 'Medications', 'Family History', 'Lifestyle', 'Symptoms', 'Reports',
    ]);
    expect(READONLY_TABS[0].fields.map((n) => profileField(n)?.label)).toEqual([
      'Age', 'Sex', 'Ethnicity', 'Marital Status', 'Children in Household', 'Support Network', 'City', 'State', 'Zip Code', 'Occupation',
      'Employment Status', 'Household Income', 'Education Level', 'Religion', 'Political Viewpoint',
    ]);
    expect(CONSOLIDATED_SECTIONS).toHaveLength(13);
  });

  it('lists symptoms for every category and the Karnofsky scale from 100 to 10', () => {
    for (const category of SYMPTOM_CATEGORIES) expect(SYMPTOMS_BY_CATEGORY[category].length).toBeGreaterThan(0);
    expect(KARNOFSKY_SCALE.map((k) => k.score)).toEqual([100, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
  });
});
