import type { MessageResponse } from './auth';
import { ExpertCredentialTexts as T } from './texts/expert-credentials';

/**
 * An expert's professional details (issue 44 item 7): specialty, licence or registration number, institution. Required
 * when an expert registers and when they are changed; experts registered before they were asked have none yet (null).
 */
export const EXPERT_CREDENTIAL_LIMITS = { specialty: 100, licence_number: 60, institution: 200 } as const;
export type ExpertCredentialField = keyof typeof EXPERT_CREDENTIAL_LIMITS;
export const EXPERT_CREDENTIAL_FIELDS = ['specialty', 'licence_number', 'institution'] as const satisfies readonly ExpertCredentialField[];

/** The details as given (registration, PUT /api/account/credentials): each trimmed, required, within its limit. */
export interface ExpertCredentials {
  specialty: string;
  licence_number: string;
  institution: string;
}

/** The details as stored: null where an expert registered before they were asked has not given one yet. */
export type StoredExpertCredentials = { [K in ExpertCredentialField]: string | null };

export const CredentialPaths = { credentials: '/api/account/credentials' } as const;

/** PUT /api/account/credentials answers with the message and the details as stored. */
export interface CredentialsUpdateResponse extends MessageResponse {
  credentials: StoredExpertCredentials;
}

/**
 * Common oncology specialties, offered as suggestions (free text stays allowed). `physician`: whether the byline puts
 * 'Dr' before the name; a specialty typed freely gets no title, since nothing says its holder is a doctor.
 */
export const ONCOLOGY_SPECIALTIES = [
  { name: 'medical oncologist', physician: true },
  { name: 'radiation oncologist', physician: true },
  { name: 'surgical oncologist', physician: true },
  { name: 'haematologist-oncologist', physician: true },
  { name: 'paediatric oncologist', physician: true },
  { name: 'gynaecological oncologist', physician: true },
  { name: 'neuro-oncologist', physician: true },
  { name: 'palliative care physician', physician: true },
  { name: 'oncology pathologist', physician: true },
  { name: 'oncology radiologist', physician: true },
  { name: 'oncology nurse', physician: false },
  { name: 'clinical nurse specialist (oncology)', physician: false },
  { name: 'oncology pharmacist', physician: false },
  { name: 'genetic counsellor', physician: false },
  { name: 'psycho-oncologist', physician: false },
  { name: 'oncology dietitian', physician: false },
] as const;

// C0 and C1 controls, and the line and paragraph separators: a detail is one line of a byline.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const LABELS: Record<ExpertCredentialField, string> = { specialty: T.specialty, licence_number: T.licenceNumber, institution: T.institution };

/** The refusals of each detail, by field: what the API answers and the web's forms (and the no-script form's notices) say. */
export const CREDENTIAL_PROBLEMS = {
  required: { specialty: T.specialtyRequired, licence_number: T.licenceRequired, institution: T.institutionRequired },
  tooLong: Object.fromEntries(EXPERT_CREDENTIAL_FIELDS.map((f) => [f, T.tooLong(LABELS[f], EXPERT_CREDENTIAL_LIMITS[f])])) as Record<ExpertCredentialField, string>,
  controlCharacters: T.controlCharacters,
} as const;

/** The one rule for each detail, used by the API's DTOs and the web's forms: the problem's text, or null when fine. */
export function credentialProblem(field: ExpertCredentialField, value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return CREDENTIAL_PROBLEMS.required[field];
  if (text.length > EXPERT_CREDENTIAL_LIMITS[field]) return CREDENTIAL_PROBLEMS.tooLong[field];
  if (CONTROL.test(text)) return CREDENTIAL_PROBLEMS.controlCharacters;
  return null;
}

/** What an expert answer's author line shows patients: 'Dr Ann Lee — medical oncologist, Example Hospital' (the parts present). */
export function expertByline(name: string, credentials: { specialty?: string | null; institution?: string | null }): string {
  const specialty = credentials.specialty?.trim() || null;
  const physician = !!specialty && ONCOLOGY_SPECIALTIES.some((s) => s.physician && s.name === specialty.toLowerCase());
  const details = [specialty, credentials.institution?.trim() || null].filter(Boolean).join(', ');
  const titled = physician && !new RegExp(`^${T.doctorTitle}\\.?\\s`, 'i').test(name);
  return `${titled ? `${T.doctorTitle} ` : ''}${name}${details ? ` — ${details}` : ''}`;
}
