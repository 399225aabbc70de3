import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../worker-harness';

/**
 * Private Redis and MariaDB servers for the fault tests: own port, own temporary data folder, started and stopped by
 * the test. The machine's shared services (:3306, :6379) are never touched.
 */
export interface PrivateService {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

/**
 * Redis with the append-only file on (every write fsynced), as production should run it for the queues; with
 * `persist: false` it keeps nothing on disk, so a restart comes back empty (as the machines' own Redis does).
 */
export async function startPrivateRedis({ persist = true }: { persist?: boolean } = {}): Promise<PrivateService> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cqa-fault-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
      ...(persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']), '--daemonize', 'no', '--logfile', path.join(dir, 'redis.log'),
    ], { stdio: 'ignore' });
    await waitForPort(port, 15000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`, port, start,
    stop: () => stopChild(child),
    destroy: async () => { await stopChild(child); await rm(dir, { recursive: true, force: true }); },
  };
}

/** MariaDB on a temporary data folder, without grant tables (only this test connects, over loopback). */
export async function startPrivateMariadb(): Promise<PrivateService> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cqa-fault-mariadb-'));
  const datadir = path.join(dir, 'data');
  await promisify(execFile)('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'], { timeout: 120000 });
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('mariadbd', [
      '--no-defaults', `--datadir=${datadir}`, `--port=${port}`, '--bind-address=127.0.0.1', `--socket=${path.join(dir, 'mysqld.sock')}`,
      `--pid-file=${path.join(dir, 'mysqld.pid')}`, '--skip-grant-tables', '--skip-name-resolve', '--user=root',
      '--innodb-buffer-pool-size=32M', '--innodb-log-file-size=16M', '--skip-log-bin', `--log-error=${path.join(dir, 'error.log')}`,
    ], { stdio: 'ignore' });
    await waitForPort(port, 60000);
  };
  await start();
  return {
    url: `mysql://root@127.0.0.1:${port}/cqa_fault`, port, start,
    stop: () => stopChild(child),
    destroy: async () => { await stopChild(child); await rm(dir, { recursive: true, force: true }); },
  };
}
