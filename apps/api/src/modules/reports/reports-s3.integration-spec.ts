import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { MedicalReport, ReportPaths } from '@cqa/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { INestApplicationContext } from '@nestjs/common';
import { RunningApi, startApi } from '../../../test/api-harness';
import { startWorker, waitFor } from '../../../test/worker-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';
import { ReportStorage } from './storage/report-storage';
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

    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);
    expect(await keys()).toEqual([expect.stringMatching(/^medical-reports\/[0-9a-f]{32}$/)]);

    const file = await fetch(`${api.baseUrl}${ReportPaths.file(report.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);

    expect((await call(api, 'DELETE', ReportPaths.one(report.id), { token })).status).toBe(204);
    expect(await waitFor(keys, (left) => left.length === 0)).toEqual([]);
    client.destroy();
  });
});
