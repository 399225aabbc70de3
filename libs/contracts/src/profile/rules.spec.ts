import { Messages } from '../messages';
import { PatientProfileData, profileField, ProfileFieldDef } from './fields';
import {
  applyMultiSelectExclusivity, applySymptomExclusivity, clampNumber, cleanProfile, cmToFeetInches, completionPercentage, computeBmi,
  displayChoice, feetInchesToCm, formatYear, isFieldVisible, missingRequiredFields, normalizeLegacyProfile, validateFieldValue,
  validateProfile, visibleFields,
} from './rules';

const field = (name: string): ProfileFieldDef => {
  const def = profileField(name);
  if (!def) throw new Error(`no field ${name}`);
  return def;
};
const visible = (name: string, values: Partial<PatientProfileData>) => isFieldVisible(field(name), values);

const COMPLETE: Partial<PatientProfileData> = {
  age: 50, sex: 'Female', ethnicity: 'Hispanic', marital_status: 'Married', children_in_household: 'None', state: 'Ohio', zipcode: '43004',
  occupation: 'Education', cancer_type: 'Breast Cancer', cancer_stage: 'Stage 2', conditions: ['None'], major_treatments: ['Surgery'],
  current_medications: 'Tamoxifen', treatment_goals: ['Treat'], unaddressed_concerns: 'Fatigue', smoking_history: 'No',
  alcohol_consumption: 'Never', exercise_routine: 'Walks', appetite: 'Good', diet_type: 'Standard', dietary_habit: 'Irregular meals',
};

describe('visibility', () => {
  it('shows diagnosis details only when cancer_type is not No Cancer', () => {
    for (const name of ['cancer_stage', 'diagnosis_date', 'tumor_grade', 'molecular_genetic_data']) {
      expect(visible(name, { cancer_type: 'No Cancer' })).toBe(false);
      expect(visible(name, { cancer_type: 'Lung Cancer' })).toBe(true);
    }
  });

  it('follows the other conditions of section 4', () => {
    expect(visible('previous_cancer_type', { previous_cancer_history: 'Yes' })).toBe(true);
    expect(visible('previous_cancer_type', { previous_cancer_history: 'No' })).toBe(false);
    expect(visible('family_history_details', { family_history_relatives: [] })).toBe(false);
    expect(visible('family_history_details', { family_history_relatives: ['Aunts'] })).toBe(true);
    expect(visible('surgery_type', { major_treatments: ['Chemotherapy'] })).toBe(false);
    expect(visible('surgical_notes', { major_treatments: ['Chemotherapy', 'Surgery'] })).toBe(true);
    expect(visible('smoking_years', { smoking_history: 'Yes' })).toBe(true);
    expect(visible('smoking_years', { smoking_history: 'No' })).toBe(false);
    for (const value of ['Occasionally', 'Yes, currently', 'Yes, previously']) expect(visible('alcohol_days_per_week', { alcohol_consumption: value })).toBe(true);
    expect(visible('alcohol_drinks_per_day', { alcohol_consumption: 'Never' })).toBe(false);
    expect(visible('clinical_trials_details', { clinical_trials_participation: 'Yes' })).toBe(true);
    expect(visible('clinical_trials_details', { clinical_trials_participation: 'No' })).toBe(false);
    expect(visible('hazard_exposure_details', { hazard_exposure: 'Yes-previously' })).toBe(true);
    expect(visible('hazard_exposure_details', { hazard_exposure: 'No' })).toBe(false);
  });

  it('shows an _other companion only when Other is chosen and its field is shown', () => {
    expect(visible('ethnicity_other', { ethnicity: 'Other' })).toBe(true);
    expect(visible('ethnicity_other', { ethnicity: 'Hispanic' })).toBe(false);
    expect(visible('conditions_other', { conditions: ['Asthma', 'Other'] })).toBe(true);
    expect(visible('cancer_stage_other', { cancer_type: 'No Cancer', cancer_stage: 'Other' })).toBe(false);
    expect(visible('surgery_type_other', { major_treatments: ['Surgery'], surgery_type: 'Other' })).toBe(true);
    expect(visible('clinical_symptoms_other', { clinical_symptoms: { Other: ['Other'] } })).toBe(true);
    expect(visible('clinical_symptoms_other', { clinical_symptoms: { Respiratory: ['Cough'] } })).toBe(false);
  });

  it('lists the visible fields of a step in order', () => {
    const names = visibleFields(4, { smoking_history: 'No', alcohol_consumption: 'Never' }).map((f) => f.name);
    expect(names[0]).toBe('treatment_goals');
    expect(names).not.toContain('smoking_packs_per_day');
    expect(names).not.toContain('age');
  });
});

