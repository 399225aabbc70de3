/** The patient-profile resource (`/api/patients`, spec section 7): shapes and paths shared by the API and the web. */
import type { PatientProfileData } from './fields';

export interface PatientProfileResponse {
  /** The patient record id (also given as patient_id, the name the question pages use). */
  id: string;
  patient_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  updated_at: string;
  profile_completion_percentage: number;
  /** Every field, cleaned; unanswered fields are null. */
  profile: PatientProfileData;
}

/**
 * PUT /api/patients/{id}: the given profile fields replace the stored ones (null clears a field; fields not given are
 * kept), then the whole profile is validated and cleaned. Sending profile_completion_percentage 100 is the final submit:
 * refused while a required field is missing.
 */
export interface SavePatientProfileRequest {
  profile: Partial<PatientProfileData>;
  profile_completion_percentage?: number;
  first_name?: string;
  last_name?: string;
}

/** POST /api/patients: admins for any patient user; a patient for themself when no record exists yet. */
export interface CreatePatientProfileRequest extends SavePatientProfileRequest {
  user_id: string;
}

export interface PatientListQuery {
  user_id: string;
}

export const PatientPaths = {
  list: '/api/patients',
  one: (id: string) => `/api/patients/${id}`,
} as const;
