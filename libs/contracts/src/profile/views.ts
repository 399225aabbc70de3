/** Which fields each read-only view shows, in order (spec section 2). `_other` companions follow their field's otherField. */
import type { ProfileFieldName } from './fields';

export interface ProfileViewGroup {
  title: string;
  fields: readonly ProfileFieldName[];
  /** The group shows the medical reports instead of fields. */
  reports?: boolean;
}

/** Basic Info lists exactly the spec's fifteen fields; the other tabs group the remaining fields. */
export const READONLY_TABS: readonly ProfileViewGroup[] = [
  { title: 'Basic Info', fields: [
    'age', 'sex', 'ethnicity', 'marital_status', 'children_in_household', 'support_network', 'city', 'state', 'zipcode', 'occupation',
    'employment_status', 'household_income', 'education', 'religion', 'political_viewpoint',
  ] },
  { title: 'Cancer', fields: [
    'cancer_type', 'cancer_stage', 'diagnosis_date', 'tumor_grade', 'molecular_genetic_data', 'key_comorbidities', 'weight', 'height', 'bmi',
    'previous_cancer_history', 'previous_cancer_type', 'previous_cancer_age_at_diagnosis', 'previous_cancer_treatment', 'previous_cancer_outcome',
  ] },
  { title: 'Goals', fields: ['treatment_goals', 'unaddressed_concerns'] },
  { title: 'Treatments', fields: ['major_treatments', 'describe_treatment', 'clinical_trials_participation', 'clinical_trials_details'] },
  { title: 'Surgeries', fields: ['surgery_type', 'organs_tissues_removed', 'surgery_date', 'surgical_notes'] },
  { title: 'Conditions', fields: ['conditions', 'conditions_add'] },
  { title: 'Medications', fields: ['current_medications', 'current_supplements', 'past_medications', 'medication_conditions'] },
  { title: 'Family History', fields: ['family_history_relatives', 'family_history_details'] },
  { title: 'Lifestyle', fields: [
    'smoking_history', 'smoking_packs_per_day', 'smoking_years', 'alcohol_consumption', 'alcohol_days_per_week', 'alcohol_drinks_per_day',
    'karnofsky_score', 'exercise_routine', 'appetite', 'diet_type', 'dietary_habit', 'recreational_substances', 'occupational_hazards',
    'hazard_exposure', 'hazard_exposure_details', 'mental_health_status', 'stress_level', 'sleep_quality', 'sleep_hours',
    'quality_of_life_impact',
  ] },
  { title: 'Symptoms', fields: ['clinical_symptoms'] },
  { title: 'Reports', fields: [], reports: true },
];

/** The consolidated page's thirteen sections. */
export const CONSOLIDATED_SECTIONS: readonly ProfileViewGroup[] = [
  { title: 'Personal Details', fields: ['age', 'sex', 'ethnicity', 'marital_status', 'city', 'state', 'zipcode', 'weight', 'height', 'bmi'] },
  { title: 'Socioeconomic Information', fields: ['occupation', 'employment_status', 'household_income', 'education'] },
  { title: 'Family & Beliefs', fields: ['children_in_household', 'support_network', 'religion', 'political_viewpoint'] },
  { title: 'Cancer Details', fields: [
    'cancer_type', 'cancer_stage', 'diagnosis_date', 'tumor_grade', 'molecular_genetic_data', 'key_comorbidities', 'previous_cancer_history',
    'previous_cancer_type', 'previous_cancer_age_at_diagnosis', 'previous_cancer_treatment', 'previous_cancer_outcome',
  ] },
  { title: 'Treatment and Personal Goals', fields: ['treatment_goals', 'unaddressed_concerns'] },
  { title: 'Treatment Information', fields: ['major_treatments', 'describe_treatment', 'clinical_trials_participation', 'clinical_trials_details'] },
  { title: 'Surgeries', fields: ['surgery_type', 'organs_tissues_removed', 'surgery_date', 'surgical_notes'] },
  { title: 'Medical Conditions', fields: ['conditions', 'conditions_add'] },
  { title: 'Medications & Supplements', fields: ['current_medications', 'current_supplements', 'past_medications', 'medication_conditions'] },
  { title: 'Family History of Cancer', fields: ['family_history_relatives', 'family_history_details'] },
  { title: 'Lifestyle', fields: [
    'smoking_history', 'smoking_packs_per_day', 'smoking_years', 'alcohol_consumption', 'alcohol_days_per_week', 'alcohol_drinks_per_day',
    'karnofsky_score', 'exercise_routine', 'appetite', 'diet_type', 'dietary_habit', 'recreational_substances', 'occupational_hazards',
    'hazard_exposure', 'hazard_exposure_details', 'mental_health_status', 'stress_level', 'sleep_quality', 'sleep_hours',
    'quality_of_life_impact',
  ] },
  { title: 'Uploaded Reports', fields: [], reports: true },
  { title: 'Clinical Symptoms', fields: ['clinical_symptoms'] },
];