describe('exclusivity', () => {
  it('makes None exclusive in conditions and major_treatments', () => {
    expect(applyMultiSelectExclusivity('conditions', ['Asthma', 'HIV'], ['Asthma', 'HIV', 'None'])).toEqual(['None']);
    expect(applyMultiSelectExclusivity('major_treatments', ['None'], ['None', 'Surgery'])).toEqual(['Surgery']);
    expect(applyMultiSelectExclusivity('conditions', ['Asthma'], ['Asthma', 'HIV'])).toEqual(['Asthma', 'HIV']);
  });

  it("reads the old 'None/Other' as 'None'", () => {
    expect(applyMultiSelectExclusivity('conditions', ['None/Other'], ['None/Other'])).toEqual(['None']);
    expect(applyMultiSelectExclusivity('conditions', ['None/Other'], ['None/Other', 'Asthma'])).toEqual(['Asthma']);
  });

  it('leaves fields without exclusivity alone', () => {
    expect(applyMultiSelectExclusivity('treatment_goals', ['Treat'], ['Treat', 'Prevent'])).toEqual(['Treat', 'Prevent']);
  });

  it('clears every other symptom category when None is chosen', () => {
    expect(applySymptomExclusivity({ Respiratory: ['Cough'] }, { Respiratory: ['Cough'], None: ['None'] })).toEqual({ None: ['None'] });
    expect(applySymptomExclusivity({ None: ['None'] }, { None: ['None'], Psychiatric: ['Anxiety'] })).toEqual({ Psychiatric: ['Anxiety'] });
    expect(applySymptomExclusivity({}, { Respiratory: ['Cough'], HEENT: [] })).toEqual({ Respiratory: ['Cough'] });
  });
});

describe('cleanProfile', () => {
  it('empties surgery fields when Surgery is not chosen', () => {
    const cleaned = cleanProfile({
      major_treatments: ['Chemotherapy'], surgery_type: 'Large resection', organs_tissues_removed: ['Breast'], surgery_date: 2020,
      surgical_notes: 'notes',
    });
    expect(cleaned).toMatchObject({ surgery_type: null, organs_tissues_removed: null, surgery_date: null, surgical_notes: null });
    expect(cleanProfile({ major_treatments: ['Surgery'], surgery_type: 'Large resection' }).surgery_type).toBe('Large resection');
  });

  it('empties an _other companion when its choice is not Other', () => {
    expect(cleanProfile({ ethnicity: 'Hispanic', ethnicity_other: 'x' }).ethnicity_other).toBeNull();
    expect(cleanProfile({ ethnicity: 'Other', ethnicity_other: 'Mixed' }).ethnicity_other).toBe('Mixed');
    expect(cleanProfile({ conditions: ['Asthma'], conditions_other: 'x' }).conditions_other).toBeNull();
  });

  it('turns empty numbers into null and numeric text into numbers', () => {
    const cleaned = cleanProfile({
      smoking_history: 'Yes', smoking_packs_per_day: '' as unknown as number, smoking_years: '12' as unknown as number,
      stress_level: undefined, karnofsky_score: '' as unknown as number, sleep_hours: '7.5' as unknown as number,
    });
    expect(cleaned).toMatchObject({ smoking_packs_per_day: null, smoking_years: 12, stress_level: null, karnofsky_score: null, sleep_hours: 7.5 });
  });

  it('filters symptoms to the known lists, keeps only None and Other with None, and empties an empty result', () => {
    expect(cleanProfile({ clinical_symptoms: { Respiratory: ['Cough', 'Made up'], Bogus: ['x'] } as never }).clinical_symptoms)
      .toEqual({ Respiratory: ['Cough'] });
    expect(cleanProfile({ clinical_symptoms: { None: ['None'], Other: ['Other'], Respiratory: ['Cough'] } }).clinical_symptoms)
      .toEqual({ None: ['None'], Other: ['Other'] });
    expect(cleanProfile({ clinical_symptoms: { Respiratory: ['Made up'] } }).clinical_symptoms).toBeNull();
  });

  it('stores the diagnosis year as an integer, or null when empty', () => {
    expect(cleanProfile({ cancer_type: 'Lung Cancer', diagnosis_date: '2019' as unknown as number }).diagnosis_date).toBe(2019);
    expect(cleanProfile({ cancer_type: 'Lung Cancer', diagnosis_date: '' as unknown as number }).diagnosis_date).toBeNull();
  });

  it('makes None exclusive, recomputes bmi, keeps details only for chosen relatives, and returns every field', () => {
    const cleaned = cleanProfile({
      conditions: ['Asthma', 'None'], weight: 150, height: 170, bmi: 99,
      family_history_relatives: ['Mother'], family_history_details: { Mother: 'Breast, 52', Father: 'Lung' },
    });
    expect(cleaned.conditions).toEqual(['None']);
    expect(cleaned.bmi).toBe(23.54);
    expect(cleaned.family_history_details).toEqual({ Mother: 'Breast, 52' });
    expect(Object.keys(cleaned)).toHaveLength(Object.keys(cleanProfile({})).length);
    expect(cleanProfile({}).age).toBeNull();
  });

  it('is idempotent', () => {
    const once = cleanProfile({ ...COMPLETE, smoking_history: 'Yes', smoking_years: 3, ethnicity: 'Other', ethnicity_other: 'Mixed' });
    expect(cleanProfile(once)).toEqual(once);
  });
});

