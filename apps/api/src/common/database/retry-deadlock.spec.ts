import { retryOnDeadlock } from './retry-deadlock';

describe('retryOnDeadlock', () => {
  const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { driverError: { code: 'ER_LOCK_DEADLOCK' } });

  it('runs a transaction rolled back as a deadlock victim again, and gives up after its attempts', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => (++calls < 3 ? Promise.reject(deadlock) : 'done'))).resolves.toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnDeadlock(async () => { calls++; throw deadlock; }, 2)).rejects.toBe(deadlock);
    expect(calls).toBe(2);
  });

  it('never repeats other failures', async () => {
    let calls = 0;
    const duplicate = Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' });
    await expect(retryOnDeadlock(async () => { calls++; throw duplicate; })).rejects.toBe(duplicate);
    expect(calls).toBe(1);
  });
});
