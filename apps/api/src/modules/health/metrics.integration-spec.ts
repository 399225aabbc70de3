import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';

describe('metrics and request ids over HTTP', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi(); });
  afterAll(async () => { await api.close(); });

  it('serves /api/metrics to admins only', async () => {
    expect((await call(api, 'GET', '/api/metrics')).status).toBe(401);
    const patient = await signIn(api, await createUser(api, 'patient'));
    expect((await call(api, 'GET', '/api/metrics', { token: patient.token })).status).toBe(403);
  });

  it('has latency by route pattern and status, queue depth per queue and the outbox size', async () => {
    const admin = await signIn(api, await createUser(api, 'admin'));
    const id = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    await call(api, 'GET', '/api/health');
    await call(api, 'GET', `/api/questions/${id}`, { token: admin.token });
    const res = await fetch(`${api.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/cqa_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/health",status_code="200"\}/);
    expect(text).toContain('route="/api/questions/:id"');
    expect(text).not.toContain(id);
    for (const queue of ['system', 'ai', 'import', 'research', 'mail']) expect(text).toContain(`cqa_queue_jobs{queue="${queue}",state="waiting"}`);
    expect(text).toMatch(/cqa_mail_outbox_rows\{status="pending"\} \d+/);
    expect(text).toContain('cqa_job_duration_seconds');
    expect(text).toContain('cqa_ai_tokens_total');
  });

  it('keeps a sane X-Request-Id, replaces anything else, and answers with it', async () => {
    const kept = await fetch(`${api.baseUrl}/api/health`, { headers: { 'x-request-id': 'lb-7f3a9c2e-0001' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c2e-0001');
    const replaced = await fetch(`${api.baseUrl}/api/health`, { headers: { 'x-request-id': 'evil <script> ' + 'x'.repeat(100) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await fetch(`${api.baseUrl}/api/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
