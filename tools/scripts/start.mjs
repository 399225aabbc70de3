// npm start: install if needed, check MySQL and Redis, build what is stale, migrate, seed (not in production),
// then run the API (serving the web and Bull Board) and the worker until Ctrl+C.
import { spawn } from 'node:child_process';
import { ensureInstalled } from './lib/install.mjs';
import { loadEnv, ROOT } from './lib/env.mjs';
import { nx, NX_ENV, run, runOrExit } from './lib/run.mjs';
import { requireServices } from './lib/services.mjs';


const API_MAIN = 'dist/api/apps/api/src/main.js';
const WORKER_MAIN = 'dist/api/apps/api/src/main.worker.js';
const DB_CLI = 'dist/api/apps/api/src/database/cli.js';

await ensureInstalled();
const env = loadEnv();
await requireServices(env);

console.log('Building the server (API and worker) and the web (Nx reuses every build whose sources did not change)…');
await nx(['run-many', '-t', 'build'], { env: { ...env, ...NX_ENV } });

await runOrExit('node', [DB_CLI, 'migrate'], { env });
let demoSignIns = '';
if (env.NODE_ENV !== 'production') {
  const seeded = await run('node', [DB_CLI, 'seed'], { env, capture: true });
  if (seeded.code !== 0) process.exit(seeded.code);
  demoSignIns = seeded.output.split('\n').find((line) => line.startsWith('Demo sign-ins')) ?? '';
}

const children = [
  { name: 'api', child: spawn('node', [API_MAIN], { cwd: ROOT, env, stdio: 'inherit' }) },
  { name: 'worker', child: spawn('node', [WORKER_MAIN], { cwd: ROOT, env, stdio: 'inherit' }) },
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const { name, child } of children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`\nThe ${name} stopped (exit ${code}); stopping the rest.`);
    stopAll(code ?? 1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

const url = `http://localhost:${env.PORT}`;
for (let i = 0; i < 120 && !stopping; i++) {
  try {
    const res = await fetch(`${url}/api/health`);
    if (res.ok) {
      console.log([
        '',
        `  Cancer Q&A is running at ${url}`,
        `  API docs     ${url}/api/docs`,
        `  Health       ${url}/api/health`,
        env.NODE_ENV === 'production' ? '' : `  Job queues   ${url}/admin/queues`,
        demoSignIns ? `  ${demoSignIns}` : '',
        '  Stop with Ctrl+C.',
        '',
      ].filter(Boolean).join('\n'));
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
