// npm test: lint, typecheck, unit, integration (real MariaDB + Redis, throwaway database and key prefix),
// the production build, its JavaScript budget per route, the cluster smoke, and Playwright end-to-end in headless Chromium. Stops at the first failing step.
import { ensureInstalled } from './lib/install.mjs';
import { loadEnv } from './lib/env.mjs';
import { NX_ENV, run } from './lib/run.mjs';
import { requireServices } from './lib/services.mjs';

await ensureInstalled();
const env = { ...loadEnv(), ...NX_ENV };

const nx = (...args) => ['npx', ['nx', ...args, '--outputStyle=stream']];
const steps = [
  { name: 'lint', command: nx('run-many', '-t', 'lint') },
  { name: 'typecheck', command: nx('run-many', '-t', 'typecheck') },
  // npm audit of the production dependencies: fails on a high or critical advisory not in tools/scripts/audit-allowlist.json;
  // prints "NOT CHECKED" when the advisory endpoint is unreachable, failing then only with AUDIT_REQUIRED=true.
  { name: 'dependency audit', command: ['node', ['tools/scripts/audit.mjs']] },
  { name: 'unit tests', command: nx('run-many', '-t', 'test') },
  { name: 'integration tests', needsServices: true, command: nx('run-many', '-t', 'integration', '--parallel=1') },
  { name: 'production build', command: nx('run-many', '-t', 'build') },
  // The OpenAPI document of the build just made, linted by @redocly/cli (redocly.yaml): fails on an error.
  { name: 'openapi lint', command: ['node', ['tools/scripts/openapi-lint.mjs']] },
  // The evaluation harnesses (apps/api/eval) are built beside the server, never into dist/api.
  { name: 'evaluation build', command: nx('run', 'api:build-eval') },
  // The claim-support evaluation on the rules alone (no network), from the build just made: fails when a target is missed.
  { name: 'answer evaluation', command: ['node', ['dist/api-eval/apps/api/eval/answers/eval-answers.js']] },
  // The retrieval evaluation of the rule builder (no network), from the same build: fails when a target is missed.
  { name: 'retrieval evaluation', command: ['node', ['dist/api-eval/apps/api/eval/retrieval/eval-retrieval.js']] },
  // Reads the build just made: each budgeted route's first-load JavaScript (brotli) against its budget.
  { name: 'bundle budget', command: ['node', ['tools/scripts/bundle-budget.mjs']] },
  // Every server benchmark with --smoke on the build just made (tiny inputs, a throwaway database each): fails when one
  // no longer runs end to end or prints no table, so a benchmark cannot rot unseen (tools/bench/smoke.mjs).
  { name: 'bench smoke', needsServices: true, command: ['node', ['tools/bench/smoke.mjs']] },
  // The production build as a cluster (nginx, two APIs, two workers, own MariaDB and Redis in network namespaces):
  // sessions and limits across replicas, an API and a worker killed, Redis and MariaDB restarted (tools/cluster).
  { name: 'cluster smoke', command: ['node', ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'tools/cluster/cluster-test.mjs', '--smoke']] },
  { name: 'end-to-end tests', needsServices: true, command: nx('run', 'e2e:e2e') },
];

/** Test counts from jest ("Tests: 3 failed, 12 passed, 15 total") and Playwright ("12 passed", "1 failed"). */
function countTests(output) {
  let passed = 0;
  let failed = 0;
  for (const raw of output.split('\n')) {
    // Nx may prefix a line with the project name; jest colours its summary (ANSI escapes are control characters).
    // eslint-disable-next-line no-control-regex
    const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
    const jest = line.match(/(?:^|\s)Tests:\s+(.*)total/);
    if (jest) {
      passed += Number(jest[1].match(/(\d+) passed/)?.[1] ?? 0);
      failed += Number(jest[1].match(/(\d+) failed/)?.[1] ?? 0);
      continue;
    }
    const pw = line.match(/^(?:[@\w/.-]+:)?\s*(\d+) (passed|failed|flaky)(?: \(|$)/);
    if (pw && pw[2] === 'passed') passed += Number(pw[1]);
    else if (pw) failed += Number(pw[1]);
  }
  return { passed, failed };
}

const totals = { passed: 0, failed: 0 };
const started = Date.now();
let failedStep;
for (const step of steps) {
  console.log(`\n━━━ ${step.name} ━━━`);
  if (step.needsServices) await requireServices(env);
  const stepStart = Date.now();
  const { code, output } = await run(step.command[0], step.command[1], { env, capture: true });
  const counts = countTests(output);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  console.log(`━━━ ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - stepStart) / 1000)}s`);
  if (code !== 0) {
    failedStep = step.name;
    if (counts.failed === 0) totals.failed += 1; // a step that failed without a failing test (lint, build) still counts
    break;
  }
}

console.log(`\n${failedStep ? `✖ npm test failed at: ${failedStep}` : '✔ every step passed'} (${Math.round((Date.now() - started) / 1000)}s)`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStep ? 1 : 0);
