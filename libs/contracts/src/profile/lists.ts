/**
 * Choice lists the spec gives inside the profile field list (section 3, "Patient profile fields") rather than in its
 * "Option lists", plus the few lists the spec does not show (marked "our list"). The shared option lists stay in
 * ../options.ts; the field-to-list mapping lives in fields.ts.
 */
import { CANCER_TYPES } from '../options';

export const YES_NO = ['Yes', 'No'] as const;
/** smoking_history is spelt No/Yes in the spec: the same two values, No first. */
export const NO_YES = ['No', 'Yes'] as const;

export const NO_CANCER = 'No Cancer';
/** cancer_type: 'No Cancer' or a cancer type. */
export const PROFILE_CANCER_TYPES = [NO_CANCER, ...CANCER_TYPES] as const;

export const MARITAL_STATUSES = ['Married', 'Widowed', 'Divorced', 'Separated', 'Never married'] as const;
export const CHILDREN_IN_HOUSEHOLD = ['None', '1', '2', '3', '4', 'More than 4'] as const;

export const RELATIVES = ['Mother', 'Father', 'Sister', 'Brother', 'Daughter', 'Son', 'Grandparent', 'Aunts', 'Uncles', 'Cousins', 'Other'] as const;
export type Relative = (typeof RELATIVES)[number];

export const SURGERY_TYPES = ['Incisional biopsy', 'Excisional biopsy', 'Large resection', 'Minor resection', 'Other'] as const;

/** organs_tissues_removed: our list (the spec names the field and its other companion, not the values). */
export const ORGANS_TISSUES = [
  'Adrenal gland', 'Bladder', 'Bone', 'Brain tissue', 'Breast', 'Cervix', 'Colon', 'Esophagus', 'Gallbladder', 'Kidney', 'Larynx',
  'Liver', 'Lung', 'Lymph nodes', 'Ovaries', 'Pancreas', 'Prostate', 'Rectum', 'Skin', 'Small intestine', 'Spleen', 'Stomach', 'Testicle',
  'Thyroid', 'Uterus', 'Other',
] as const;

export const TREATMENT_GOALS = ['Treat', 'Prevent', 'Maintain remission', 'Prolong life', 'Improve quality of life', '2nd opinion', 'Other'] as const;

export const APPETITES = ['Good', 'Poor', 'Other'] as const;

export const DIET_TYPES = [
  'Standard', 'Mediterranean', 'Keto', 'Vegetarian', 'Vegan', 'Low-Carb', 'Intermittent Fasting', 'Gluten-Free', 'Other',
] as const;

/** dietary_habit: our list (the spec names the field and its other companion, not the values). */
export const DIETARY_HABITS = [
  'Mostly home-cooked meals', 'Mostly restaurant or takeout meals', 'Mostly processed or packaged foods', 'Regular meals and snacks',
  'Irregular meals', 'Other',
] as const;

/** hazard_exposure: the spec gives 'Yes-currently' and 'Yes-previously' (spelt with a hyphen); 'No' completes the list. */
export const HAZARD_EXPOSURES = ['No', 'Yes-currently', 'Yes-previously'] as const;

/** sleep_quality: our list. */
export const SLEEP_QUALITIES = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
