import {
  CreateMultipartUploadCommand, DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { MedicalReport, ReportPaths } from '@cqa/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { DataSource } from 'typeorm';
import type { INestApplicationContext } from '@nestjs/common';
import { RunningApi, startApi } from '../../../test/api-harness';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';
import { otherAgedReportRows } from '../../../test/report-rows';
import { reportRows } from './files/report-files.processor';
import { sweepReports } from './files/report-sweep';
import { newStorageKey, ReportStorage } from './storage/report-storage';
import { S3ReportStorage } from './storage/s3-report-storage';

/** REPORTS_STORAGE=s3 end to end through the API, against a local S3-compatible server (s3rver). */
describe('medical reports on S3-compatible storage', () => {
  const bucket = 'cqa-reports-it';
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let api: RunningApi;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cqa-s3rver-it-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    const storage = {
      REPORTS_STORAGE: 's3', REPORTS_S3_BUCKET: bucket, REPORTS_S3_ENDPOINT: endpoint, REPORTS_S3_FORCE_PATH_STYLE: 'true',
      REPORTS_S3_ACCESS_KEY_ID: 'S3RVER', REPORTS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    api = await startApi(storage);
    // Deleting a report queues its file's removal; the worker removes the object.
    worker = await startWorker(storage);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  const s3 = () => new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const keysIn = async (client: S3Client) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);

  it('uploads into the bucket under a random key, serves the bytes back, and deletes the object', async () => {
    expect(api.app.get(ReportStorage)).toBeInstanceOf(S3ReportStorage);
    const patient = await createUser(api, 'patient');
    const { token } = await signIn(api, patient);
    const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024)]);
    const body = new FormData();
    body.append('report_type', 'Radiology Reports');
    body.append('file', new Blob([data], { type: 'image/jpeg' }), 'knee.jpg');
    const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    expect(res.status).toBe(201);
    const report = (await res.json()) as MedicalReport;
    expect(report).toMatchObject({ content_type: 'image/jpeg', file_size: data.length, sha256: createHash('sha256').update(data).digest('hex') });

    const client = s3();
    const keys = () => keysIn(client);
    expect(await keys()).toEqual([expect.stringMatching(/^medical-reports\/[0-9a-f]{32}$/)]);

    const file = await fetch(`${api.baseUrl}${ReportPaths.file(report.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);

    expect((await call(api, 'DELETE', ReportPaths.one(report.id), { token })).status).toBe(204);
    expect(await waitFor(keys, (left) => left.length === 0)).toEqual([]);
    client.destroy();
  });

  it('sweeps the bucket: removes an old object without a row, keeps a file with a row, marks a row whose object is gone', async () => {
    const db = api.app.get(DataSource);
    const storage = api.app.get(ReportStorage);
    const client = s3();
    const { token } = await signIn(api, await createUser(api, 'patient'));
    const upload = async () => {
      const body = new FormData();
      body.append('report_type', 'Oncology Reports');
      body.append('file', new Blob([Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(500)])], { type: 'application/pdf' }), 'scan.pdf');
      const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as MedicalReport;
      const [row] = (await db.query('SELECT storage_key FROM medical_reports WHERE id = ?', [id])) as Array<{ storage_key: string }>;
      return { id, key: row!.storage_key };
    };
    const kept = await upload();
    const lost = await upload();
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `medical-reports/${lost.key}` }));
    const orphan = newStorageKey();
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `medical-reports/${orphan}`, Body: 'x' }));
    // An upload whose process died between its parts: S3 keeps it as an open multipart upload, not as an object.
    const unfinished = `medical-reports/${newStorageKey()}`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: unfinished }));
    await client.send(new UploadPartCommand({ Bucket: bucket, Key: unfinished, UploadId, PartNumber: 1, Body: randomBytes(1024) }));
    const rows = () => reportRows(db);
    const missingAt = async (id: string) =>
      ((await db.query('SELECT file_missing_at FROM medical_reports WHERE id = ?', [id])) as Array<{ file_missing_at: Date | null }>)[0]!.file_missing_at;

    const otherOldRows = () => otherAgedReportRows(db, [kept.id, lost.id]);

    // Everything is younger than the grace period: nothing goes.
    expect(await sweepReports(storage, rows())).toMatchObject({ checkedFiles: 2, filesRemoved: 0, partialFilesRemoved: 0, rowsMarkedMissing: await otherOldRows() });
    expect((await keysIn(client)).sort()).toEqual([`medical-reports/${kept.key}`, `medical-reports/${orphan}`].sort());

    // Two hours on: the rows by the database's clock, the objects by the sweep's `now`.
    await db.query('UPDATE medical_reports SET upload_date = NOW(3) - INTERVAL 2 HOUR WHERE id IN (?, ?)', [kept.id, lost.id]);
    const later = new Date(Date.now() + 2 * 3600 * 1000);
    const others = await otherOldRows();
    const result = await sweepReports(storage, rows(), later);
    expect(result).toMatchObject({ checkedFiles: 2, filesRemoved: 1, partialFilesRemoved: 0, rowsMarkedMissing: 1 + others });
    expect(result.rowsMissingTotal).toBeGreaterThanOrEqual(1);
    expect(Object.values(result).every((v) => typeof v === 'number')).toBe(true);
    expect(await keysIn(client)).toEqual([`medical-reports/${kept.key}`]);
    expect(await missingAt(lost.id)).not.toBeNull();
    expect(await missingAt(kept.id)).toBeNull();

    // A second run finds nothing more to do.
    expect(await sweepReports(storage, rows(), later)).toMatchObject({ checkedFiles: 1, filesRemoved: 0, rowsMarkedMissing: 0 });
    client.destroy();
    // The database is shared with the other suites: an aged row naming an S3 key would be "missing" to the local
    // storage's sweep test.
    await db.query('DELETE FROM medical_reports WHERE id IN (?, ?)', [kept.id, lost.id]);
  });
});
