import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './env.mjs';
import { runOrExit } from './run.mjs';

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export async function ensureInstalled() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
    process.exit(1);
  }
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}
