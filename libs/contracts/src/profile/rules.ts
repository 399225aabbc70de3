/**
 * The profile's rules (spec sections 4, 5 and 9): visibility, 'None' exclusivity, cleaning before save, reading old
 * records, the final-submit check, field validation with the spec's messages, number clamping, height and BMI
 * conversions, the year rule and the completion percentage. Pure functions: the wizard and the API share them.
 */
import {
  CM_PER_INCH, INCHES_PER_FOOT, KG_PER_LB, LEGACY_NONE_OTHER, NONE_OPTION, OTHER_OPTION, PROFILE_FIELDS, PatientProfileData,
  ProfileFieldDef, ProfileFieldName, TEXT_MAX_LENGTH, profileField,
} from './fields';
import { RELATIVES } from './lists';
import { SYMPTOM_CATEGORIES, SYMPTOMS_BY_CATEGORY, SymptomCategory, SymptomMap } from './symptoms';
import { Messages, ProfileTexts } from '../messages';

type Values = Partial<PatientProfileData>;
type Loose = Record<string, unknown>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const NUMBER_KINDS = new Set(['integer', 'decimal', 'height', 'weight', 'karnofsky']);
const YEAR_PATTERN = /^[1-9]\d{3}$/;

/** Nothing answered: null, undefined, blank text, an empty list, or an object with nothing in it. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isEmptyValue);
  return false;
}

export function isFieldVisible(field: ProfileFieldDef, values: Values): boolean {
  return field.visibleWhen ? field.visibleWhen(values) : true;
}

export function visibleFields(step: number, values: Values): ProfileFieldDef[] {
  return PROFILE_FIELDS.filter((f) => f.step === step && isFieldVisible(f, values));
}

const readNone = (values: readonly string[]) => [...new Set(values.map((v) => (v === LEGACY_NONE_OTHER ? NONE_OPTION : v)))];

/**
 * Multi-select change: in an exclusive field, choosing 'None' leaves only 'None', and choosing anything else removes
 * 'None'. The old value 'None/Other' is read as 'None' in every multi-select.
 */
export function applyMultiSelectExclusivity(fieldName: string, previous: readonly string[] | null | undefined, next: readonly string[]): string[] {
  const before = readNone(previous ?? []);
  const after = readNone(next);
  if (!profileField(fieldName)?.exclusiveNone || !after.includes(NONE_OPTION)) return after;
  if (!before.includes(NONE_OPTION)) return [NONE_OPTION];
  return after.length > 1 ? after.filter((v) => v !== NONE_OPTION) : after;
}

const chosenCategories = (map: SymptomMap | null | undefined): SymptomCategory[] =>
  SYMPTOM_CATEGORIES.filter((c) => (map?.[c]?.length ?? 0) > 0);

/** Symptom change: choosing the None category clears all others; choosing another category then drops None. */
export function applySymptomExclusivity(previous: SymptomMap | null | undefined, next: SymptomMap | null | undefined): SymptomMap {
  const after = chosenCategories(next);
  const copy = (categories: SymptomCategory[]): SymptomMap =>
    Object.fromEntries(categories.map((c) => [c, [...(next?.[c] ?? [])]]));
  if (!after.includes('None')) return copy(after);
  if (!chosenCategories(previous).includes('None')) return { None: [...SYMPTOMS_BY_CATEGORY.None] };
  return copy(after.length > 1 ? after.filter((c) => c !== 'None') : after);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** A year as an integer: from an integer, a 4-digit string or a date ('2019-05-01', read from old records). */
function toYear(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (YEAR_PATTERN.test(text)) return Number(text);
  const date = /^(\d{4})-\d{2}-\d{2}/.exec(text);
  return date ? Number(date[1]) : null;
}

/** A number from 1900 to 2100 or a 4-digit string is shown as a plain year; a stored date shows its year. */
export function formatYear(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1900 && value <= 2100 ? String(value) : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d{4}$/.test(text)) return text;
    const date = /^(\d{4})-\d{2}-\d{2}/.exec(text);
    return date ? date[1] : null;
  }
  return null;
}

