// The built platform for Playwright: migrate and seed the throwaway database, start the SMTP sink,
// then run the API and the worker.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from './smtp-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
for (const command of ['migrate', 'seed']) {
  const done = spawnSync('node', ['dist/api/apps/api/src/database/cli.js', command], { cwd: root, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}
const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAIL_DIR);

const children = ['dist/api/apps/api/src/main.js', 'dist/worker/apps/worker/src/main.js'].map((main) =>
  spawn('node', [main], { cwd: root, stdio: 'inherit' }));
const stop = () => {
  children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  sink.close();
};
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
