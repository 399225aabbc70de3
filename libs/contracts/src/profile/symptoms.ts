/**
 * Review-of-systems categories (spec section 3) and the symptom list of each. The spec names the categories and says
 * each has a fixed list without showing it: these are the standard review-of-systems symptoms. 'None' and 'Other' are
 * categories whose single entry is the category itself; 'Other' is described in clinical_symptoms_other.
 */
export const SYMPTOM_CATEGORIES = [
  'None', 'Constitutional', 'HEENT', 'Respiratory', 'Cardiovascular', 'Gastrointestinal', 'Genitourinary', 'Metabolic_Endocrine',
  'Neurological', 'Psychiatric', 'Integumentary', 'Musculoskeletal', 'Hematologic', 'Immunologic', 'Other',
] as const;
export type SymptomCategory = (typeof SYMPTOM_CATEGORIES)[number];

export const SYMPTOMS_BY_CATEGORY: Record<SymptomCategory, readonly string[]> = {
  None: ['None'],
  Constitutional: ['Fever', 'Chills', 'Night sweats', 'Fatigue', 'Generalized weakness', 'Unintentional weight loss', 'Unintentional weight gain', 'Loss of appetite'],
  HEENT: [
    'Headache', 'Vision changes', 'Eye pain', 'Hearing loss', 'Ringing in the ears', 'Ear pain', 'Nasal congestion', 'Nosebleeds', 'Sore throat',
    'Mouth sores', 'Difficulty swallowing', 'Hoarseness', 'Neck lump or swelling',
  ],
  Respiratory: ['Cough', 'Coughing up blood', 'Shortness of breath', 'Wheezing', 'Chest tightness', 'Sputum production'],
  Cardiovascular: ['Chest pain', 'Palpitations', 'Leg or ankle swelling', 'Shortness of breath when lying flat', 'Fainting', 'Leg pain when walking'],
  Gastrointestinal: [
    'Nausea', 'Vomiting', 'Diarrhea', 'Constipation', 'Abdominal pain', 'Bloating', 'Heartburn', 'Blood in stool', 'Black or tarry stools',
    'Yellowing of skin or eyes',
  ],
  Genitourinary: [
    'Frequent urination', 'Painful urination', 'Blood in urine', 'Urinary incontinence', 'Difficulty urinating', 'Sexual dysfunction',
    'Abnormal vaginal bleeding', 'Pelvic pain',
  ],
  Metabolic_Endocrine: ['Heat intolerance', 'Cold intolerance', 'Excessive thirst', 'Excessive hunger', 'Hot flashes', 'Changes in menstrual cycle'],
  Neurological: [
    'Dizziness', 'Numbness', 'Tingling', 'Seizures', 'Memory loss', 'Confusion', 'Difficulty speaking', 'Tremor', 'Loss of balance',
    'Weakness in arms or legs',
  ],
  Psychiatric: ['Anxiety', 'Depression', 'Difficulty sleeping', 'Mood swings', 'Irritability', 'Difficulty concentrating', 'Thoughts of self-harm'],
  Integumentary: ['Rash', 'Itching', 'Dry skin', 'New or changing mole', 'Skin sores that do not heal', 'Hair loss', 'Nail changes', 'Skin discoloration'],
  Musculoskeletal: ['Joint pain', 'Joint swelling', 'Muscle pain', 'Muscle cramps', 'Back pain', 'Bone pain', 'Stiffness', 'Limited range of motion'],
  Hematologic: ['Easy bruising', 'Easy bleeding', 'Swollen lymph nodes', 'Anemia', 'Blood clots'],
  Immunologic: ['Frequent infections', 'Seasonal allergies', 'Hives', 'Slow wound healing', 'Recurrent fevers'],
  Other: ['Other'],
};

/** Stored form of clinical_symptoms: category → chosen symptoms of that category. */
export type SymptomMap = Partial<Record<SymptomCategory, string[]>>;
