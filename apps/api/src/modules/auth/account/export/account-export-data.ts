import type { Role } from '@cqa/contracts';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { deviceName } from '../device-name';
import { ArchiveEntry, safeEntryName } from './zip-stream';

type Row = Record<string, unknown>;

interface ArchiveOwner {
  id: string;
  role: Role;
}

/** Opens a stored report file (the reports' own storage, local or S3). */
export type OpenReport = (storageKey: string) => Promise<Readable>;

const json = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** MariaDB hands JSON columns back as text, MySQL as values: the archive holds values either way. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const withJson = (rows: Row[], ...columns: string[]): Row[] =>
  rows.map((row) => ({ ...row, ...Object.fromEntries(columns.map((c) => [c, parsed(row[c])])) }));

const bool = (value: unknown): boolean => Number(value) === 1;

/**
 * Everything the platform holds about one person, as archive entries, each read when the archive reaches it. Every
 * query names its columns: password hashes, two-factor secrets, recovery codes and token digests are never selected.
 * Other people's data stays out: an expert's answers carry the question's id, not another patient's question.
 */
export async function* archiveEntries(db: DataSource, owner: ArchiveOwner, openReport: OpenReport, now: Date): AsyncGenerator<ArchiveEntry> {
  const q = (sql: string, params: unknown[]) => db.query(sql, params) as Promise<Row[]>;
  const files: string[] = [];
  const add = (name: string, value: unknown): ArchiveEntry => {
    files.push(name);
    return { name, content: json(value) };
  };

  const [account] = await q(
    `SELECT id, email, role, first_name, last_name, approval_status, is_blocked, email_confirmed_at, terms_consent,
            terms_consent_date, last_sign_in_at, created_at, updated_at FROM users WHERE id = ?`, [owner.id],
  );
  if (!account) throw new Error('The account of this archive no longer exists.');
  const [twoFactor] = await q('SELECT enabled_at FROM user_two_factor WHERE user_id = ? AND enabled_at IS NOT NULL', [owner.id]);
  const [settings] = await q('SELECT answer_emails, expert_digest, digest_sent_on, updated_at FROM notification_settings WHERE user_id = ?', [owner.id]);
  yield add('account.json', {
    ...account,
    is_blocked: bool(account.is_blocked),
    terms_consent: bool(account.terms_consent),
    two_factor: { enabled: Boolean(twoFactor), enabled_at: twoFactor?.enabled_at ?? null },
    notification_settings: settings ? { ...settings, answer_emails: bool(settings.answer_emails), expert_digest: bool(settings.expert_digest) } : null,
    archive_prepared_at: now,
  });

  yield add('sign-in-history.json', await q('SELECT event_type, ip_address, user_agent, created_at FROM auth_logs WHERE user_id = ? ORDER BY created_at, id', [owner.id]));
  const sessions = await q(
    `SELECT session_started_at, created_at, user_agent FROM refresh_tokens
      WHERE user_id = ? AND revoked_at IS NULL AND rotated_at IS NULL AND expires_at > NOW(3) ORDER BY created_at DESC`, [owner.id],
  );
  yield add('sessions.json', sessions.map((s) => ({ device: deviceName(s.user_agent as string | null), user_agent: s.user_agent, started_at: s.session_started_at, last_used_at: s.created_at })));

  if (owner.role === 'patient') yield* patientEntries(q, owner.id, openReport, add, files);
  if (owner.role === 'expert') yield* expertEntries(q, owner.id, add);

  yield { name: 'README.txt', content: Buffer.from(readme(owner.role, files, now), 'utf8') };
}

type Query = (sql: string, params: unknown[]) => Promise<Row[]>;
type Add = (name: string, value: unknown) => ArchiveEntry;

