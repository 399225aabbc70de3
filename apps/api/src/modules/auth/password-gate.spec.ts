import { PasswordGate } from './password-gate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PasswordGate', () => {
  it("queues one caller's burst behind itself, so another caller's check is not starved", async () => {
    const gate = new PasswordGate(2);
    const work = () => sleep(30).then(() => true);
    const burst = Array.from({ length: 32 }, () => gate.run('account-a', work));
    const started = Date.now();
    await gate.run('account-b', work);
    const otherWaited = Date.now() - started;
    // Without the gate the other check waits behind all 32 (~500 ms on two slots); with it, at most one round.
    expect(otherWaited).toBeLessThan(150);
    expect(await Promise.all(burst)).toHaveLength(32);
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
    await Promise.all(Array.from({ length: 8 }, (_, i) => gate.run(`caller-${i}`, work)));
    expect(most).toBe(2);
    await expect(gate.run('x', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(gate.run('x', async () => 'again')).resolves.toBe('again');
  });

  it('hashes and verifies with argon2id', async () => {
    const gate = new PasswordGate(1);
    const stored = await gate.hash('u', 'correct horse');
    expect(stored).toMatch(/^\$argon2id\$/);
    await expect(gate.verify('u', stored, 'correct horse')).resolves.toBe(true);
    await expect(gate.verify('u', stored, 'wrong')).resolves.toBe(false);
  });
});
