import { MAX_REPORT_BYTES, Messages, ReportPaths } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RunningApi, startApi } from '../../../test/api-harness';
import { createUser, signIn } from '../../../test/accounts-helpers';

const MB = 1024 * 1024;

interface Exchange {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the answer's first byte to the server closing the connection; null when it stayed open. */
  closedAfterAnswerMs: number | null;
  bytesSent: number;
}

/**
 * Declares a 40 MB multipart upload and sends `burst` bytes of it at once, then keeps trickling (1 KB every 50 ms), as
 * a slow or hostile client would, until the server closes the connection or `waitMs` have passed since the answer.
 */
function uploadAndKeepSending(api: RunningApi, bearer: string | null, file: Buffer, burst: number, waitMs = 3000): Promise<Exchange> {
  const boundary = `----cqa${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="report_type"\r\n\r\nOther Medical Report\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const declared = 40 * MB;
  const { port } = new URL(api.baseUrl);
  return new Promise((resolve) => {
    let received = '';
    let answeredAt: number | null = null;
    let bytesSent = 0;
    let trickle: NodeJS.Timeout | undefined;
    let giveUp: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), '127.0.0.1');
    const finish = (closed: boolean) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      resolve({
        status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body,
        closedAfterAnswerMs: closed && answeredAt !== null ? Date.now() - answeredAt : null, bytesSent,
      });
      socket.destroy();
    };
    const send = (chunk: Buffer) => {
      if (socket.destroyed || !socket.writable) return;
      bytesSent += chunk.length;
      socket.write(chunk, () => undefined);
    };
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (answeredAt === null) {
        answeredAt = Date.now();
        giveUp = setTimeout(() => finish(false), waitMs);
      }
      received += chunk;
    });
    socket.on('connect', () => {
      send(Buffer.from(
        `POST ${ReportPaths.upload} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${bearer ? `Authorization: Bearer ${bearer}\r\n` : ''}`
        + `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
      ));
      send(Buffer.concat([head, file.subarray(0, burst)]));
      trickle = setInterval(() => send(randomBytes(1024)), 50);
    });
  });
}

/** A refused upload is answered at once and its connection closed: the rest of the body is not waited for. */
describe('a refused upload closes its connection', () => {
  let api: RunningApi;
  let reportsDir: string;
  let bearer: string;
  beforeAll(async () => {
    reportsDir = await mkdtemp(path.join(tmpdir(), 'cqa-upload-refusal-'));
    api = await startApi({ REPORTS_STORAGE: 'local', REPORTS_DIR: reportsDir, REPORT_UPLOADS_PER_HOUR: '100' });
    bearer = (await signIn(api, await createUser(api, 'patient'))).token;
  });
  afterAll(async () => {
    await api.close();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('answers an oversized file with 413 and Connection: close, and closes the socket while the client is still sending', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MAX_REPORT_BYTES + MB)]);
    const exchange = await uploadAndKeepSending(api, bearer, pdf, pdf.length);
    expect(exchange.status).toBe(413);
    expect(JSON.parse(exchange.body).message).toBe(Messages.validation.fileTooLarge);
    expect(exchange.headers).toContain('connection: close');
    expect(exchange.closedAfterAnswerMs).not.toBeNull();
    expect(exchange.closedAfterAnswerMs!).toBeLessThan(1000);
    expect(exchange.bytesSent).toBeLessThan(40 * MB);
  });

  it('does the same for a file refused by its first bytes', async () => {
    const script = Buffer.concat([Buffer.from('MZ'), randomBytes(256 * 1024)]);
    const exchange = await uploadAndKeepSending(api, bearer, script, script.length);
    expect(exchange.status).toBe(415);
    expect(JSON.parse(exchange.body).message).toBe(Messages.validation.invalidFileType);
    expect(exchange.headers).toContain('connection: close');
    expect(exchange.closedAfterAnswerMs).not.toBeNull();
    expect(exchange.closedAfterAnswerMs!).toBeLessThan(1000);
  });

  it('closes the connection of a caller refused before the body is read', async () => {
    const exchange = await uploadAndKeepSending(api, null, randomBytes(64 * 1024), 64 * 1024);
    expect(exchange.status).toBe(401);
    expect(exchange.headers).toContain('connection: close');
    expect(exchange.closedAfterAnswerMs).not.toBeNull();
    expect(exchange.closedAfterAnswerMs!).toBeLessThan(1000);
  });
});