async function* patientEntries(q: Query, userId: string, openReport: OpenReport, add: Add, files: string[]): AsyncGenerator<ArchiveEntry> {
  const [patient] = await q(
    `SELECT id, first_name, last_name, age, sex, cancer_type, cancer_stage, hipaa_consent, profile, profile_completion_percentage,
            created_at, updated_at FROM patients WHERE user_id = ?`, [userId],
  );
  const patientId = (patient?.id as string | undefined) ?? null;
  yield add('profile.json', patient ? { ...withJson([patient], 'profile')[0], hipaa_consent: bool(patient.hipaa_consent) } : null);

  const questions = await q(
    `SELECT id, question_text, cancer_type, answers_count, has_expert_answer, has_retracted_sources, last_answer_at, owner_seen_at,
            created_at, updated_at FROM cancer_questions WHERE user_id = ? OR (patient_id IS NOT NULL AND patient_id = ?) ORDER BY created_at, id`,
    [userId, patientId],
  );
  const ids = questions.map((row) => row.id);
  const inList = ids.length > 0 ? ids.map(() => '?').join(', ') : 'NULL';
  const answers = ids.length === 0 ? [] : withJson(await q(
    `SELECT id, question_id, answer_type, answer_text, explanation_logic, sources, expert_name, created_at, updated_at
       FROM cancer_answers WHERE question_id IN (${inList}) ORDER BY created_at, id`, ids,
  ), 'sources');
  yield add('questions.json', questions.map((question) => ({
    ...question,
    has_expert_answer: bool(question.has_expert_answer),
    has_retracted_sources: bool(question.has_retracted_sources),
    answers: answers.filter((a) => String(a.question_id) === String(question.id)),
  })));
  yield add('answer-notifications.json', ids.length === 0 ? [] : await q(
    `SELECT id, question_id, answer_kind, created_at FROM answer_events WHERE question_id IN (${inList}) ORDER BY id`, ids,
  ));
  yield add('ratings-and-feedback.json', patientId === null ? [] : await q(
    'SELECT id, answer_id, rating, feedback, created_at, updated_at FROM ratings_feedback WHERE patient_id = ? ORDER BY created_at, id', [patientId],
  ));
  yield add('ai-answer-runs.json', withJson(await q(
    `SELECT id, question_id, kind, status, use_profile, profile_fields_used, created_at, finished_at
       FROM ai_runs WHERE requested_by = ? ORDER BY created_at, id`, [userId],
  ), 'profile_fields_used').map((run) => ({ ...run, use_profile: bool(run.use_profile) })));
  yield add('deep-research-requests.json', await q(
    'SELECT id, question_id, status, decline_reason, created_at, decided_at FROM research_requests WHERE requested_by = ? ORDER BY created_at, id', [userId],
  ));
  yield add('profile-access-log.json', patientId === null ? [] : await q(
    'SELECT actor_role, action, detail, created_at FROM profile_access_logs WHERE patient_id = ? AND (actor_user_id IS NULL OR actor_user_id <> ?) ORDER BY id',
    [patientId, userId],
  ));

  const reports = patientId === null ? [] : await q(
    `SELECT id, file_name, report_type, content_type, file_size, sha256, upload_date, file_missing_at, storage_key,
            (uploaded_by = ?) AS uploaded_by_you FROM medical_reports WHERE patient_id = ? ORDER BY upload_date, id`, [userId, patientId],
  );
  const listed = reports.map((report) => {
    const missing = report.file_missing_at !== null;
    const file = missing ? null : `reports/${report.id as string}/${safeEntryName(report.file_name as string, 'report')}`;
    const { storage_key: _key, ...rest } = report;
    return { ...rest, uploaded_by_you: bool(report.uploaded_by_you), file_in_archive: file };
  });
  yield add('medical-reports.json', listed);
  for (const [i, report] of reports.entries()) {
    const file = listed[i]!.file_in_archive;
    if (file === null) continue;
    files.push(file);
    yield { name: file, content: () => openReport(report.storage_key as string), compress: false };
  }
}

async function* expertEntries(q: Query, userId: string, add: Add): AsyncGenerator<ArchiveEntry> {
  yield add('answers.json', withJson(await q(
    `SELECT id, question_id, answer_type, answer_text, explanation_logic, sources, expert_name, created_at, updated_at
       FROM cancer_answers WHERE expert_id = ? ORDER BY created_at, id`, [userId],
  ), 'sources'));
  yield add('reviews.json', await q(
    'SELECT id, answer_id, rating, feedback, created_at, updated_at FROM ratings_feedback WHERE expert_id = ? ORDER BY created_at, id', [userId],
  ));
  yield add('deep-research-decisions.json', await q(
    'SELECT id, question_id, status, decline_reason, created_at, decided_at FROM research_requests WHERE reviewer_id = ? ORDER BY created_at, id', [userId],
  ));
}

const DESCRIPTIONS: Record<string, string> = {
  'account.json': 'Your account: name, e-mail address, role, approval, consent, whether two-factor sign-in is on, your e-mail settings.',
  'sign-in-history.json': 'Every sign-in, failed sign-in, sign-out and account change we logged, with the address and browser it came from.',
  'sessions.json': 'Where you are signed in now (browser and system, when the session began and was last used).',
  'profile.json': 'Your patient record and health profile as you entered it.',
  'questions.json': 'Your questions, each with the answers it received (AI, community, expert, deep research).',
  'answer-notifications.json': 'When each answer to your questions arrived (what the answer e-mails and notices told you about).',
  'ratings-and-feedback.json': 'Your ratings (1-5) and written feedback on answers, by answer id.',
  'ai-answer-runs.json': 'The AI answers run for your questions, and which profile fields (if any) were used to tailor them.',
  'deep-research-requests.json': 'Deep research you asked for, and what was decided.',
  'profile-access-log.json': 'Each time an expert or an administrator opened or changed your profile or reports.',
  'medical-reports.json': 'Your uploaded medical reports: name, type, size, SHA-256 and where the original file is in this archive.',
  'answers.json': 'Your answers as an expert; question_id identifies the question (other people\'s questions are not copied here).',
  'reviews.json': 'Your reviews (ratings and feedback) of answers, by answer id.',
  'deep-research-decisions.json': 'Deep research requests you approved or declined.',
};

function readme(role: Role, files: string[], now: Date): string {
  const lines = [
    'Cancer Q&A - your data',
    `Prepared ${now.toISOString()} for a ${role} account.`,
    '',
    'The .json files are UTF-8 JSON; times are UTC (ISO 8601). Ids tie the files together (an answer_id in the ratings',
    'is an answer\'s id in questions.json or answers.json).',
    'Never included: your password (only a one-way hash of it is kept), two-factor secrets and recovery codes, and the',
    'digests of sign-in and e-mail tokens.',
    '',
    'Files:',
    ...files.filter((f) => !f.startsWith('reports/')).map((f) => `  ${f}: ${DESCRIPTIONS[f] ?? ''}`),
  ];
  if (files.some((f) => f.startsWith('reports/'))) lines.push('  reports/<report id>/<file name>: each medical report file exactly as you uploaded it (its SHA-256 is in medical-reports.json).');
  lines.push('', 'Keep this archive safe: it holds health information. Questions about your data: reply to the e-mail that told you of this archive.');
  return `${lines.join('\n')}\n`;
}
