// node tools/bench/cpu-profile-top.mjs <file.cpuprofile> [count]
// The heaviest functions of a V8 CPU profile by self time, and by package (node_modules/<name>, the API's own code, node).
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const byFrame = new Map();
const byPackage = new Map();
const where = (url) => {
  if (!url) return '(native/idle/gc)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/dist/api/')) return 'API code';
  return url;
};
for (const node of profile.nodes) {
  const t = dt.get(node.id) ?? 0;
  if (!t) continue;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'}  ${where(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  byFrame.set(key, (byFrame.get(key) ?? 0) + t);
  const pkg = where(f.url) === '(native/idle/gc)' ? (f.functionName || '(native)') : where(f.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nBy package:`);
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(t)}  ${k}`);
console.log('\nBy function (self time):');
for (const [k, t] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) console.log(`${pct(t)}  ${k}`);
