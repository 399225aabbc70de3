import { ApprovalStatus, REFRESH_COOKIE, Role, SessionResponse } from '@cqa/contracts';
import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PatientEntity } from '../src/modules/profiles/entities/patient.entity';
import { UserEntity } from '../src/modules/auth/entities/user.entity';
import type { RunningApi } from './api-harness';

export const TEST_PASSWORD = 'Correct-horse-9';

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.test`;

export interface TestUser { id: string; email: string; role: Role }

/** Inserts an account straight into the database (approved and verified unless told otherwise). */
export async function createUser(api: RunningApi, role: Role, options: { status?: ApprovalStatus; verified?: boolean; blocked?: boolean; label?: string } = {}): Promise<TestUser> {
  const ds = api.app.get(DataSource);
  const email = uniqueEmail(options.label ?? role);
  const user = await ds.getRepository(UserEntity).save(ds.getRepository(UserEntity).create({
    email, role, firstName: 'Test', lastName: role, passwordHash: await hash(TEST_PASSWORD, { type: 2 }),
    emailConfirmedAt: options.verified === false ? null : new Date(), approvalStatus: options.status ?? 'approved',
    isBlocked: options.blocked ?? false, termsConsent: true, termsConsentDate: new Date(),
  }));
  if (role === 'patient') await ds.getRepository(PatientEntity).insert({ userId: user.id, firstName: 'Test', lastName: role, hipaaConsent: true });
  return { id: user.id, email, role };
}

export interface HttpResult<T = unknown> { status: number; body: T; setCookie: string[]; headers: Headers }

export async function call<T = unknown>(api: RunningApi, method: string, path: string, options: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${api.baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, setCookie: res.headers.getSetCookie(), headers: res.headers };
}

/** The `__Host-cqa_refresh=<value>` pair a response set, ready to send back as a Cookie header. */
export function refreshCookie(result: HttpResult): string | undefined {
  const header = result.setCookie.find((c) => c.startsWith(`${REFRESH_COOKIE.name}=`));
  const pair = header?.split(';')[0];
  return pair && pair !== `${REFRESH_COOKIE.name}=` ? pair : undefined;
}

export async function signIn(api: RunningApi, user: TestUser, password = TEST_PASSWORD): Promise<{ token: string; cookie: string; session: SessionResponse }> {
  const result = await call<SessionResponse>(api, 'POST', '/api/auth/login', { body: { email: user.email, password, role: user.role } });
  if (result.status !== 200) throw new Error(`sign-in of ${user.role} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { token: result.body.accessToken, cookie: refreshCookie(result)!, session: result.body };
}

/** Moves the user's refresh-token rotations a minute back, past the reuse grace window: a replay then counts as theft. */
export async function ageRotations(api: RunningApi, userId: string): Promise<void> {
  await api.app.get(DataSource).query('UPDATE refresh_tokens SET rotated_at = rotated_at - INTERVAL 1 MINUTE WHERE user_id = ? AND rotated_at IS NOT NULL', [userId]);
}

/** An expert's professional details, which registering as an expert requires (issue 44 item 7). */
export const EXPERT_CREDENTIALS = { specialty: 'medical oncologist', licence_number: 'GMC 7654321', institution: 'Test University Hospital' } as const;
