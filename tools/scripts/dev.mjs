// npm run dev: the server (one build; API and worker processes) rebuilt and restarted on change, and the four web apps on webpack dev servers.
// Open http://localhost:4200 (the shell dev server proxies /api and /admin/queues to the API on port 3000).
import { ensureInstalled } from './lib/install.mjs';
import { loadEnv } from './lib/env.mjs';
import { nx, NX_ENV, runOrExit } from './lib/run.mjs';
import { requireServices } from './lib/services.mjs';

await ensureInstalled();
const env = { ...loadEnv(), PORT: process.env.PORT ?? '3000', WEB_DIST_DIR: 'dist/web-served-by-dev-servers' };
await requireServices(env);
await nx(['run-many', '-t', 'build', '-p', 'api'], { env: { ...env, ...NX_ENV } });
await runOrExit('node', ['dist/api/apps/api/src/database/cli.js', 'migrate'], { env });
await runOrExit('node', ['dist/api/apps/api/src/database/cli.js', 'seed'], { env });

const commands = [
  ['server:build', 'npm run watch -w @cqa/api'],
  ['api', 'node --watch-path=dist/api dist/api/apps/api/src/main.js'],
  ['worker', 'node --watch-path=dist/api dist/api/apps/api/src/main.worker.js'],
  ['shell', 'npm run serve -w @cqa/shell'],
  ['patient', 'npm run serve -w @cqa/patient'],
  ['expert', 'npm run serve -w @cqa/expert'],
  ['admin', 'npm run serve -w @cqa/admin'],
];
console.log('\n  Web: http://localhost:4200   API: http://localhost:3000/api/docs   Remotes alone: :4201 patient, :4202 expert, :4203 admin\n');
await runOrExit('npx', [
  'concurrently', '--kill-others-on-fail', '--names', commands.map(([n]) => n).join(','),
  ...commands.map(([, c]) => c),
], { env });
