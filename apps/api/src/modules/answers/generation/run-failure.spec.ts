import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { AiAuthError, AiNotConfiguredError, AiRateLimitedError } from '../../ai/provider/ai-errors';
import { settleFailedRun, type RunFailureHooks } from './run-failure';

/** A BullMQ job as far as the policy uses it (BullMQ lies outside; the policy only reads attempts and delays). */
function fakeJob(attemptsMade: number, attempts = 3) {
  const delayedTo: number[] = [];
  const job = { attemptsMade, opts: { attempts }, moveToDelayed: async (at: number) => void delayedTo.push(at) } as unknown as Job;
  return { job, delayedTo };
}

function recorder(waits = 0) {
  const calls: string[] = [];
  const hooks: RunFailureHooks = {
    rateLimitWaits: async () => waits,
    waitingForRateLimit: async (m) => void calls.push(`wait: ${m}`),
    failed: async (m) => void calls.push(`failed: ${m}`),
    retrying: async (m) => void calls.push(`retrying: ${m}`),
  };
  return { hooks, calls };
}

const policy = { maxRateLimitWaits: 2, defaultRateLimitDelayMs: 5000 };

describe('the answer sources’ one job-failure policy', () => {
  it('waits out a rate limit for its Retry-After without spending an attempt, so many times in a row', async () => {
    const { job, delayedTo } = fakeJob(0);
    const { hooks, calls } = recorder(1);
    const before = Date.now();
    await expect(settleFailedRun(new AiRateLimitedError(1200), job, 'token', policy, hooks)).rejects.toBeInstanceOf(DelayedError);
    expect(calls).toEqual(['wait: AI provider rate limit reached']);
    expect(delayedTo[0] - before).toBeGreaterThanOrEqual(1200);
    expect(delayedTo[0] - before).toBeLessThan(5000);
  });

  it('gives up on the wait past the limit: the run fails for good', async () => {
    const { hooks, calls } = recorder(2);
    await expect(settleFailedRun(new AiRateLimitedError(null), fakeJob(0).job, 'token', policy, hooks)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(calls).toEqual([expect.stringMatching(/^failed: .*gave up after 2 waits/)]);
  });

  it('fails at once on what another attempt cannot help', async () => {
    for (const error of [new AiAuthError(401, 'bad key'), new AiNotConfiguredError()]) {
      const { hooks, calls } = recorder();
      await expect(settleFailedRun(error, fakeJob(0).job, 'token', policy, hooks)).rejects.toBeInstanceOf(UnrecoverableError);
      expect(calls).toEqual([`failed: ${error.message}`]);
    }
  });

  it('lets another attempt follow, and fails on the last one', async () => {
    const early = recorder();
    const boom = new Error('socket hang up');
    await expect(settleFailedRun(boom, fakeJob(0).job, 'token', policy, early.hooks)).rejects.toBe(boom);
    expect(early.calls).toEqual(['retrying: socket hang up']);
    const last = recorder();
    await expect(settleFailedRun(boom, fakeJob(2).job, 'token', policy, last.hooks)).rejects.toBe(boom);
    expect(last.calls).toEqual(['failed: socket hang up']);
  });
});
