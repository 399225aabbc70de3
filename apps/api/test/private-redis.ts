import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A redis-server of the test's own on a free loopback port, for tests that stop it (never the machine's shared one). */
export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, up: boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open === up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server on ${port} did not go ${up ? 'up' : 'down'}`);
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'cqa-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await waitForPort(port, true);
  };
  const stop = async () => {
    if (!child) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    child = null;
    await waitForPort(port, false);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, dispose: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); } };
}