/** Feet and inches to centimetres (12 inches per foot, 2.54 cm per inch), two decimals; null when both are empty. */
export function feetInchesToCm(feet: number | null | undefined, inches: number | null | undefined): number | null {
  if ((feet === null || feet === undefined) && (inches === null || inches === undefined)) return null;
  return round2(((feet ?? 0) * INCHES_PER_FOOT + (inches ?? 0)) * CM_PER_INCH);
}

/** Centimetres back to whole feet and inches (two decimals). */
export function cmToFeetInches(cm: number | null | undefined): { feet: number; inches: number } | null {
  if (cm === null || cm === undefined || !Number.isFinite(cm) || cm < 0) return null;
  const totalInches = cm / CM_PER_INCH;
  let feet = Math.floor(totalInches / INCHES_PER_FOOT);
  let inches = round2(totalInches - feet * INCHES_PER_FOOT);
  if (inches >= INCHES_PER_FOOT) {
    feet += 1;
    inches = round2(inches - INCHES_PER_FOOT);
  }
  return { feet, inches };
}

/** BMI from weight in lbs (× 0.453592 to kg) and height in cm; two decimals; null unless both are positive. */
export function computeBmi(weightLbs: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (!weightLbs || !heightCm || weightLbs <= 0 || heightCm <= 0) return null;
  const metres = heightCm / 100;
  return round2((weightLbs * KG_PER_LB) / (metres * metres));
}

/** The number clamped into the field's bounds (minimum 0 unless given), as on blur; null when not a number. */
export function clampNumber(field: ProfileFieldDef, value: unknown): number | null {
  const n = toNumber(value);
  if (n === null) return null;
  return Math.min(Math.max(n, field.min ?? 0), field.max ?? Number.POSITIVE_INFINITY);
}

/**
 * The message for a field's value, or null when it is acceptable. Spec texts: '{label} is required' (when
 * `checkRequired` and the field is required on submit), 'Value must be {max} or less.', 'Value must be {min} or
 * greater.', 'Please enter a valid 4-digit year'. Wrong types and unknown options use ProfileTexts.
 */
export function validateFieldValue(field: ProfileFieldDef, value: unknown, options: { checkRequired?: boolean } = {}): string | null {
  const checkRequired = options.checkRequired ?? true;
  if (isEmptyValue(value)) return checkRequired && field.requiredOnSubmit ? Messages.validation.fieldRequired(field.label) : null;
  const maxLength = field.maxLength ?? TEXT_MAX_LENGTH;
  switch (field.kind) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return ProfileTexts.notText;
      return value.length > maxLength ? ProfileTexts.textTooLong(maxLength) : null;
    case 'select':
    case 'yes_no':
      return typeof value === 'string' && field.options?.includes(value) ? null : ProfileTexts.notAnOption;
    case 'multiselect':
      if (!Array.isArray(value)) return ProfileTexts.notAList;
      return value.every((v) => typeof v === 'string' && field.options?.includes(v)) ? null : ProfileTexts.notAnOption;
    case 'year':
      return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'string'
        ? (YEAR_PATTERN.test(String(value).trim()) ? null : Messages.validation.invalidYear)
        : Messages.validation.invalidYear;
    case 'symptoms':
      return validateSymptoms(value);
    case 'relative_details':
      if (!isRecord(value)) return ProfileTexts.notRelativeDetails;
      for (const [relative, text] of Object.entries(value)) {
        if (!(RELATIVES as readonly string[]).includes(relative)) return ProfileTexts.unknownRelative(relative);
        if (text !== null && typeof text !== 'string') return ProfileTexts.notText;
        if (typeof text === 'string' && text.length > maxLength) return ProfileTexts.textTooLong(maxLength);
      }
      return null;
    default: {
      const n = toNumber(value);
      if (n === null) return ProfileTexts.notANumber;
      const min = field.min ?? 0;
      if (field.kind === 'integer' && !Number.isInteger(n)) return ProfileTexts.wholeNumber;
      if (n < min) return Messages.validation.valueTooSmall(min);
      if (field.max !== undefined && n > field.max) return Messages.validation.valueTooLarge(field.max);
      if (field.kind === 'karnofsky' && n % (field.increment ?? 10) !== 0) return ProfileTexts.notAnOption;
      return null;
    }
  }
}

