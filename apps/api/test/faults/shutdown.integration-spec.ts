import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import path from 'node:path';
import { RunningApi, startApi } from '../api-harness';
import { createUser, signIn } from '../accounts-helpers';
import { freePort, waitFor } from '../worker-harness';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const TS_CHILD = path.join(__dirname, 'ts-child.cjs');

/** The API as a child process (so it can get a real SIGTERM), compiled on the fly like the tests. */
async function spawnApi(port: number): Promise<{ child: ChildProcess; exit: Promise<string>; baseUrl: string }> {
  const child = spawn(process.execPath, [TS_CHILD, 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT, stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex') },
  });
  const exit = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(() => fetch(`${baseUrl}/api/health`).then((r) => r.status, () => 0), (status) => status === 200, 60000, 250);
  return { child, exit, baseUrl };
}

/** An upload whose body arrives over `spreadMs`: a request surely in flight when the signal comes. Resolves with its status. */
function slowUpload(port: number, token: string, spreadMs: number): Promise<number> {
  const boundary = `b${randomBytes(6).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="report_type"\r\n\r\nOncology Reports\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  const tail = `${'a'.repeat(2000)}\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => { answer += String(chunk); });
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(`POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n${head}`);
    // Not end(): a half-closed client socket is closed by Node's HTTP server before it can answer.
    setTimeout(() => socket.write(tail), spreadMs);
  });
}

describe('fault: SIGTERM to the API under load', () => {
  let helper: RunningApi;
  beforeAll(async () => { helper = await startApi(); }, 60000);
  afterAll(async () => { await helper.close(); });

  it('finishes the requests in flight, then exits', async () => {
    const port = await freePort();
    const { child, exit, baseUrl } = await spawnApi(port);
    try {
      const { token } = await signIn({ ...helper, baseUrl } as RunningApi, await createUser(helper, 'patient'));
      const uploads = Array.from({ length: 8 }, () => slowUpload(port, token, 1500));
      await new Promise((r) => setTimeout(r, 400));
      child.kill('SIGTERM');
      expect(await Promise.all(uploads)).toEqual(Array(8).fill(201));
      // Nest closes the app, then raises the signal again: the process ends by SIGTERM, soon.
      expect(await Promise.race([exit, new Promise((r) => setTimeout(() => r('still running'), 20000))])).toMatch(/^(SIGTERM|code 0)$/);
      await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  }, 120000);
});
