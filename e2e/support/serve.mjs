// The built platform for Playwright: migrate the throwaway database, then run the API and the worker.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrated = spawnSync('node', ['dist/api/apps/api/src/database/cli.js', 'migrate'], { cwd: root, stdio: 'inherit' });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const children = ['dist/api/apps/api/src/main.js', 'dist/worker/apps/worker/src/main.js'].map((main) =>
  spawn('node', [main], { cwd: root, stdio: 'inherit' }));
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
