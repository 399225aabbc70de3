// npm run audit:deps (a step of npm test): `npm audit` of the production dependencies. Fails on any high or critical
// advisory that tools/scripts/audit-allowlist.json does not list with a reason. When the advisory endpoint cannot be
// reached (offline, or a registry mirror without the audit API) nothing was checked: it says so, and fails only with
// AUDIT_REQUIRED=true (set it where the registry is reachable, e.g. a CI runner with internet).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALLOW_LIST = path.join(ROOT, 'tools/scripts/audit-allowlist.json');
const require = createRequire(import.meta.url);
const { readAuditOutput, blockingAdvisories, allowListProblems, judge } = require('./lib/audit-report.cjs');

const required = process.env.AUDIT_REQUIRED === 'true';
const allowList = JSON.parse(readFileSync(ALLOW_LIST, 'utf8'));
const problems = allowListProblems(allowList);
if (problems.length) {
  console.log(`npm audit: ${path.relative(ROOT, ALLOW_LIST)} is not valid:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const { stdout, stderr } = await new Promise((resolve) => {
  const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => { out += chunk; });
  child.stderr.on('data', (chunk) => { err += chunk; });
  child.on('error', (error) => resolve({ stdout: '', stderr: `could not run npm: ${error.message}` }));
  // npm audit exits 1 both for findings and for errors: the printed JSON tells them apart.
  child.on('close', () => resolve({ stdout: out, stderr: err }));
});

const { report, unavailable } = readAuditOutput(stdout, stderr);
if (!report) {
  console.log(`npm audit: NOT CHECKED: the advisory endpoint could not be reached or refused (${unavailable}).`);
  console.log(required
    ? 'AUDIT_REQUIRED=true: failing, because the dependencies were not checked.'
    : 'Passing without a check (set AUDIT_REQUIRED=true where the registry is reachable to make this fail).');
  process.exit(required ? 1 : 0);
}

const { blocking, accepted, unused } = judge(blockingAdvisories(report), allowList);
const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low packages affected.`);
for (const a of accepted) console.log(`  allowed ${a.id} (${a.severity}, ${a.package}): ${a.reason}`);
for (const entry of unused) console.log(`  allow-list entry ${entry.id} (${entry.package}) matches nothing any more: remove it.`);
if (blocking.length) {
  console.log(`${blocking.length} high or critical ${blocking.length === 1 ? 'advisory is' : 'advisories are'} not in ${path.relative(ROOT, ALLOW_LIST)}:`);
  for (const a of blocking) console.log(`  ${a.severity.padEnd(8)} ${a.package} ${a.range ?? ''}: ${a.title} (${a.url ?? a.id})`);
  console.log('Upgrade (npm audit fix --omit=dev, or a newer version of the parent), or add the advisory with the reason it is safe here.');
  process.exit(1);
}
console.log('npm audit: no high or critical advisory outside the allow-list.');
