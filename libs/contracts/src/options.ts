/**
 * The option lists of spec section 3, values exactly as spelt there. The patient-profile schema, registration and the
 * question forms all read these; no list is written a second time. Which profile field uses which list is the
 * profile schema's business.
 */
export const CANCER_TYPES = [
  'Bladder Cancer', 'Brain Cancer', 'Breast Cancer', 'Cervical Cancer', 'Colorectal Cancer', 'Endometrial Cancer', 'Esophageal Cancer',
  'Head & Neck Cancer', 'Hodgkin Lymphoma', 'Kidney Cancer', 'Leukemia', 'Liver Cancer', 'Lung Cancer', 'Melanoma', 'Non-Hodgkin Lymphoma',
  'Non-Melanoma Skin Cancer', 'Pancreatic Cancer', 'Prostate Cancer', 'Stomach Cancer', 'Thyroid Cancer', 'Uterine Cancer', 'Other',
] as const;
export type CancerType = (typeof CANCER_TYPES)[number];

/** A question with no cancer type (missing, empty or the string 'undefined') is shown under this name. */
export const GENERAL_CANCER_TYPE = 'General';

export const OTHER_HEALTH_CONDITIONS = [
  'None', 'Allergy/anaphylaxis', 'Asthma', 'Atrial fibrillation', 'Childhood constipation', 'Chronic fatigue syndrome/ME',
  'Chronic kidney disease', 'Chronic obstructive pulmonary disease', 'Chronic pain', 'Congestive heart failure', 'Dementia', 'Depression',
  'Diabetes: Type I', 'Diabetes: Type II', 'Endometriosis', 'Epilepsy', 'Hypertension', 'Hepatitis B', 'Hepatitis C', 'HIV',
  'Inflammatory bowel disease', 'Irritable bowel disease', 'Low back pain', 'Migraine', 'Multiple sclerosis', 'Osteoarthritis',
  "Parkinson's disease", 'Other',
] as const;

export const ETHNICITIES = [
  'American Indian or Alaskan Native', 'Asian / Pacific Islander', 'Black or African American', 'Hispanic', 'White / Caucasian', 'Other',
] as const;

export const CANCER_STAGES = ['Stage 0', 'Stage 1', 'Stage 2', 'Stage 3', 'Stage 4', 'In Remission', 'Predisposition', 'Other'] as const;

export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho',
  'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota',
  'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina',
  'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas',
  'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
] as const;

export const INDUSTRIES = [
  'Healthcare Professional', 'Education', 'Technology', 'Business', 'Retail', 'Manufacturing', 'Construction', 'Transportation',
  'Agriculture', 'Other',
] as const;

export const TREATMENT_TYPES = [
  'None', 'Surgery', 'Radiation Therapy', 'Hormone Therapy', 'Stem Cell Transplant', 'Photodynamic Therapy', 'Hyperthermia', 'Chemotherapy',
  'Immunotherapy', 'Targeted Therapy', 'Bone Marrow Transplant', 'Other',
] as const;

export const EDUCATION_LEVELS = [
  'Less than high school degree', 'High school degree or equivalent (e.g., GED)', 'Associate degree', 'Bachelor degree', 'Graduate degree',
  'Other',
] as const;

export const EMPLOYMENT_STATUSES = [
  'Employed part time', 'Employed full time', 'Not employed and looking for work', 'Not employed and not looking for work', 'Retired',
  'Disabled, not able to work', 'Other',
] as const;

export const RELIGIONS = [
  'Protestantism', 'Catholicism', 'Christianity', 'Judaism', 'Islam', 'Buddhism', 'Hinduism', 'Inter/Non-denominational', 'Atheist',
  'Agnostic', 'Other',
] as const;

export const POLITICAL_VIEWS = ['Liberal', 'Moderate', 'Conservative', 'Other'] as const;

export const INCOME_BRACKETS = ['<$25K', '$25-50K', '$50-75K', '$75-100K', '$100-$150K', '$150-$200K', '$200-$500K', '>$500K', 'Other'] as const;

export const TUMOR_GRADES = [
  'Grade 1 (well differentiated)', 'Grade 2 (moderately differentiated)', 'Grade 3 (poorly differentiated)', 'Grade 4 (undifferentiated)',
  'Undetermined', 'Other',
] as const;

export const USE_FREQUENCIES = ['Never', 'Occasionally', 'Yes, currently', 'Yes, previously'] as const;

export const SEXES = ['Male', 'Female'] as const;
