import type { ApiErrorBody, ProfileAccessLogListResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TestUser } from '../../../test/accounts-helpers';
import { PatientAccess } from './patient-access.service';

describe('profile access audit trail', () => {
  let api: RunningApi;
  let audit: PatientAccess;
  let admin: TestUser;
  let adminToken: string;
  let patient: TestUser;
  let patientId: string;
  let otherPatientId: string;
  let expert: TestUser;

  beforeAll(async () => {
    api = await startApi();
    audit = api.app.get(PatientAccess);
    admin = await createUser(api, 'admin');
    adminToken = (await signIn(api, admin)).token;
    expert = await createUser(api, 'expert');
    patient = await createUser(api, 'patient');
    const other = await createUser(api, 'patient');
    const ds = api.app.get(DataSource);
    patientId = (await ds.query('SELECT id FROM patients WHERE user_id = ?', [patient.id]))[0].id;
    otherPatientId = (await ds.query('SELECT id FROM patients WHERE user_id = ?', [other.id]))[0].id;
  });
  afterAll(async () => { await api.close(); });

  const logsFor = (query: string, token = adminToken) =>
    call<ProfileAccessLogListResponse>(api, 'GET', `/api/admin/profile-access-logs?${query}`, { token });

  it("records others' access with who, which patient, what, when and the IP, and skips the patient's own", async () => {
    await audit.recordAccess({ actor: { id: patient.id, role: 'patient' }, patientId, action: 'profile.read', ip: '10.0.0.1' });
    await audit.recordAccess({ actor: { id: expert.id, role: 'expert' }, patientId, action: 'profile.read', ip: '10.0.0.2' });
    await audit.recordAccess({ actor: { id: admin.id, role: 'admin' }, patientId, action: 'report.download', ip: '10.0.0.3', detail: 'report 42' });
    // A patient reaching someone else's record is recorded too (the services refuse it, but the trail must not depend on that).
    await audit.recordAccess({ actor: { id: patient.id, role: 'patient' }, patientId: otherPatientId, action: 'profile.read', ip: '10.0.0.4' });

    const result = await logsFor(`patient_id=${patientId}`);
    expect(result.status).toBe(200);
    expect(result.body.total).toBe(2);
    expect(result.body.logs.map((l) => [l.user_id, l.user_role, l.action, l.ip_address, l.detail])).toEqual([
      [admin.id, 'admin', 'report.download', '10.0.0.3', 'report 42'],
      [expert.id, 'expert', 'profile.read', '10.0.0.2', null],
    ]);
    expect(result.body.logs[0].user_email).toBe(admin.email);
    expect(Date.now() - Date.parse(result.body.logs[0].created_at)).toBeLessThan(60_000);

    const byUser = await logsFor(`user_id=${patient.id}`);
    expect(byUser.body.logs.map((l) => [l.patient_id, l.action])).toEqual([[otherPatientId, 'profile.read']]);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 3; i++) await audit.recordAccess({ actor: { id: expert.id, role: 'expert' }, patientId: otherPatientId, action: 'report.list', ip: null, detail: `n${i}` });
    const first = await logsFor(`user_id=${expert.id}&patient_id=${otherPatientId}&per_page=2`);
    const second = await logsFor(`user_id=${expert.id}&patient_id=${otherPatientId}&per_page=2&page=2`);
    expect(first.body.total).toBe(3);
    expect(first.body.logs.map((l) => l.detail)).toEqual(['n2', 'n1']);
    expect(second.body.logs.map((l) => l.detail)).toEqual(['n0']);
  });

  it('is read by admins only and cannot be changed through the API', async () => {
    const expertToken = (await signIn(api, expert)).token;
    expect((await logsFor('', expertToken)).status).toBe(403);
    expect((await call(api, 'GET', '/api/admin/profile-access-logs')).status).toBe(401);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const result = await call<ApiErrorBody>(api, method, '/api/admin/profile-access-logs', { token: adminToken, body: {} });
      expect([404, 405]).toContain(result.status);
    }
    const bad = await call<ApiErrorBody>(api, 'GET', '/api/admin/profile-access-logs?patient_id=nope', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('patient_id must be a patient id');
  });
});
