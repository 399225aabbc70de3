/**
 * The patient-profile schema (spec sections 3-5 and 9): every field of "Patient profile fields" with its label, kind,
 * bounds, option list, `_other` companion, visibility condition, wizard step and whether the final submit requires it.
 * The wizard renders from it, the API validates and cleans with it, the views label with it.
 *
 * Which list belongs to which field, where the spec does not say:
 * - ethnicity → ETHNICITIES ("Race or ethnicity"); state → US_STATES; occupation → INDUSTRIES ("Industry");
 *   education → EDUCATION_LEVELS; employment_status → EMPLOYMENT_STATUSES; household_income → INCOME_BRACKETS;
 *   religion → RELIGIONS; political_viewpoint → POLITICAL_VIEWS.
 * - cancer_type → 'No Cancer' + CANCER_TYPES; cancer_stage → CANCER_STAGES; tumor_grade → TUMOR_GRADES.
 * - conditions → OTHER_HEALTH_CONDITIONS (with its 'None'); key_comorbidities → the same list without 'None' (a
 *   comorbidity list has nothing to exclude); major_treatments → TREATMENT_TYPES.
 * - alcohol_consumption and recreational_substances → USE_FREQUENCIES ("Frequency of tobacco-like use": its values are
 *   the ones the spec gives for alcohol); hazard_exposure → HAZARD_EXPOSURES ('No', 'Yes-currently', 'Yes-previously').
 * - organs_tissues_removed, dietary_habit and sleep_quality use our own lists (lists.ts); previous_cancer_type is free
 *   text (the spec gives it no list and no companion).
 * - support_network appears in the spec's demographics and lifestyle groups; it is one field, asked in step 1 (the
 *   Basic Info tab shows it).
 * - diagnosis_date and surgery_date hold a 4-digit year (the spec's rule for the diagnosis year; surgery follows it).
 * - weight is in lbs, height in cm (entered as feet and inches), bmi is derived from both and never entered.
 */
import {
  CANCER_STAGES, EDUCATION_LEVELS, EMPLOYMENT_STATUSES, ETHNICITIES, INCOME_BRACKETS, INDUSTRIES, OTHER_HEALTH_CONDITIONS,
  POLITICAL_VIEWS, RELIGIONS, SEXES, TREATMENT_TYPES, TUMOR_GRADES, US_STATES, USE_FREQUENCIES,
} from '../options';
import {
  APPETITES, CHILDREN_IN_HOUSEHOLD, DIET_TYPES, DIETARY_HABITS, HAZARD_EXPOSURES, MARITAL_STATUSES, NO_CANCER, NO_YES, ORGANS_TISSUES,
  PROFILE_CANCER_TYPES, RELATIVES, Relative, SLEEP_QUALITIES, SURGERY_TYPES, TREATMENT_GOALS, YES_NO,
} from './lists';
import type { SymptomMap } from './symptoms';
import { ProfileHelpTexts } from '../texts/profile';

export type ProfileStep = 1 | 2 | 3 | 4;

export const PROFILE_STEPS = [
  { step: 1, title: 'Demographics & Personal Information' },
  { step: 2, title: 'Cancer Diagnosis & Medical History' },
  { step: 3, title: 'Treatments Surgery & Medications' },
  { step: 4, title: 'Lifestyle Goals & Concerns' },
  { step: 5, title: 'Medical Reports Upload' },
] as const;
export const PROFILE_STEP_COUNT = PROFILE_STEPS.length;
/** Step 5 holds the medical reports, not profile fields. */
export const REPORTS_STEP = 5;

/** The summary's five cards, numbered 0-4 (card n edits wizard step n + 1). */
export const SUMMARY_CARD_TITLES = [
  'Demographics & Personal Information',
  'Cancer Diagnosis & Medical History',
  'Treatments, Surgery & Medications',
  'Lifestyle, Goals & Concerns',
  'Medical Reports Upload',
] as const;

export type ProfileFieldKind =
  | 'text' | 'textarea' | 'integer' | 'decimal' | 'select' | 'multiselect' | 'yes_no' | 'year' | 'height' | 'weight'
  | 'symptoms' | 'relative_details' | 'karnofsky';

