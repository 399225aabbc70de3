import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
// npm start's supervisor (CommonJS, loaded as it is by start.mjs).
import { createRestartPolicy, supervise } from '../scripts/lib/supervisor.cjs';

const SUPERVISOR = path.join(__dirname, '../scripts/lib/supervisor.cjs');

/** A tiny child: `serve` runs until killed, `crash` exits 3 shortly after it starts. */
const tiny = (name: string, kind: 'serve' | 'crash') => ({
  name,
  command: process.execPath,
  args: ['-e', kind === 'serve' ? 'setInterval(() => {}, 1000)' : 'setTimeout(() => process.exit(3), 50)'],
  options: { stdio: 'ignore' },
});

const alive = (pid: number | undefined) => {
  try { process.kill(pid!, 0); return true; } catch { return false; }
};

async function until(check: () => boolean, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('restart policy', () => {
  it('restarts with a doubling delay, capped, and gives up on the 5th crash within 60 s', () => {
    const policy = createRestartPolicy({ maxCrashes: 5, windowMs: 60000, initialDelayMs: 1000, maxDelayMs: 4000 });
    const t = 1_000_000;
    expect(policy.crashed(t)).toEqual({ restart: true, count: 1, delayMs: 1000 });
    expect(policy.crashed(t + 2000)).toEqual({ restart: true, count: 2, delayMs: 2000 });
    expect(policy.crashed(t + 5000)).toEqual({ restart: true, count: 3, delayMs: 4000 });
    expect(policy.crashed(t + 10000)).toEqual({ restart: true, count: 4, delayMs: 4000 });
    expect(policy.crashed(t + 20000)).toEqual({ restart: false, count: 5 });
  });

  it('forgets crashes older than the window, so a process that ran a while starts over at the short delay', () => {
    const policy = createRestartPolicy({ maxCrashes: 5, windowMs: 60000, initialDelayMs: 1000 });
    const t = 1_000_000;
    for (let i = 0; i < 4; i++) policy.crashed(t + i * 1000);
    expect(policy.crashed(t + 3000 + 60001)).toEqual({ restart: true, count: 1, delayMs: 1000 });
  });

  it('defaults to 5 crashes in 60 s', () => {
    const policy = createRestartPolicy();
    for (let i = 0; i < 4; i++) expect(policy.crashed(i * 10000).restart).toBe(true);
    expect(policy.crashed(50000).restart).toBe(false);
  });
});

describe('supervise (real child processes)', () => {
  let running: ReturnType<typeof supervise> | undefined;
  afterEach(async () => { await running?.stop(); running = undefined; });

  it('restarts a worker killed with SIGKILL, with a log line, while the API keeps serving', async () => {
    const lines: string[] = [];
    const spawned: Record<string, ChildProcess[]> = { api: [], worker: [] };
    running = supervise([tiny('api', 'serve'), tiny('worker', 'serve')], {
      policy: { initialDelayMs: 100 },
      log: (l: string) => lines.push(l),
      error: (l: string) => lines.push(l),
      onSpawn: (name: string, child: ChildProcess) => spawned[name].push(child),
    });
    const api = spawned.api[0];
    const worker = spawned.worker[0];
    await until(() => alive(api.pid) && alive(worker.pid));

    process.kill(worker.pid!, 'SIGKILL');
    await until(() => spawned.worker.length === 2 && alive(spawned.worker[1].pid));

    expect(spawned.worker[1].pid).not.toBe(worker.pid);
    expect(spawned.api).toHaveLength(1);
    expect(alive(api.pid)).toBe(true);
    expect(running.stopping).toBe(false);
    expect(lines.join('\n')).toContain('The worker stopped (killed by SIGKILL); restarting it in 100 ms (crash 1 of 5 allowed within 60 s). The api keeps running.');
    expect(lines).toContain('Restarting the worker…');

    // The API can die too: the worker keeps running.
    process.kill(api.pid!, 'SIGKILL');
    await until(() => spawned.api.length === 2 && alive(spawned.api[1].pid));
    expect(alive(spawned.worker[1].pid)).toBe(true);
  });

  it('gives up on a process that keeps crashing within the window, says so, and stops the other', async () => {
    const lines: string[] = [];
    const spawned: ChildProcess[] = [];
    running = supervise([tiny('api', 'serve'), tiny('worker', 'crash')], {
      policy: { maxCrashes: 3, windowMs: 60000, initialDelayMs: 20 },
      log: (l: string) => lines.push(l),
      error: (l: string) => lines.push(l),
      onSpawn: (name: string, child: ChildProcess) => { if (name === 'api') spawned.push(child); },
    });
    expect(await running.done).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('The worker stopped (exit 3); restarting it in 20 ms (crash 1 of 3');
    expect(text).toContain('restarting it in 40 ms (crash 2 of 3');
    expect(text).toContain('The worker stopped (exit 3): 3 crashes within 60 s. It keeps crashing, so npm start gives up and stops everything.');
    expect(spawned).toHaveLength(1);
    await until(() => !alive(spawned[0].pid));
  });

  it('stops both cleanly on SIGTERM (and SIGINT) sent to the supervisor, restarting neither', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      // A supervisor process of its own, as npm start runs it; it prints its children's pids (one string each: with
      // FORCE_COLOR, as in CI, console.log colours a number argument).
      const driver = spawn(process.execPath, ['-e', `
        const { supervise } = require(${JSON.stringify(SUPERVISOR)});
        const serve = (name) => ({ name, command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], options: { stdio: 'ignore' } });
        const s = supervise([serve('api'), serve('worker')], {
          signals: ['SIGINT', 'SIGTERM'],
          onSpawn: (name, child) => console.log('spawned ' + name + ' ' + child.pid),
        });
        s.done.then((code) => { console.log('done ' + code); process.exitCode = code; });
      `], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      driver.stdout!.on('data', (c) => { out += c; });
      driver.stderr!.on('data', (c) => { out += c; });
      await until(() => (out.match(/spawned/g) ?? []).length === 2);
      const pids = [...out.matchAll(/spawned \w+ (\d+)/g)].map((m) => Number(m[1]));
      expect(pids.every(alive)).toBe(true);

      // 'close', not 'exit': the child's output may still be in the pipe when it exits.
      const exited = new Promise<number | null>((resolve) => driver.on('close', (code) => resolve(code)));
      driver.kill(signal);
      expect(await exited).toBe(0);
      expect(out).toContain('done 0');
      expect(out).not.toContain('restarting');
      await until(() => !pids.some(alive));
    }
  });
});

describe('npm start', () => {
  it('runs the API and the worker under the supervisor, which also handles Ctrl+C and SIGTERM', () => {
    const start = readFileSync(path.join(__dirname, '../scripts/start.mjs'), 'utf8');
    expect(start).toContain("import { supervise } from './lib/supervisor.cjs';");
    expect(start).toMatch(/name: 'api', command: 'node', args: \[API_MAIN\]/);
    expect(start).toMatch(/name: 'worker', command: 'node', args: \[WORKER_MAIN\]/);
    expect(start).toContain("signals: ['SIGINT', 'SIGTERM']");
    expect(start).not.toContain('stopping the rest');
  });
});