function validateSymptoms(value: unknown): string | null {
  if (!isRecord(value)) return ProfileTexts.notSymptoms;
  for (const [category, symptoms] of Object.entries(value)) {
    const known = SYMPTOMS_BY_CATEGORY[category as SymptomCategory];
    if (!known) return ProfileTexts.unknownSymptomCategory(category);
    if (symptoms === null) continue;
    if (!Array.isArray(symptoms)) return ProfileTexts.notAList;
    const unknown = symptoms.find((s) => typeof s !== 'string' || !known.includes(s));
    if (unknown !== undefined) return ProfileTexts.unknownSymptom(String(unknown));
  }
  return null;
}

/** Every problem of a submitted profile, field by field (unknown fields included); empty when it may be saved. */
export function validateProfile(values: unknown): { field: string; message: string }[] {
  if (!isRecord(values)) return [{ field: 'profile', message: ProfileTexts.notAProfile }];
  const problems: { field: string; message: string }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = profileField(name);
    const message = field ? validateFieldValue(field, value, { checkRequired: false }) : ProfileTexts.unknownField(name);
    if (message) problems.push({ field: name, message });
  }
  return problems;
}

function cleanSymptoms(value: unknown): SymptomMap | null {
  if (!isRecord(value)) return null;
  const kept: SymptomMap = {};
  for (const category of SYMPTOM_CATEGORIES) {
    const chosen = value[category];
    if (!Array.isArray(chosen)) continue;
    const known = [...new Set(chosen.filter((s): s is string => typeof s === 'string' && SYMPTOMS_BY_CATEGORY[category].includes(s)))];
    if (known.length) kept[category] = known;
  }
  if (kept.None) {
    for (const category of SYMPTOM_CATEGORIES) if (category !== 'None' && category !== 'Other') delete kept[category];
  }
  return Object.keys(kept).length ? kept : null;
}

function cleanValue(field: ProfileFieldDef, value: unknown): unknown {
  if (isEmptyValue(value)) return null;
  if (NUMBER_KINDS.has(field.kind)) return toNumber(value);
  switch (field.kind) {
    case 'year':
      return toYear(value);
    case 'multiselect': {
      if (!Array.isArray(value)) return null;
      const chosen = readNone(value.filter((v): v is string => typeof v === 'string' && v.trim() !== ''));
      if (field.exclusiveNone && chosen.includes(NONE_OPTION)) return [NONE_OPTION];
      return chosen.length ? chosen : null;
    }
    case 'symptoms':
      return cleanSymptoms(value);
    case 'relative_details': {
      if (!isRecord(value)) return null;
      const entries = Object.entries(value).filter(([, text]) => typeof text === 'string' && text.trim() !== '');
      return entries.length ? Object.fromEntries(entries) : null;
    }
    default:
      return typeof value === 'string' ? value : null;
  }
}

/**
 * The profile as saved (spec section 4, "Before saving"): every field present, unanswered ones null; numbers and
 * years as numbers; 'None' exclusive in conditions and major treatments; symptoms kept only from the known lists
 * (None keeps only None and Other); family details only for chosen relatives; bmi recomputed. Every field hidden by its
 * condition becomes null: the spec names the surgery fields and the `_other` companions, and the same rule keeps
 * every other conditional answer (smoking, alcohol, trial and previous-cancer details, ...) from outliving its question.
 */
export function cleanProfile(values: Values | Loose): PatientProfileData {
  const input = values as Loose;
  const out = {} as Record<ProfileFieldName, unknown>;
  for (const field of PROFILE_FIELDS) out[field.name] = cleanValue(field, input[field.name]);
  const profile = out as unknown as PatientProfileData;
  profile.bmi = computeBmi(profile.weight, profile.height);
  // Visibility depends only on fields listed earlier, so one pass in order settles it.
  for (const field of PROFILE_FIELDS) if (!isFieldVisible(field, profile)) out[field.name] = null;
  if (profile.family_history_details) {
    const relatives = profile.family_history_relatives ?? [];
    const kept = Object.entries(profile.family_history_details).filter(([relative]) => relatives.includes(relative));
    profile.family_history_details = kept.length ? Object.fromEntries(kept) : null;
  }
  return profile;
}