describe('normalizeLegacyProfile', () => {
  it('reads old field names, None/Other, dates and flat symptom lists', () => {
    const read = normalizeLegacyProfile({
      family_history_personal: 'Yes', personal_cancer_age_at_diagnosis: '40', family_history_cancer_type: 'Melanoma',
      conditions: ['None/Other'], diagnosis_date: '2018-04-02', clinical_symptoms: ['Cough', 'Fatigue', 'unknown'],
      major_treatments: '["Surgery","Chemotherapy"]', weight: '180', stray: 'dropped',
    });
    expect(read).toEqual({
      previous_cancer_history: 'Yes', previous_cancer_age_at_diagnosis: 40, previous_cancer_type: 'Melanoma', conditions: ['None'],
      diagnosis_date: 2018, clinical_symptoms: { Respiratory: ['Cough'], Constitutional: ['Fatigue'] },
      major_treatments: ['Surgery', 'Chemotherapy'], weight: 180,
    });
  });

  it('prefers the current name over a read variant', () => {
    expect(normalizeLegacyProfile({ previous_cancer_history: 'No', family_history_personal: 'Yes' }).previous_cancer_history).toBe('No');
  });
});

describe('validateFieldValue', () => {
  it('uses the spec messages for bounds, years and required fields', () => {
    expect(validateFieldValue(field('age'), 121)).toBe('Value must be 120 or less.');
    expect(validateFieldValue(field('age'), -1)).toBe('Value must be 0 or greater.');
    expect(validateFieldValue(field('age'), 120)).toBeNull();
    expect(validateFieldValue(field('stress_level'), 0)).toBe('Value must be 1 or greater.');
    expect(validateFieldValue(field('stress_level'), 11)).toBe('Value must be 10 or less.');
    expect(validateFieldValue(field('diagnosis_date'), 99)).toBe('Please enter a valid 4-digit year');
    expect(validateFieldValue(field('diagnosis_date'), '20190')).toBe('Please enter a valid 4-digit year');
    expect(validateFieldValue(field('diagnosis_date'), 2019)).toBeNull();
    expect(validateFieldValue(field('diagnosis_date'), '2019')).toBeNull();
    expect(validateFieldValue(field('age'), null)).toBe('Age is required');
    expect(validateFieldValue(field('age'), null, { checkRequired: false })).toBeNull();
    expect(validateFieldValue(field('city'), '')).toBeNull();
  });

  it('refuses options outside the list, fractions in whole-number fields and off-scale Karnofsky scores', () => {
    expect(validateFieldValue(field('sex'), 'Unknown')).not.toBeNull();
    expect(validateFieldValue(field('conditions'), ['Asthma', 'Flu'])).not.toBeNull();
    expect(validateFieldValue(field('conditions'), ['Asthma', 'Other'])).toBeNull();
    expect(validateFieldValue(field('age'), 40.5)).not.toBeNull();
    expect(validateFieldValue(field('weight'), 150.5)).toBeNull();
    expect(validateFieldValue(field('karnofsky_score'), 55)).not.toBeNull();
    expect(validateFieldValue(field('karnofsky_score'), 5)).toBe('Value must be 10 or greater.');
    expect(validateFieldValue(field('karnofsky_score'), 70)).toBeNull();
    expect(validateFieldValue(field('clinical_symptoms'), { Respiratory: ['Rash'] })).not.toBeNull();
    expect(validateFieldValue(field('family_history_details'), { Neighbour: 'x' })).not.toBeNull();
  });

  it('reports unknown fields by name', () => {
    expect(validateProfile({ age: 30, favourite_colour: 'blue', stress_level: 12 })).toEqual([
      { field: 'favourite_colour', message: 'Unknown profile field: favourite_colour' },
      { field: 'stress_level', message: Messages.validation.valueTooLarge(10) },
    ]);
  });
});

