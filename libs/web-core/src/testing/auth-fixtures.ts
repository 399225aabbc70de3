import type { AuthUser, Role } from '@cqa/contracts';
import type { AuthState } from '../auth/auth.slice';

/** A signed-in user of a role, for tests of pages and guards. */
export function testUser(role: Role, overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: `00000000-0000-4000-8000-00000000000${role === 'patient' ? 1 : role === 'expert' ? 2 : 3}`,
    email: `${role}@x.org`,
    role,
    firstName: role[0].toUpperCase() + role.slice(1),
    lastName: 'Tester',
    approvalStatus: 'approved',
    patientId: role === 'patient' ? '77' : null,
    profileCompletion: role === 'patient' ? 100 : null,
    ...overrides,
  };
}

export function signedInState(role: Role, overrides: Partial<AuthUser> = {}): AuthState {
  return { status: 'authenticated', user: testUser(role, overrides), accessToken: 'token' };
}