/** Every stored profile field; null when not answered. Identity fields live on PatientProfileResponse. */
export interface PatientProfileData {
  // Step 1: demographics
  age: number | null;
  sex: string | null;
  sex_other: string | null;
  ethnicity: string | null;
  ethnicity_other: string | null;
  marital_status: string | null;
  children_in_household: string | null;
  support_network: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  occupation: string | null;
  occupation_other: string | null;
  education: string | null;
  education_other: string | null;
  employment_status: string | null;
  employment_status_other: string | null;
  household_income: string | null;
  household_income_other: string | null;
  religion: string | null;
  religion_other: string | null;
  political_viewpoint: string | null;
  political_viewpoint_other: string | null;
  // Step 2: diagnosis and medical history
  cancer_type: string | null;
  cancer_type_other: string | null;
  cancer_stage: string | null;
  cancer_stage_other: string | null;
  diagnosis_date: number | null;
  tumor_grade: string | null;
  tumor_grade_other: string | null;
  molecular_genetic_data: string | null;
  key_comorbidities: string[] | null;
  key_comorbidities_other: string | null;
  weight: number | null;
  height: number | null;
  bmi: number | null;
  previous_cancer_history: string | null;
  previous_cancer_type: string | null;
  previous_cancer_age_at_diagnosis: number | null;
  previous_cancer_treatment: string | null;
  previous_cancer_outcome: string | null;
  family_history_relatives: string[] | null;
  family_history_details: Partial<Record<Relative, string>> | null;
  conditions: string[] | null;
  conditions_other: string | null;
  conditions_add: string | null;
  clinical_symptoms: SymptomMap | null;
  clinical_symptoms_other: string | null;
  // Step 3: treatments, surgery and medications
  major_treatments: string[] | null;
  major_treatments_other: string | null;
  describe_treatment: string | null;
  surgery_type: string | null;
  surgery_type_other: string | null;
  organs_tissues_removed: string[] | null;
  organs_tissues_removed_other: string | null;
  surgery_date: number | null;
  surgical_notes: string | null;
  current_medications: string | null;
  current_supplements: string | null;
  past_medications: string | null;
  medication_conditions: string | null;
  clinical_trials_participation: string | null;
  clinical_trials_details: string | null;
  // Step 4: lifestyle, goals and concerns
  treatment_goals: string[] | null;
  treatment_goals_other: string | null;
  unaddressed_concerns: string | null;
  smoking_history: string | null;
  smoking_packs_per_day: number | null;
  smoking_years: number | null;
  alcohol_consumption: string | null;
  alcohol_days_per_week: number | null;
  alcohol_drinks_per_day: number | null;
  karnofsky_score: number | null;
  exercise_routine: string | null;
  appetite: string | null;
  appetite_other: string | null;
  diet_type: string | null;
  diet_type_other: string | null;
  dietary_habit: string | null;
  dietary_habit_other: string | null;
  recreational_substances: string | null;
  occupational_hazards: string | null;
  hazard_exposure: string | null;
  hazard_exposure_details: string | null;
  mental_health_status: string | null;
  stress_level: number | null;
  sleep_quality: string | null;
  sleep_hours: number | null;
  quality_of_life_impact: string | null;
}
export type ProfileFieldName = keyof PatientProfileData;

export interface ProfileFieldDef {
  name: ProfileFieldName;
  /** Shown in the wizard and in '{label} is required'. */
  label: string;
  kind: ProfileFieldKind;
  step: ProfileStep;
  /** Values exactly as the spec spells them. */
  options?: readonly string[];
  /** The `_other` companion shown when 'Other' is chosen. */
  otherField?: ProfileFieldName;
  /** For a companion: the choice field it describes. */
  otherOf?: ProfileFieldName;
  /** Numbers: bounds (minimum 0 unless given) and the input's step. Text: maxLength. */
  min?: number;
  max?: number;
  increment?: number;
  maxLength?: number;
  unit?: string;
  /** Checked on final submit when visible (spec section 5's list). */
  requiredOnSubmit?: boolean;
  /** Multi-select where 'None' clears and disables the others. */
  exclusiveNone?: boolean;
  /** Computed from other fields, never entered (bmi). */
  derived?: boolean;
  visibleWhen?: (values: Partial<PatientProfileData>) => boolean;
  placeholder?: string;
  help?: string;
}

export const OTHER_OPTION = 'Other';
export const NONE_OPTION = 'None';
/** The old combined value, read as 'None'. */
export const LEGACY_NONE_OTHER = 'None/Other';