/** Old field names (spec section 3's read variants) and the current field each one fills. */
export const LEGACY_FIELD_NAMES: Readonly<Record<string, ProfileFieldName>> = {
  family_history_personal: 'previous_cancer_history',
  family_history_cancer_type: 'previous_cancer_type',
  personal_cancer_age_at_diagnosis: 'previous_cancer_age_at_diagnosis',
  personal_cancer_treatment: 'previous_cancer_treatment',
  personal_cancer_outcome: 'previous_cancer_outcome',
};

const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** The category of a symptom given as a bare name (old records kept symptoms as a flat list). */
function categoryOf(symptom: string): SymptomCategory | undefined {
  return SYMPTOM_CATEGORIES.find((c) => SYMPTOMS_BY_CATEGORY[c].includes(symptom));
}

/**
 * Reads a stored or old-style profile into the current field names and types: read variants fill their current field
 * when it is empty, 'None/Other' becomes 'None', dates become years, lists and maps stored as JSON text are parsed,
 * a flat symptom list is grouped by category, numeric text becomes a number. Unknown keys are dropped.
 */
export function normalizeLegacyProfile(raw: unknown): Partial<PatientProfileData> {
  const source = isRecord(parseJson(raw)) ? (parseJson(raw) as Loose) : {};
  const merged: Loose = { ...source };
  for (const [legacy, current] of Object.entries(LEGACY_FIELD_NAMES)) {
    if (isEmptyValue(merged[current]) && !isEmptyValue(source[legacy])) merged[current] = source[legacy];
  }
  const out: Loose = {};
  for (const field of PROFILE_FIELDS) {
    if (!(field.name in merged)) continue;
    let value = merged[field.name];
    if (field.kind === 'multiselect') {
      value = parseJson(value);
      if (typeof value === 'string') value = value.trim() ? [value] : [];
      if (Array.isArray(value)) value = readNone(value.filter((v): v is string => typeof v === 'string'));
    } else if (field.kind === 'symptoms') {
      value = parseJson(value);
      if (Array.isArray(value)) {
        const grouped: Record<string, string[]> = {};
        for (const symptom of value) {
          const category = typeof symptom === 'string' ? categoryOf(symptom) : undefined;
          if (category) (grouped[category] ??= []).push(symptom as string);
        }
        value = grouped;
      }
    } else if (field.kind === 'relative_details') {
      value = parseJson(value);
    } else if (field.kind === 'year') {
      value = isEmptyValue(value) ? null : toYear(value) ?? value;
    } else if (NUMBER_KINDS.has(field.kind)) {
      value = isEmptyValue(value) ? null : toNumber(value) ?? value;
    } else if (typeof value === 'string' && value === LEGACY_NONE_OTHER) {
      value = NONE_OPTION;
    }
    out[field.name] = value;
  }
  return out as Partial<PatientProfileData>;
}

/** Required fields that are visible and unanswered, in wizard order (the final-submit toast lists their labels). */
export function missingRequiredFields(values: Values): ProfileFieldDef[] {
  return PROFILE_FIELDS.filter((f) => f.requiredOnSubmit && isFieldVisible(f, values) && isEmptyValue(values[f.name]));
}

/**
 * Share of the visible required fields that are answered, 0-100, rounded down. The stored completion is 100 only
 * after a final submit with nothing missing; until then the server keeps it at most 99 (see COMPLETION_BEFORE_SUBMIT_MAX).
 */
export function completionPercentage(values: Values): number {
  const required = PROFILE_FIELDS.filter((f) => f.requiredOnSubmit && isFieldVisible(f, values));
  if (!required.length) return 100;
  const answered = required.filter((f) => !isEmptyValue(values[f.name])).length;
  return Math.floor((answered / required.length) * 100);
}

export const PROFILE_COMPLETE = 100;
export const COMPLETION_BEFORE_SUBMIT_MAX = 99;

/** The label of a choice field's value for display: an 'Other' choice shows its companion text, or 'Other' if empty. */
export function displayChoice(field: ProfileFieldDef, values: Values): string | null {
  const value = values[field.name];
  if (isEmptyValue(value)) return null;
  const companion = field.otherField ? values[field.otherField] : null;
  const show = (v: string) => (v === OTHER_OPTION && typeof companion === 'string' && companion.trim() ? companion : v);
  if (Array.isArray(value)) return value.map((v) => show(String(v))).join(', ');
  if (typeof value === 'string') return show(value);
  return String(value);
}
