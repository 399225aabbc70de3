import { ApiErrorBody, MedicalReport, ReportPaths, ReportTexts } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser, signIn } from '../../../test/accounts-helpers';

const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const MB = 1024 * 1024;
const pdf = (size: number) => Buffer.concat([PDF_HEAD, randomBytes(size - PDF_HEAD.length)]);

/** Per-patient quota, upload rate limit, and names: what a patient (or a stolen patient session) can do to storage. */
describe('report upload limits and names', () => {
  let api: RunningApi;
  let ds: DataSource;
  let reportsDir: string;
  beforeAll(async () => {
    reportsDir = await mkdtemp(path.join(tmpdir(), 'cqa-report-limits-'));
    api = await startApi({
      REPORTS_STORAGE: 'local', REPORTS_DIR: reportsDir, REPORT_QUOTA_FILES: '3', REPORT_QUOTA_BYTES: String(2 * MB), REPORT_UPLOADS_PER_HOUR: '6',
    });
    ds = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
    await rm(reportsDir, { recursive: true, force: true });
  });

  const newPatient = async () => {
    const user = await createUser(api, 'patient');
    return { user, token: (await signIn(api, user)).token };
  };
  async function upload(token: string, data: Buffer, name: string) {
    const body = new FormData();
    body.append('report_type', 'Laboratory Reports');
    body.append('file', new Blob([data], { type: 'application/octet-stream' }), name);
    const res = await fetch(`${api.baseUrl}${ReportPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as MedicalReport & ApiErrorBody };
  }
  const rowsOf = async (userId: string) =>
    Number((await ds.query('SELECT COUNT(*) AS n FROM medical_reports r JOIN patients p ON p.id = r.patient_id WHERE p.user_id = ?', [userId]))[0].n);

  it('stores a PDF/HTML polyglot named x.html as x.pdf and offers it only as a PDF', async () => {
    const { token } = await newPatient();
    const polyglot = Buffer.concat([PDF_HEAD, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const created = await upload(token, polyglot, 'x.html');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ file_name: 'x.pdf', content_type: 'application/pdf' });
    const file = await fetch(`${api.baseUrl}${ReportPaths.file(created.body.id)}?download=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('x.pdf');
    expect(file.headers.get('content-disposition')).not.toContain('.html');
  });

  it('strips bidi and other invisible characters from the stored name', async () => {
    const { token } = await newPatient();
    const created = await upload(token, pdf(200), 'scan\u202Efdp.exe\u200B\u2066.pdf');
    expect(created.status).toBe(201);
    expect(created.body.file_name).toBe('scanfdp.exe.pdf');
    expect(created.body.file_name).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('refuses a file over the per-patient count quota (413), and takes one again after a delete', async () => {
    const { user, token } = await newPatient();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await upload(token, pdf(100), `r${i}.pdf`);
      expect(ok.status).toBe(201);
      ids.push(ok.body.id);
    }
    const over = await upload(token, pdf(100), 'r3.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(ReportTexts.quotaFiles(3));
    expect(await rowsOf(user.id)).toBe(3);
    expect((await call(api, 'DELETE', ReportPaths.one(ids[0]!), { token })).status).toBe(204);
    expect((await upload(token, pdf(100), 'r4.pdf')).status).toBe(201);
  });

  it('refuses a file that would take the patient over the byte quota (413) and keeps nothing of it', async () => {
    const { user, token } = await newPatient();
    expect((await upload(token, pdf(1.5 * MB), 'big.pdf')).status).toBe(201);
    const over = await upload(token, pdf(MB), 'more.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(ReportTexts.quotaBytes(2));
    expect(await rowsOf(user.id)).toBe(1);
    expect((await upload(token, pdf(0.4 * MB), 'fits.pdf')).status).toBe(201);
  });

  it('lets only one of two simultaneous uploads take the last place', async () => {
    const { user, token } = await newPatient();
    for (const name of ['a.pdf', 'b.pdf']) expect((await upload(token, pdf(100), name)).status).toBe(201);
    const both = await Promise.all([upload(token, pdf(50_000), 'c.pdf'), upload(token, pdf(50_000), 'd.pdf')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 413]);
    expect(await rowsOf(user.id)).toBe(3);
  });

  it('limits uploads per hour (429), refused ones counted too', async () => {
    const { token } = await newPatient();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await upload(token, pdf(100), `n${i}.pdf`)).status);
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 429]);
    const limited = await upload(token, pdf(100), 'n7.pdf');
    expect(limited.body.message).toBe(ReportTexts.tooManyUploads);
  });
});