export const TEXT_MAX_LENGTH = 200;
export const TEXTAREA_MAX_LENGTH = 5000;
export const INCHES_PER_FOOT = 12;
export const CM_PER_INCH = 2.54;
export const KG_PER_LB = 0.453592;
export const HEIGHT_FEET_MAX = 8;
export const HEIGHT_INCHES_MAX = 11;
/** 8 ft 11 in, the tallest height the feet and inches inputs allow. */
export const HEIGHT_CM_MAX = Math.round((HEIGHT_FEET_MAX * INCHES_PER_FOOT + HEIGHT_INCHES_MAX) * CM_PER_INCH * 100) / 100;

type Values = Partial<PatientProfileData>;
const has = (values: Values, name: ProfileFieldName, option: string): boolean => {
  const value: unknown = values[name];
  if (Array.isArray(value)) return value.includes(option);
  // clinical_symptoms: a category counts as chosen when it holds a symptom.
  if (value && typeof value === 'object') return ((value as Record<string, unknown[]>)[option]?.length ?? 0) > 0;
  return value === option;
};
const hasCancer = (v: Values) => v.cancer_type !== NO_CANCER;
const hasSurgery = (v: Values) => has(v, 'major_treatments', 'Surgery');
/** The three 'Yes'-type values of alcohol_consumption. */
export const ALCOHOL_YES_VALUES: readonly string[] = ['Occasionally', 'Yes, currently', 'Yes, previously'];
export const HAZARD_YES_VALUES: readonly string[] = ['Yes-currently', 'Yes-previously'];

type Def = Omit<ProfileFieldDef, 'step' | 'otherField' | 'otherOf'> & { other?: boolean };

/** Builds one step's fields, adding each `{name}_other` companion right after its choice field. */
function step(stepNumber: ProfileStep, defs: Def[]): ProfileFieldDef[] {
  return defs.flatMap(({ other, ...def }) => {
    const field: ProfileFieldDef = { ...def, step: stepNumber };
    if (!other) return [field];
    const companionName = `${def.name}_other` as ProfileFieldName;
    field.otherField = companionName;
    const parentVisible = def.visibleWhen;
    const companion: ProfileFieldDef = {
      name: companionName,
      label: `Other ${def.label.toLowerCase()}`,
      kind: 'text',
      step: stepNumber,
      maxLength: TEXT_MAX_LENGTH,
      otherOf: def.name,
      placeholder: 'Please specify',
      visibleWhen: (v) => (parentVisible ? parentVisible(v) : true) && has(v, def.name, OTHER_OPTION),
    };
    return [field, companion];
  });
}


const text = (name: ProfileFieldName, label: string, extra: Partial<Def> = {}): Def =>
  ({ name, label, kind: 'text', maxLength: TEXT_MAX_LENGTH, ...extra });
const textarea = (name: ProfileFieldName, label: string, extra: Partial<Def> = {}): Def =>
  ({ name, label, kind: 'textarea', maxLength: TEXTAREA_MAX_LENGTH, ...extra });
const select = (name: ProfileFieldName, label: string, options: readonly string[], extra: Partial<Def> = {}): Def =>
  ({ name, label, kind: 'select', options, other: options.includes(OTHER_OPTION), ...extra });
const multi = (name: ProfileFieldName, label: string, options: readonly string[], extra: Partial<Def> = {}): Def =>
  ({ name, label, kind: 'multiselect', options, other: options.includes(OTHER_OPTION), ...extra });

