import { AiProfileField } from './ai';
import { AI_PROFILE_FIELD_LABELS } from './texts/labels';
import { CANCER_STAGES, CANCER_TYPES, TREATMENT_TYPES } from './options';

/** The profile values the minimiser may look at; anything else in a profile is never read. */
export interface AiProfileSource {
  age?: unknown;
  cancer_type?: unknown;
  cancer_stage?: unknown;
  major_treatments?: unknown;
}

export interface AiProfileContext {
  /** Lines for the prompt, e.g. 'Age band: 50-59'. */
  lines: string[];
  fieldsUsed: AiProfileField[];
}

const ALLOWED_CANCER_TYPES = new Set<string>(CANCER_TYPES.filter((t) => t !== 'Other'));
const ALLOWED_STAGES = new Set<string>(CANCER_STAGES.filter((s) => s !== 'Other'));
const ALLOWED_TREATMENTS = new Set<string>(TREATMENT_TYPES.filter((t) => t !== 'None' && t !== 'Other'));

/** Ten-year bands; 90 and over is one band (HIPAA safe harbour), children one band. */
export function ageBand(age: unknown): string | null {
  const n = typeof age === 'string' && /^\d{1,3}$/.test(age.trim()) ? Number(age) : age;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 120) return null;
  if (n < 18) return 'under 18';
  if (n >= 90) return '90 or older';
  if (n < 30) return '18-29';
  const low = Math.floor(n / 10) * 10;
  return `${low}-${low + 9}`;
}

/**
 * The only patient facts an AI prompt may carry, with consent: an age band, the cancer type, the stage and the
 * classes of treatment, each taken from the fixed option lists. Free text ('Other' companions, descriptions),
 * names, dates and ids are never read, so they cannot leak; values outside the lists are dropped.
 */
export function aiProfileContext(profile: AiProfileSource | null | undefined): AiProfileContext {
  const out: AiProfileContext = { lines: [], fieldsUsed: [] };
  if (!profile) return out;
  const add = (field: AiProfileField, value: string) => {
    out.lines.push(`${AI_PROFILE_FIELD_LABELS[field]}: ${value}`);
    out.fieldsUsed.push(field);
  };
  const band = ageBand(profile.age);
  if (band) add('age_band', band);
  if (typeof profile.cancer_type === 'string' && ALLOWED_CANCER_TYPES.has(profile.cancer_type)) add('cancer_type', profile.cancer_type);
  if (typeof profile.cancer_stage === 'string' && ALLOWED_STAGES.has(profile.cancer_stage)) add('cancer_stage', profile.cancer_stage);
  const treatments = Array.isArray(profile.major_treatments)
    ? [...new Set(profile.major_treatments.filter((t): t is string => typeof t === 'string' && ALLOWED_TREATMENTS.has(t)))].sort()
    : [];
  if (treatments.length > 0) add('treatment_classes', treatments.join(', '));
  return out;
}
