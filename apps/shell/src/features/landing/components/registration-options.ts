// Spec section 3, option lists (values as spelt). TODO(contracts): move beside the patient-profile schema when it lands.
export const CANCER_TYPES = [
  'Bladder Cancer', 'Brain Cancer', 'Breast Cancer', 'Cervical Cancer', 'Colorectal Cancer', 'Endometrial Cancer', 'Esophageal Cancer',
  'Head & Neck Cancer', 'Hodgkin Lymphoma', 'Kidney Cancer', 'Leukemia', 'Liver Cancer', 'Lung Cancer', 'Melanoma', 'Non-Hodgkin Lymphoma',
  'Non-Melanoma Skin Cancer', 'Pancreatic Cancer', 'Prostate Cancer', 'Stomach Cancer', 'Thyroid Cancer', 'Uterine Cancer', 'Other',
] as const;
export const CANCER_STAGES = ['Stage 0', 'Stage 1', 'Stage 2', 'Stage 3', 'Stage 4', 'In Remission', 'Predisposition', 'Other'] as const;
export const SEXES = ['Male', 'Female'] as const;
