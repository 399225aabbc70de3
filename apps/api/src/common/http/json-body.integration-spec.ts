import { ApiErrorBody, Messages } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';
import { JSON_BODY_LIMITS } from './json-body';

const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** A raw POST, so the body can be any text and any size. */
async function post(api: RunningApi, path: string, body: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${api.baseUrl}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as ApiErrorBody, ms: performance.now() - started };
}

const wideObject = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 1])));
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('JSON bodies are measured before Nest sees them', () => {
  let api: RunningApi;
  beforeAll(async () => { api = await startApi({ TRUST_PROXY: 'true' }); });
  afterAll(async () => { await api.close(); });

  it('refuses the 80,000-key login body at once with 413, before reading it, and without echoing keys', async () => {
    const body = wideObject(80_000);
    expect(body.length).toBeGreaterThan(800_000);
    const result = await post(api, '/api/auth/login', body, { 'x-forwarded-for': clientIp() });
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: Messages.platform.bodyTooLarge });
    expect(result.text.length).toBeLessThan(200);
  });

  it('refuses a wide body inside the size limit with its own 400, not one message per key', async () => {
    const { token } = await signIn(api, await createUser(api, 'admin'));
    // Answers accept 512 KB, so this wide body passes the size check and meets the key count.
    const body = wideObject(JSON_BODY_LIMITS.maxKeys + 1);
    const result = await post(api, '/api/questions/1/answers', body, { authorization: `Bearer ${token}` });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(Messages.platform.bodyTooComplex);
    // The same body keeps the API responsive: health answers while it is refused.
    const health = await fetch(`${api.baseUrl}/api/health`);
    expect([200, 503]).toContain(health.status);
  });

  it('answers 400 to JSON nested 10,000 levels deep (500 before)', async () => {
    const result = await post(api, '/api/auth/login', deepArray(5_000), { 'x-forwarded-for': clientIp() });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(Messages.platform.bodyTooComplex);
    const { token } = await signIn(api, await createUser(api, 'admin'));
    const deeper = await post(api, '/api/questions/1/answers', deepArray(10_000), { authorization: `Bearer ${token}` });
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe(Messages.platform.bodyTooComplex);
  });

  it('caps the validation messages of a body with many unknown fields', async () => {
    const fields = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`unknown${i}`, 1]));
    const { token } = await signIn(api, await createUser(api, 'admin'));
    const result = await post(api, '/api/questions', JSON.stringify({ question_text: 'Is this fine?', ...fields }), { authorization: `Bearer ${token}` });
    expect(result.status).toBe(400);
    expect(result.body.message.split('; ')).toHaveLength(21);
    expect(result.body.message).toContain(Messages.platform.moreProblems(180));
  });

  it('refuses invalid JSON with 400 and still accepts ordinary bodies', async () => {
    const bad = await post(api, '/api/auth/login', '{"email":', { 'x-forwarded-for': clientIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Messages.platform.bodyNotJson);
    const ok = await call(api, 'POST', '/api/auth/login', { body: { email: 'nobody@example.test', password: 'whatever-1', role: 'patient' }, headers: { 'x-forwarded-for': clientIp() } });
    expect(ok.status).toBe(401);
  });

  it('counts public auth requests per IP before parsing: over the limit even an unparseable body gets 429', async () => {
    const limited = await startApi({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_jsonbody`, TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      // Registration counts every request from the address, before its body is read.
      const ip = clientIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(limited, '/api/auth/register', '{not json', { 'x-forwarded-for': ip })).status);
      expect(statuses).toEqual([400, 400, 429]);

      // Sign-in counts failures only (15.1); an address locked by them is refused before its next body is parsed.
      const guesser = clientIp();
      const wrong = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-1', role: 'patient' });
      for (let i = 0; i < 2; i++) expect((await post(limited, '/api/auth/login', wrong, { 'x-forwarded-for': guesser })).status).toBe(401);
      expect((await post(limited, '/api/auth/login', '{not json', { 'x-forwarded-for': guesser })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
