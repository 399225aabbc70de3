import type { AuthUser } from '../auth/auth.slice';
import type { RouteAccess } from '../routes/route-table';

/** Whether a signed-in user may open a route; `patientId` is the route's :patientId parameter, if any. */
export function canAccess(access: RouteAccess, user: AuthUser, patientId?: string): boolean {
  switch (access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'patient':
    case 'expert':
    case 'admin':
      return user.role === access;
    case 'expert-or-admin':
      return user.role === 'expert' || user.role === 'admin';
    case 'patient-own-or-staff':
      if (user.role !== 'patient') return true;
      return patientId !== undefined && user.patientId != null && String(user.patientId) === patientId;
  }
}
