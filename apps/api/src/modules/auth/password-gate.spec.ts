import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { clientOf, gateSlots, PasswordGate } from './password-gate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PasswordGate', () => {
  it("queues one account's burst behind itself, so another account's check is not starved", async () => {
    const gate = new PasswordGate(2);
    const work = () => sleep(30).then(() => true);
    let burstDone = 0;
    const burst = Array.from({ length: 32 }, () => gate.run({ ip: '192.0.2.1', account: 'account-a' }, work).then((ok) => (burstDone++, ok)));
    await gate.run({ ip: '192.0.2.1', account: 'account-b' }, work);
    // Counted in checks, not milliseconds (a loaded machine stretches time, not order): in arrival order the other check
    // would finish after all 32; the account's own queue lets it through within a round or so.
    expect(burstDone).toBeLessThanOrEqual(3);
    expect(await Promise.all(burst)).toHaveLength(32);
  });

  it("gives a client address its turn ahead of another address's burst for many accounts", async () => {
    const gate = new PasswordGate(2);
    const work = () => sleep(20).then(() => true);
    let burstDone = 0;
    const burst = Array.from({ length: 200 }, (_, i) => gate.run({ ip: '192.0.2.66', account: `email:${i}` }, work).then((ok) => (burstDone++, ok)));
    await gate.run({ ip: '198.51.100.7', account: 'user:legit' }, work);
    // In arrival order it would finish after all 200 checks; in turns, behind a slot's worth at most.
    expect(burstDone).toBeLessThanOrEqual(4);
    expect(await Promise.all(burst)).toHaveLength(200);
  });

  it('hands freed slots to the waiting addresses in turn', async () => {
    const gate = new PasswordGate(1);
    const order: string[] = [];
    const check = (ip: string, i: number) => gate.run({ ip, account: `${ip}-${i}` }, async () => {
      order.push(ip);
      await sleep(1);
    });
    const all = [
      ...[0, 1, 2, 3].map((i) => check('192.0.2.1', i)),
      ...[0, 1].map((i) => check('192.0.2.2', i)),
      ...[0, 1].map((i) => check('192.0.2.3', i)),
    ];
    await Promise.all(all);
    const [a, b, c] = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
    expect(order).toEqual([a, a, b, c, a, b, c, a]);
  });

  it('runs at most its slots at a time and frees them on failure', async () => {
    const gate = new PasswordGate(2);
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(20);
      running--;
      return 1;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => gate.run({ ip: `192.0.2.${i % 3}`, account: `caller-${i}` }, work)));
    expect(most).toBe(2);
    const x = { ip: '192.0.2.9', account: 'x' };
    await expect(gate.run(x, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(gate.run(x, async () => 'again')).resolves.toBe('again');
  });

  it('hashes and verifies with argon2id', async () => {
    const gate = new PasswordGate(1);
    const u = { ip: '192.0.2.1', account: 'u' };
    const stored = await gate.hash(u, 'correct horse');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(gate.verify(u, stored, 'correct horse')).resolves.toBe(true);
    await expect(gate.verify(u, stored, 'wrong')).resolves.toBe(false);
    // Three real argon2id runs: on a 2-core machine running the other projects' tests at once they passed 5 s (CI).
  }, 30_000);
});

describe('gateSlots', () => {
  it("stays below libuv's thread pool (one thread left for fs and dns) and at most the CPUs", () => {
    expect(gateSlots(undefined, 16)).toBe(3);
    expect(gateSlots('', 16)).toBe(3);
    expect(gateSlots('16', 16)).toBe(15);
    expect(gateSlots('16', 2)).toBe(2);
    expect(gateSlots('2', 8)).toBe(1);
    expect(gateSlots('1', 8)).toBe(1);
    expect(gateSlots('many', 8)).toBe(3);
  });
});

describe('clientOf', () => {
  it('takes an IPv6 /64 as one client and an IPv4-mapped address as its IPv4 one', () => {
    expect(clientOf('2001:db8:1:2::5')).toBe(clientOf('2001:db8:1:2:ffff:ffff:ffff:1'));
    expect(clientOf('2001:db8:1:2::5')).not.toBe(clientOf('2001:db8:1:3::5'));
    expect(clientOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('192.0.2.1')).not.toBe(clientOf('192.0.2.2'));
  });
});

describe('argon2 in the server', () => {
  it('is reached only through the gate (the database CLI, a process of its own, and specs aside)', () => {
    const src = join(__dirname, '../..');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
    const importers = files(src)
      .filter((file) => !/\.(integration-)?spec\.ts$/.test(file) && /from 'argon2'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(importers.sort()).toEqual(['database/create-admin.ts', 'database/seed/demo-accounts.ts', 'modules/auth/password-gate.ts']);
  });
});
