import type { INestApplicationContext } from '@nestjs/common';
import { JobName, QueueName } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../../test/api-harness';
import { createUser, signIn } from '../../../../test/accounts-helpers';
import { startWorker, waitFor } from '../../../../test/worker-harness';
import { otherAgedReportRows } from '../../../../test/report-rows';
import { JobQueue } from '../../../queues/job-queue.service';
import { newStorageKey } from '../storage/report-storage';
import type { ReportSweepResult } from './report-sweep';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3600 * 1000);

describe('report files: the sweep and the upload time limit (real MariaDB, Redis, worker, local storage)', () => {
  let api: RunningApi;
  let worker: INestApplicationContext;
  let db: DataSource;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cqa-report-files-'));
    const env = { REPORTS_STORAGE: 'local', REPORTS_DIR: dir, UPLOAD_IDLE_TIMEOUT_MS: '1000' };
    api = await startApi(env);
    worker = await startWorker(env);
    db = api.app.get(DataSource);
    token = (await signIn(api, await createUser(api, 'patient'))).token;
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = async () => {
    const body = new FormData();
    body.append('report_type', 'Oncology Reports');
    body.append('file', new Blob([Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(500)])], { type: 'application/pdf' }), 'scan.pdf');
    const res = await fetch(`${api.baseUrl}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = (await db.query('SELECT storage_key FROM medical_reports WHERE id = ?', [id])) as Array<{ storage_key: string }>;
    return { id, key: row!.storage_key };
  };
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  const exists = (file: string) => readdir(path.dirname(file)).then((names) => names.includes(path.basename(file)), () => false);
  async function plant(file: string, old: boolean) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'x');
    if (old) await utimes(file, TWO_HOURS_AGO, TWO_HOURS_AGO);
  }

  it('removes old files without a row and unfinished uploads, marks rows without a file, and reports counts only', async () => {
    const kept = await upload();
    const lost = await upload();
    await rm(fileOf(lost.key));
    await db.query('UPDATE medical_reports SET upload_date = ? WHERE id IN (?, ?)', [TWO_HOURS_AGO, kept.id, lost.id]);
    const orphan = fileOf(newStorageKey());
    const youngOrphan = fileOf(newStorageKey());
    const partial = path.join(dir, '.partial', `${newStorageKey()}.${newStorageKey()}`);
    await plant(orphan, true);
    await plant(youngOrphan, false);
    await plant(partial, true);

    const otherOldRows = await otherAgedReportRows(db, [kept.id, lost.id]);

    const job = await api.app.get(JobQueue).enqueue(JobName.ReportSweep, {});
    const done = await waitFor(() => job.getState(), (state) => state === 'completed' || state === 'failed', 20000);
    expect(done).toBe('completed');
    const result = (await api.app.get(JobQueue).queue(QueueName.System).getJob(job.id!))!.returnvalue as ReportSweepResult;
    expect(result).toMatchObject({ filesRemoved: 1, partialFilesRemoved: 1, rowsMarkedMissing: 1 + otherOldRows });
    expect(result.rowsMissingTotal).toBeGreaterThanOrEqual(1);
    expect(Object.values(result).every((v) => typeof v === 'number')).toBe(true);

    expect(await exists(orphan)).toBe(false);
    expect(await exists(partial)).toBe(false);
    expect(await exists(youngOrphan)).toBe(true);
    expect(await exists(fileOf(kept.key))).toBe(true);
    const rows = (await db.query('SELECT id, file_missing_at FROM medical_reports WHERE id IN (?, ?)', [kept.id, lost.id])) as Array<{ id: string; file_missing_at: Date | null }>;
    expect(rows.find((r) => r.id === lost.id)?.file_missing_at).not.toBeNull();
    expect(rows.find((r) => r.id === kept.id)?.file_missing_at).toBeNull();

    // A second run finds nothing more to do.
    const again = await api.app.get(JobQueue).enqueue(JobName.ReportSweep, {});
    await waitFor(() => again.getState(), (state) => state === 'completed', 20000);
    expect((await api.app.get(JobQueue).queue(QueueName.System).getJob(again.id!))!.returnvalue).toMatchObject({ filesRemoved: 0, rowsMarkedMissing: 0 });
    // The database is shared with the other suites: an aged row naming a local key would be "missing" to S3's sweep.
    await db.query('DELETE FROM medical_reports WHERE id IN (?, ?)', [kept.id, lost.id]);
  });

  it('cuts off an upload whose body stalls, within the limit, and keeps no partial file', async () => {
    const { port } = new URL(api.baseUrl);
    const boundary = 'cqa-stall-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="report_type"\r\n\r\nOncology Reports\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n${head}%PDF-1.7\n${'a'.repeat(70000)}`,
    );
    // ... and then nothing more.
    const elapsed = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10000))]);
    socket.destroy();
    expect(elapsed).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(5000);
    const partials = await waitFor(() => readdir(path.join(dir, '.partial')).catch(() => [] as string[]), (names) => names.length === 0, 3000);
    expect(partials).toEqual([]);
  });
});
