import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import type { SessionResponse } from '@cqa/contracts';
import { testUser } from '../testing/auth-fixtures';
import { crossTabRefresh, type RefreshOutcome } from './base-api';

/** One browser's lock manager, as the Web Locks API grants an exclusive lock: in request order, one holder at a time. */
function browserLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  let taken = 0;
  return {
    request: (_name: string, ...args: unknown[]) => {
      const callback = args.at(-1) as (lock: object | null) => Promise<unknown>;
      const options = (args.length > 1 ? args[0] : {}) as { ifAvailable?: boolean };
      // Web Locks: ifAvailable is refused while the lock is held or already asked for.
      if (options.ifAvailable && taken > 0) return callback(null);
      taken++;
      const run = tail.then(async () => {
        try { return await callback({}); } finally { taken--; }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  } as unknown as LockManager;
}

const session = (token: string): SessionResponse => ({ user: testUser('patient'), accessToken: token, expiresIn: 900 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('crossTabRefresh (issue 34, F-34: one refresh at a time across tabs)', () => {
  const opened: NodeBroadcastChannel[] = [];
  const channel = () => {
    const c = new NodeBroadcastChannel('cqa:session:test');
    opened.push(c);
    return c as unknown as BroadcastChannel;
  };
  afterEach(() => { for (const c of opened.splice(0)) c.close(); });

  it('a tab that waited for the lock takes the session the tab before it got, without rotating the cookie again', async () => {
    const locks = browserLocks();
    const first = crossTabRefresh({ locks, channel: channel() });
    const second = crossTabRefresh({ locks, channel: channel() });
    let requests = 0;
    let release!: () => void;
    const slowRefresh = async (): Promise<RefreshOutcome> => {
      requests++;
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, session: session('from-first-tab') };
    };
    const a = first.refreshOnce(slowRefresh);
    const b = second.refreshOnce(async () => { requests++; return { ok: true, session: session('from-second-tab') }; });
    await settle();
    release();
    await a;
    await settle();
    const outcome = await b;
    expect(requests).toBe(1);
    expect(outcome).toEqual({ ok: true, session: session('from-first-tab') });
  });

  it('refreshes one after another: a later refresh starts only when the earlier one has finished', async () => {
    const locks = browserLocks();
    const tabs = [crossTabRefresh({ locks }), crossTabRefresh({ locks }), crossTabRefresh({ locks })];
    const log: string[] = [];
    const outcomes = await Promise.all(tabs.map((tab, i) => tab.refreshOnce(async () => {
      log.push(`start ${i}`);
      await settle();
      log.push(`end ${i}`);
      return { ok: true, session: session(`t${i}`) };
    })));
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });

  it('a failed refresh is not shared: the next tab asks for itself', async () => {
    const locks = browserLocks();
    const first = crossTabRefresh({ locks, channel: channel() });
    const second = crossTabRefresh({ locks, channel: channel() });
    await first.refreshOnce(async () => ({ ok: false, error: { status: 401, data: null } }));
    const own = await second.refreshOnce(async () => ({ ok: true, session: session('own') }));
    expect(own).toEqual({ ok: true, session: session('own') });
  });

  it('without the Web Locks API it refreshes at once (the server grace window covers the race)', async () => {
    const outcome = await crossTabRefresh({}).refreshOnce(async () => ({ ok: true, session: session('direct') }));
    expect(outcome).toEqual({ ok: true, session: session('direct') });
  });
});
