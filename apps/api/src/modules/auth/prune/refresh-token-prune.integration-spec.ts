import { SessionResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { call, createUser, refreshCookie, signIn } from '../../../../test/accounts-helpers';
import { RefreshTokenPrune, REVOKED_RETENTION_DAYS } from './refresh-token-prune.processor';

/** Issue 42, F-38: every page load added a refresh-token row, and none was ever deleted. */
describe('the refresh-token prune (real MariaDB)', () => {
  let api: RunningApi;
  let db: DataSource;
  let prune: RefreshTokenPrune;
  beforeAll(async () => {
    api = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_prune` });
    db = api.app.get(DataSource);
    prune = api.app.get(RefreshTokenPrune);
  });
  afterAll(async () => { await api.close(); });

  const refresh = (cookie: string) => call<SessionResponse>(api, 'POST', '/api/auth/refresh', { cookie });
  const rowsOf = async (userId: string) =>
    (await db.query('SELECT id, revoked_at, replaced_by, successor_sealed FROM refresh_tokens WHERE user_id = ? ORDER BY created_at', [userId])) as
      { id: string; revoked_at: Date | null; replaced_by: string | null; successor_sealed: Buffer | null }[];

  it('deletes expired tokens and long-revoked sessions, keeps a live session’s rotated tokens so reuse is still caught', async () => {
    const live = await createUser(api, 'patient');
    const { cookie: liveFirst } = await signIn(api, live);
    const liveNext = refreshCookie(await refresh(liveFirst))!;
    expect(await rowsOf(live.id)).toHaveLength(2);

    const expired = await createUser(api, 'patient');
    await signIn(api, expired);
    await db.query('UPDATE refresh_tokens SET expires_at = NOW(3) - INTERVAL 1 MINUTE WHERE user_id = ?', [expired.id]);

    const revokedLongAgo = await createUser(api, 'patient');
    const { cookie: revokedCookie } = await signIn(api, revokedLongAgo);
    await call(api, 'POST', '/api/auth/logout', { cookie: revokedCookie });
    await db.query(`UPDATE refresh_tokens SET revoked_at = NOW(3) - INTERVAL ${REVOKED_RETENTION_DAYS + 1} DAY WHERE user_id = ?`, [revokedLongAgo.id]);

    const revokedRecently = await createUser(api, 'patient');
    const { cookie: recentCookie } = await signIn(api, revokedRecently);
    await call(api, 'POST', '/api/auth/logout', { cookie: recentCookie });

    const result = await prune.pruneNow(new Date());
    expect(result.expiredRemoved).toBeGreaterThanOrEqual(1);
    expect(result.revokedRemoved).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(expired.id)).toEqual([]);
    expect(await rowsOf(revokedLongAgo.id)).toEqual([]);
    expect(await rowsOf(revokedRecently.id)).toHaveLength(1);
    // The live session keeps both rows: presenting its rotated first token (after the grace window) still ends it.
    expect(await rowsOf(live.id)).toHaveLength(2);
    await db.query('UPDATE refresh_tokens SET rotated_at = rotated_at - INTERVAL 1 MINUTE WHERE user_id = ? AND rotated_at IS NOT NULL', [live.id]);
    expect((await refresh(liveFirst)).status).toBe(401);
    expect((await refresh(liveNext)).status).toBe(401);
  });

  it('clears a rotated token’s sealed successor once its grace window has passed, not before', async () => {
    const patient = await createUser(api, 'patient');
    const { cookie } = await signIn(api, patient);
    await refresh(cookie);
    await prune.pruneNow(new Date());
    expect((await rowsOf(patient.id))[0]!.successor_sealed).not.toBeNull();
    const afterWindow = new Date(Date.now() + (api.config.refreshReuseGraceSeconds + 1) * 1000);
    expect((await prune.pruneNow(afterWindow)).sealsCleared).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(patient.id))[0]!.successor_sealed).toBeNull();
  });
});
