import { spawnSync } from 'node:child_process';
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
    console.error(`Node.js 20.19 or newer is needed to bootstrap (this is ${process.versions.node}).`);
    process.exit(1);
  }
  if (!(existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lockHash())) {
    console.log('Installing dependencies (npm install)…');
    // Not `npm ci`: it refuses a lock without other platforms' optional packages, which our registry mirror lacks.
    await runOrExit('npm', ['install', '--no-audit', '--no-fund']);
    writeInstallStamp();
  }
  useProjectNode();
}

const PROJECT_BIN = path.join(ROOT, 'node_modules', '.bin');
const PROJECT_NODE = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');

/**
 * The project pins Node 24 LTS as the `node` devDependency, so every script runs on it whatever the system Node is.
 * A script started by an older system Node (a fresh clone's first `npm start`, before node_modules existed) runs
 * itself again on the pinned binary; children find it first on PATH.
 */
function useProjectNode() {
  process.env.PATH = `${PROJECT_BIN}${path.delimiter}${process.env.PATH ?? ''}`;
  if (process.execPath === PROJECT_NODE || Number(process.versions.node.split('.')[0]) >= 24 || !existsSync(PROJECT_NODE)) return;
  const { status, signal } = spawnSync(PROJECT_NODE, process.argv.slice(1), { stdio: 'inherit', env: process.env });
  process.exit(status ?? (signal ? 1 : 0));
}

/** Records which lock node_modules matches; also run by the root postinstall, so any `npm install` counts. */
export function writeInstallStamp() {
  if (existsSync(path.dirname(STAMP))) writeFileSync(STAMP, lockHash());
}
