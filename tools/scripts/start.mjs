// npm start: install if needed, check MySQL and Redis, build what is stale, migrate, seed (not in production),
// then run the API (serving the web and Bull Board) and the worker until Ctrl+C, restarting either when it dies.
import { ensureInstalled } from './lib/install.mjs';
import { loadEnv, ROOT } from './lib/env.mjs';
import { nx, NX_ENV, run, runOrExit } from './lib/run.mjs';
import { requireServices } from './lib/services.mjs';
import { supervise } from './lib/supervisor.cjs';


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

// A process that dies is restarted with a growing delay while the other keeps serving; 5 crashes of one within 60 s
// stop everything. Ctrl+C (or SIGTERM) stops both: the worker finishes the jobs in hand first.
const servers = supervise(
  [
    { name: 'api', command: 'node', args: [API_MAIN], options: { cwd: ROOT, env } },
    { name: 'worker', command: 'node', args: [WORKER_MAIN], options: { cwd: ROOT, env } },
  ],
  { signals: ['SIGINT', 'SIGTERM'] },
);
servers.done.then((code) => { process.exitCode = code; });

const url = `http://localhost:${env.PORT}`;
for (let i = 0; i < 120 && !servers.stopping; i++) {
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