export const PROFILE_FIELDS: readonly ProfileFieldDef[] = [
  ...step(1, [
    { name: 'age', label: 'Age', kind: 'integer', min: 0, max: 120, increment: 1, requiredOnSubmit: true },
    // SEXES has no 'Other', so sex_other only ever describes a legacy 'Other' value; cleaning empties it otherwise.
    { ...select('sex', 'Sex', SEXES, { requiredOnSubmit: true }), other: true },
    select('ethnicity', 'Ethnicity', ETHNICITIES, { requiredOnSubmit: true }),
    select('marital_status', 'Marital Status', MARITAL_STATUSES, { requiredOnSubmit: true }),
    select('children_in_household', 'Children in Household', CHILDREN_IN_HOUSEHOLD, { requiredOnSubmit: true }),
    textarea('support_network', 'Support Network', { help: 'Who helps you day to day: family, friends, caregivers, groups.' }),
    text('city', 'City'),
    select('state', 'State', US_STATES, { requiredOnSubmit: true }),
    text('zipcode', 'Zip Code', { maxLength: 10, requiredOnSubmit: true }),
    select('occupation', 'Occupation', INDUSTRIES, { requiredOnSubmit: true }),
    select('employment_status', 'Employment Status', EMPLOYMENT_STATUSES),
    select('household_income', 'Household Income', INCOME_BRACKETS),
    select('education', 'Education Level', EDUCATION_LEVELS),
    select('religion', 'Religion', RELIGIONS, { help: ProfileHelpTexts.religion }),
    select('political_viewpoint', 'Political Viewpoint', POLITICAL_VIEWS, { help: ProfileHelpTexts.politicalViewpoint }),
  ]),
  ...step(2, [
    select('cancer_type', 'Cancer Type', PROFILE_CANCER_TYPES, { requiredOnSubmit: true }),
    select('cancer_stage', 'Cancer Stage', CANCER_STAGES, { requiredOnSubmit: true, visibleWhen: hasCancer }),
    { name: 'diagnosis_date', label: 'Year of Diagnosis', kind: 'year', placeholder: 'YYYY', visibleWhen: hasCancer },
    select('tumor_grade', 'Tumor Grade', TUMOR_GRADES, { visibleWhen: hasCancer }),
    textarea('molecular_genetic_data', 'Molecular / Genetic Data', {
      visibleWhen: hasCancer, help: 'For example biomarkers, mutations or genetic test results.',
    }),
    multi('key_comorbidities', 'Key Comorbidities', OTHER_HEALTH_CONDITIONS.filter((c) => c !== NONE_OPTION)),
    { name: 'weight', label: 'Weight', kind: 'weight', unit: 'lbs', min: 0, max: 1000, increment: 0.1 },
    { name: 'height', label: 'Height', kind: 'height', unit: 'cm', min: 0, max: HEIGHT_CM_MAX, increment: 0.01 },
    { name: 'bmi', label: 'BMI', kind: 'decimal', derived: true, min: 0, increment: 0.01 },
    { name: 'previous_cancer_history', label: 'Previous Cancer History', kind: 'yes_no', options: YES_NO,
      help: 'Have you been diagnosed with a different cancer before?' },
    text('previous_cancer_type', 'Previous Cancer Type', { visibleWhen: (v) => v.previous_cancer_history === 'Yes' }),
    { name: 'previous_cancer_age_at_diagnosis', label: 'Age at Previous Diagnosis', kind: 'integer', min: 0, max: 120, increment: 1,
      visibleWhen: (v) => v.previous_cancer_history === 'Yes' },
    textarea('previous_cancer_treatment', 'Previous Cancer Treatment', { visibleWhen: (v) => v.previous_cancer_history === 'Yes' }),
    textarea('previous_cancer_outcome', 'Previous Cancer Outcome', { visibleWhen: (v) => v.previous_cancer_history === 'Yes' }),
    // 'Other' among relatives is described in family_history_details, so it has no companion.
    { ...multi('family_history_relatives', 'Family History of Cancer', RELATIVES), other: false,
      help: 'Relatives who have had cancer.' },
    { name: 'family_history_details', label: 'Family History Details', kind: 'relative_details', maxLength: TEXTAREA_MAX_LENGTH,
      options: RELATIVES, visibleWhen: (v) => Array.isArray(v.family_history_relatives) && v.family_history_relatives.length > 0,
      help: 'For each relative: the cancer type and their age at diagnosis, if known.' },
    multi('conditions', 'Other Health Conditions', OTHER_HEALTH_CONDITIONS, { requiredOnSubmit: true, exclusiveNone: true }),
    textarea('conditions_add', 'Additional Conditions', { help: 'Any condition not in the list.' }),
    { name: 'clinical_symptoms', label: 'Clinical Symptoms', kind: 'symptoms', other: true },
  ]),
  ...step(3, [
    multi('major_treatments', 'Major Treatments', TREATMENT_TYPES, { requiredOnSubmit: true, exclusiveNone: true }),
    textarea('describe_treatment', 'Describe Treatment'),
    select('surgery_type', 'Surgery Type', SURGERY_TYPES, { visibleWhen: hasSurgery }),
    multi('organs_tissues_removed', 'Organs or Tissues Removed', ORGANS_TISSUES, { visibleWhen: hasSurgery }),
    { name: 'surgery_date', label: 'Year of Surgery', kind: 'year', placeholder: 'YYYY', visibleWhen: hasSurgery },
    textarea('surgical_notes', 'Surgical Notes', { visibleWhen: hasSurgery }),
    textarea('current_medications', 'Current Medications', { requiredOnSubmit: true, help: 'Name, dose and how often; write None if none.' }),
    textarea('current_supplements', 'Current Supplements'),
    textarea('past_medications', 'Past Medications'),
    textarea('medication_conditions', 'Conditions Treated by Medications'),
    { name: 'clinical_trials_participation', label: 'Clinical Trials Participation', kind: 'yes_no', options: YES_NO },
    textarea('clinical_trials_details', 'Clinical Trials Details', { visibleWhen: (v) => v.clinical_trials_participation === 'Yes' }),
  ]),
  ...step(4, [
    multi('treatment_goals', 'Treatment Goals', TREATMENT_GOALS, { requiredOnSubmit: true }),
    textarea('unaddressed_concerns', 'Unaddressed Concerns', { requiredOnSubmit: true }),
    { name: 'smoking_history', label: 'Smoking History', kind: 'yes_no', options: NO_YES, requiredOnSubmit: true },
    { name: 'smoking_packs_per_day', label: 'Packs per Day', kind: 'decimal', min: 0, max: 10, increment: 0.5,
      visibleWhen: (v) => v.smoking_history === 'Yes' },
    { name: 'smoking_years', label: 'Years Smoked', kind: 'integer', min: 0, max: 100, increment: 1,
      visibleWhen: (v) => v.smoking_history === 'Yes' },
    select('alcohol_consumption', 'Alcohol Consumption', USE_FREQUENCIES, { requiredOnSubmit: true }),
    { name: 'alcohol_days_per_week', label: 'Drinking Days per Week', kind: 'integer', min: 0, max: 7, increment: 1,
      visibleWhen: (v) => ALCOHOL_YES_VALUES.includes(v.alcohol_consumption ?? '') },
    { name: 'alcohol_drinks_per_day', label: 'Drinks per Day', kind: 'integer', min: 0, max: 50, increment: 1,
      visibleWhen: (v) => ALCOHOL_YES_VALUES.includes(v.alcohol_consumption ?? '') },
    { name: 'karnofsky_score', label: 'Karnofsky Performance Score', kind: 'karnofsky', min: 10, max: 100, increment: 10 },
    textarea('exercise_routine', 'Exercise Routine', { requiredOnSubmit: true }),
    select('appetite', 'Appetite', APPETITES, { requiredOnSubmit: true }),
    select('diet_type', 'Diet Type', DIET_TYPES, { requiredOnSubmit: true }),
    select('dietary_habit', 'Dietary Habits', DIETARY_HABITS, { requiredOnSubmit: true }),
    select('recreational_substances', 'Recreational Substance Use', USE_FREQUENCIES),
    textarea('occupational_hazards', 'Occupational Hazards', { help: 'For example chemicals, radiation, asbestos or smoke at work.' }),
    select('hazard_exposure', 'Hazard Exposure', HAZARD_EXPOSURES),
    textarea('hazard_exposure_details', 'Hazard Exposure Details', { visibleWhen: (v) => HAZARD_YES_VALUES.includes(v.hazard_exposure ?? '') }),
    textarea('mental_health_status', 'Mental Health Status'),
    { name: 'stress_level', label: 'Stress Level', kind: 'integer', min: 1, max: 10, increment: 1, help: '1 (lowest) to 10 (highest)' },
    select('sleep_quality', 'Sleep Quality', SLEEP_QUALITIES),
    { name: 'sleep_hours', label: 'Hours of Sleep per Night', kind: 'decimal', min: 0, max: 24, increment: 0.5 },
    textarea('quality_of_life_impact', 'Quality of Life Impact'),
  ]),
];

const BY_NAME = new Map<string, ProfileFieldDef>(PROFILE_FIELDS.map((f) => [f.name, f]));
export const PROFILE_FIELD_NAMES: readonly ProfileFieldName[] = PROFILE_FIELDS.map((f) => f.name);
export function profileField(name: string): ProfileFieldDef | undefined {
  return BY_NAME.get(name);
}
