// Long-running children of the cluster (servers, APIs, workers): started, signalled, restarted and awaited, each
// writing its output to its own log file in the cluster's folder.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitForPort(host, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Polls `probe` (an async predicate) every 100 ms until it holds; throws with `what` after `timeoutMs`. */
export async function waitUntil(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * One supervised child: `start()` spawns it (again), `signal()` sends a signal, `stop()` sends SIGTERM and, after
 * `graceMs`, SIGKILL, and resolves when it has exited. Output goes to `<logDir>/<name>.log`, appended across restarts.
 */
export function managedProcess({ name, command, args, env, cwd, logDir, graceMs = 35_000 }) {
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  let child;
  let exited = Promise.resolve();
  const running = () => child && child.exitCode === null && child.signalCode === null;
  return {
    name,
    get pid() { return child?.pid; },
    running,
    start() {
      if (running()) throw new Error(`${name} is already running`);
      log.write(`--- ${new Date().toISOString()} start ${name}\n`);
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      exited = new Promise((resolve) => child.once('exit', (code, signal) => {
        log.write(`--- ${new Date().toISOString()} ${name} exited (${signal ?? code})\n`);
        resolve({ code, signal });
      }));
    },
    signal(signal) {
      if (running()) child.kill(signal);
      return exited;
    },
    exited: () => exited,
    async stop() {
      if (!running()) return exited;
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      const result = await exited;
      clearTimeout(killer);
      return result;
    },
    close() { log.end(); },
  };
}
