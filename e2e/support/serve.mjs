// The built platform for Playwright: an SMTP sink, the link-import demo pages, the fake AI provider and the literature
// fixture server, the throwaway database migrated and seeded, then the API and the worker (with AI answers from the fakes).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { startDemoPages } from '../../tools/demo-pages/demo-pages-server.ts';
import { startFakeAi } from '../../tools/fake-ai/fake-ai-server.ts';
import { offlineAiEnv } from '../../tools/fake-ai/offline-ai-env.ts';
import { startFixtureServer } from '../../tools/literature-fixtures/fixture-server.ts';
import { decode } from '../../tools/mail/mime-text.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR is not set (see e2e/support/run-id.ts)');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

// A real SMTP server the API sends to; each message lands in E2E_MAIL_DIR as <sequence>.json for the tests to read.
let sequence = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const message = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...decode(Buffer.concat(chunks).toString('utf8')) };
      sequence += 1;
      // Written aside and renamed into place: a test reading the folder meanwhile never sees half a message.
      const file = path.join(mailDir, `${String(sequence).padStart(6, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(message));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;
// AI answers come from the fake provider and the hand-made literature fixtures; a question the fixtures do not hold
// finds no literature (the fixture server answers 599) and its run fails after its retries.
const fakeAi = await startFakeAi({ port: 0 });
const fixtures = await startFixtureServer({ dir: path.join(root, 'tools/literature-fixtures/fixtures') });
const aiEnv = {
  ...offlineAiEnv(fakeAi.url, fixtures.baseUrls),
  AI_DAILY_LIMIT_PER_USER: '1000',
  AI_DAILY_LIMIT_GLOBAL: '10000',
  // The daily budgets live in Redis for 24 hours: repeated runs on one machine must not spend the demo accounts' share.
  RESEARCH_DAILY_STARTS_PER_USER: '1000',
  RESEARCH_DAILY_STARTS_GLOBAL: '10000',
};
// The journeys set the fake's faults (a stall, to watch the progress) through the address written here.
if (process.env.E2E_RUN_ID) writeFileSync(path.join(tmpdir(), `cqa_e2e_fake_ai_${process.env.E2E_RUN_ID}.url`), fakeAi.url);
const env = { ...process.env, SMTP_URL: smtpUrl, ...aiEnv };

// The local site the import journey fetches from (its port is in FETCH_ALLOW_HOSTS, see run-id.ts).
const pages = await startDemoPages({
  port: Number(process.env.E2E_PAGES_PORT),
  fixturesDir: path.join(root, 'apps/api/src/modules/import/extractors/fixtures'),
});

for (const command of ['migrate', 'seed']) {
  const done = spawnSync('node', ['dist/api/apps/api/src/database/cli.js', command], { cwd: root, stdio: 'inherit', env });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

const children = ['dist/api/apps/api/src/main.js', 'dist/api/apps/api/src/main.worker.js'].map((main) =>
  spawn('node', [main], { cwd: root, stdio: 'inherit', env }));
const stop = () => {
  children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  sink.close();
  void pages.close();
  void fakeAi.close();
  void fixtures.close();
};
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