describe('numbers and conversions', () => {
  it('clamps into the bounds, minimum 0 by default', () => {
    expect(clampNumber(field('age'), 130)).toBe(120);
    expect(clampNumber(field('weight'), -5)).toBe(0);
    expect(clampNumber(field('stress_level'), 0)).toBe(1);
    expect(clampNumber(field('age'), '')).toBeNull();
  });

  it('converts height with 12 inches per foot and 2.54 cm per inch, two decimals', () => {
    expect(feetInchesToCm(5, 7)).toBe(170.18);
    expect(feetInchesToCm(6, 0)).toBe(182.88);
    expect(feetInchesToCm(null, null)).toBeNull();
    expect(cmToFeetInches(170.18)).toEqual({ feet: 5, inches: 7 });
    expect(cmToFeetInches(170)).toEqual({ feet: 5, inches: 6.93 });
  });

  it('computes BMI from lbs (0.453592) and cm, two decimals, only when both are positive', () => {
    expect(computeBmi(150, 170)).toBe(23.54);
    expect(computeBmi(200, 182.88)).toBe(27.12);
    expect(computeBmi(0, 170)).toBeNull();
    expect(computeBmi(150, null)).toBeNull();
  });

  it('shows 1900-2100 numbers and 4-digit text as a plain year', () => {
    expect(formatYear(2019)).toBe('2019');
    expect(formatYear('1899')).toBe('1899');
    expect(formatYear(1899)).toBeNull();
    expect(formatYear('2019-06-01T00:00:00Z')).toBe('2019');
    expect(formatYear('soon')).toBeNull();
  });
});

describe('completion and the final submit', () => {
  it('lists the visible required fields that are missing, in wizard order', () => {
    expect(missingRequiredFields(COMPLETE)).toEqual([]);
    expect(missingRequiredFields({ ...COMPLETE, age: null, diet_type: '' }).map((f) => f.label)).toEqual(['Age', 'Diet Type']);
    expect(missingRequiredFields({ ...COMPLETE, cancer_stage: null }).map((f) => f.name)).toEqual(['cancer_stage']);
    expect(missingRequiredFields({ ...COMPLETE, cancer_type: 'No Cancer', cancer_stage: null })).toEqual([]);
  });

  it('is the share of visible required fields answered', () => {
    expect(completionPercentage(COMPLETE)).toBe(100);
    expect(completionPercentage({})).toBe(0);
    // 21 required fields are visible; 20 answered → 95.
    expect(completionPercentage({ ...COMPLETE, age: null })).toBe(95);
    // No cancer hides cancer_stage: 20 visible, 10 answered.
    const half = { cancer_type: 'No Cancer', age: 1, sex: 'Male', ethnicity: 'Other', marital_status: 'Married', children_in_household: '1',
      state: 'Iowa', zipcode: '1', occupation: 'Retail', conditions: ['HIV'] };
    expect(completionPercentage(half)).toBe(50);
  });

  it('shows an Other choice as its companion text', () => {
    expect(displayChoice(field('ethnicity'), { ethnicity: 'Other', ethnicity_other: 'Mixed' })).toBe('Mixed');
    expect(displayChoice(field('ethnicity'), { ethnicity: 'Other' })).toBe('Other');
    expect(displayChoice(field('conditions'), { conditions: ['Asthma', 'Other'], conditions_other: 'Gout' })).toBe('Asthma, Gout');
  });
});
