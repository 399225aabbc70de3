import {
  KARNOFSKY_SCALE, Messages, PROFILE_FIELDS, PROFILE_STEP_COUNT, cleanProfile, cmToFeetInches, displayChoice, formatYear, isEmptyValue, isFieldVisible,
  profileField, type PatientProfileData, type PatientProfileResponse, type ProfileFieldDef, type ProfileFieldName,
} from '@cqa/contracts';

export type ProfileValues = Partial<PatientProfileData>;

/** The wizard step a `?step=` value (or a stored one) names, if it is one of 1-5. */
export function parseStep(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= PROFILE_STEP_COUNT ? step : null;
}

/** Where the patient's wizard remembers its step (spec section 4), per patient record. */
export const stepStorageKey = (patientId: string) => `patientProfileStep:${patientId}`;

/** What a save would store: two values are the same when this is. */
export function savedForm(values: ProfileValues): string {
  return JSON.stringify(cleanProfile(values));
}

/** The name to show for a patient record, or null when it has none. */
export function patientName(record: Pick<PatientProfileResponse, 'first_name' | 'last_name'> | undefined): string | null {
  const name = [record?.first_name, record?.last_name].filter((part) => part && part.trim()).join(' ');
  return name || null;
}

/**
 * The fields a read-only view lists for these names: `_other` companions are shown through their choice field, and a
 * field hidden by its condition (no surgery, no previous cancer, ...) is left out.
 */
export function displayedFields(names: readonly ProfileFieldName[], values: ProfileValues): ProfileFieldDef[] {
  return names
    .map((name) => profileField(name))
    .filter((field): field is ProfileFieldDef => Boolean(field) && !field?.otherOf && isFieldVisible(field as ProfileFieldDef, values));
}

/** The fields of one wizard step as the summary cards list them. */
export function stepFieldNames(step: number): ProfileFieldName[] {
  return PROFILE_FIELDS.filter((field) => field.step === step).map((field) => field.name);
}

/**
 * A field's value as text for the read-only views, or null when unanswered (shown as 'Not specified'). Symptoms and
 * family details have their own rendering.
 */
export function formatFieldValue(field: ProfileFieldDef, values: ProfileValues): string | null {
  const value = values[field.name];
  if (isEmptyValue(value)) return null;
  switch (field.kind) {
    case 'select':
    case 'multiselect':
    case 'yes_no':
      return displayChoice(field, values);
    case 'year':
      return formatYear(value);
    case 'height': {
      const parts = cmToFeetInches(value as number);
      return parts ? `${parts.feet} ft ${Math.round(parts.inches)} in (${value} cm)` : null;
    }
    case 'karnofsky': {
      const entry = KARNOFSKY_SCALE.find((k) => k.score === value);
      return entry ? `${entry.score} – ${entry.description}` : String(value);
    }
    case 'integer':
    case 'decimal':
    case 'weight':
      return field.unit && field.kind === 'weight' ? `${value} ${field.unit}` : String(value);
    case 'text':
    case 'textarea':
      return String(value);
    default:
      return null;
  }
}

/** What an unanswered field shows in the read-only views, where the spec gives a text for it. */
export const EMPTY_FIELD_TEXT: Partial<Record<ProfileFieldName, string>> = {
  clinical_symptoms: Messages.empty.noSymptoms,
  family_history_relatives: Messages.empty.noFamilyHistory,
  unaddressed_concerns: Messages.empty.noneReported,
};
