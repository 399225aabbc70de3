import { spawn } from 'node:child_process';
import { ROOT } from './env.mjs';

/** Runs a command in the repository root with inherited output; resolves with its exit code. */
export function run(command, args, { env = process.env, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      const forward = (stream, target) => stream.on('data', (chunk) => { output += chunk; target.write(chunk); });
      forward(child.stdout, process.stdout);
      forward(child.stderr, process.stderr);
    }
    child.on('error', (error) => { console.error(`Could not run ${command}: ${error.message}`); resolve({ code: 127, output }); });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

export async function runOrExit(command, args, options) {
  const { code } = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${code}).`);
    process.exit(code);
  }
}

export const nx = (args, options) => runOrExit('npx', ['nx', ...args, '--outputStyle=stream'], options);

/** Nx settings for scripted runs: no daemon, no cloud, plain output. */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };
