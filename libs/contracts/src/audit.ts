import type { Role } from './roles';

/**
 * The profile access audit trail (HIPAA audit controls): every read or write of a patient's profile or reports by anyone
 * other than that patient. Append-only; admins read it.
 */
export const PROFILE_AUDIT_ACTIONS = [
  'profile.read',
  'profile.create',
  'profile.update',
  'report.list',
  'report.upload',
  'report.download',
  'report.delete',
] as const;
export type ProfileAuditAction = (typeof PROFILE_AUDIT_ACTIONS)[number];

export const AuditPaths = { profileAccessLogs: '/api/admin/profile-access-logs' } as const;

/** GET /api/admin/profile-access-logs query: filter by the patient whose data was reached, or by the user who reached it. */
export interface ProfileAccessLogQuery {
  patient_id?: string;
  user_id?: string;
  page?: number;
  per_page?: number;
}

export interface ProfileAccessLogEntry {
  id: number;
  /** Who reached the data. */
  user_id: string | null;
  user_email: string | null;
  user_role: Role;
  /** Whose data it was. */
  patient_id: string;
  action: ProfileAuditAction;
  /** A non-health detail such as a report id; never file names or field values. */
  detail: string | null;
  ip_address: string | null;
  created_at: string;
}

export interface ProfileAccessLogListResponse {
  logs: ProfileAccessLogEntry[];
  total: number;
  page: number;
  per_page: number;
}
