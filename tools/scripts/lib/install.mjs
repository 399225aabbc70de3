import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './env.mjs';
import { runOrExit } from './run.mjs';

const STAMP = path.join(ROOT, 'node_modules', '.cqa-installed');
const lockHash = () => createHash('sha256').update(readFileSync(path.join(ROOT, 'package-lock.json'))).digest('hex');

/** Installs dependencies when node_modules is missing or was installed from another package-lock.json. */
export async function ensureInstalled() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
    process.exit(1);
  }
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lockHash()) return;
  console.log('Installing dependencies (npm install)…');
  // Not `npm ci`: it refuses a lock without other platforms' optional packages, which our registry mirror lacks.
  await runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  writeInstallStamp();
}

/** Records which lock node_modules matches; also run by the root postinstall, so any `npm install` counts. */
export function writeInstallStamp() {
  if (existsSync(path.dirname(STAMP))) writeFileSync(STAMP, lockHash());
}
