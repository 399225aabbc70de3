// npm run bench:smoke (a step of `npm test`, after the production build): every server benchmark with --smoke, one
// after the other. Each must exit 0 within its time limit and print its table; the figures mean nothing at this size.
// bench:web has its own --smoke (Chromium and Lighthouse over the built web app): not run here.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMIT_MS = 180_000;

/** `table`: a line the bench prints only once it has measured everything. */
const BENCHES = [
  { name: 'bench:api', script: 'api-bench.mjs', table: '| endpoint' },
  { name: 'bench:load', script: 'load-bench.mjs', table: 'Mixed load (' },
  { name: 'bench:research', script: 'research-bench.mjs', table: 'straight through' },
  { name: 'bench:ai', script: 'ai-bench.mjs', table: 'pipeline total (in the worker)' },
];

function runBench({ script }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', path.join(ROOT, 'tools/bench', script), '--smoke'], {
      cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const forward = (stream, target) => stream.on('data', (chunk) => { output += chunk; target.write(chunk); });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    const timer = setTimeout(() => { output += `\n(stopped after ${LIMIT_MS / 1000} s)\n`; child.kill('SIGKILL'); }, LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const results = [];
for (const bench of BENCHES) {
  console.log(`\n--- ${bench.name} --smoke ---`);
  const started = Date.now();
  const { code, output } = await runBench(bench);
  // eslint-disable-next-line no-control-regex
  const printedTable = output.replace(/\u001b\[[0-9;]*m/g, '').includes(bench.table);
  const problem = code !== 0 ? `exit ${code}` : printedTable ? null : `no table ("${bench.table}") in its output`;
  results.push({ name: bench.name, seconds: Math.round((Date.now() - started) / 1000), problem });
}

console.log('\nbench smoke:');
for (const r of results) console.log(`  ${r.name.padEnd(16)} ${r.problem ? `FAILED (${r.problem})` : 'ok'} in ${r.seconds} s`);
process.exit(results.some((r) => r.problem) ? 1 : 0);
