import { availableParallelism } from 'node:os';
import { hash, verify, type HashOptions } from 'argon2';
import ipaddr from 'ipaddr.js';

/** Who asks for a check: the client address takes turns with the other addresses; the account has one check at a time. */
export interface GateCaller {
  ip: string;
  /** An AccountKey (account-key.ts): the account once found, else the canonical address. */
  account: string;
}

const PASSWORD_HASH: HashOptions = { type: 2 };

/**
 * How many argon2 jobs may run at once: fewer than libuv's thread pool (UV_THREADPOOL_SIZE, default 4), where argon2
 * runs beside fs, dns.lookup and zlib, so one thread stays free for them; and no more than the CPUs (each job already
 * spreads its lanes over several cores).
 */
export function gateSlots(threadPoolSize = process.env.UV_THREADPOOL_SIZE, cpus = availableParallelism()): number {
  const configured = Number.parseInt(threadPoolSize ?? '', 10);
  const pool = configured > 0 ? Math.min(configured, 1024) : 4;
  return Math.max(1, Math.min(pool - 1, cpus));
}

/**
 * The turn a client address waits in: an IPv6 host usually holds a whole /64, so the /64 is one client (an IPv4-mapped
 * address is its IPv4 address).
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  return parsed.kind() === 'ipv6' ? `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64` : parsed.toString();
}

/**
 * argon2 is deliberately slow and runs on libuv's small thread pool, so unbounded concurrent checks make every other
 * sign-in wait behind them. Every argon2 hash and check of the server passes this gate: at most `slots` run at a time;
 * a freed slot goes to the client addresses waiting in turn (round-robin), so a burst from one address (for any number
 * of accounts) delays that address, not the others; and one account has at most one check in the gate at a time.
 */
export class PasswordGate {
  private running = 0;
  /** The checks waiting for a slot, by client; the map's order is the round's (the next client first). */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Per account, the end of its chain of checks. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly slots = gateSlots()) {}

  async run<T>(caller: GateCaller, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(caller.account) ?? Promise.resolve();
    let done!: () => void;
    const tail = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.tails.set(caller.account, tail);
    await before;
    try {
      await this.takeSlot(clientOf(caller.ip));
      try {
        return await work();
      } finally {
        this.passSlotOn();
      }
    } finally {
      done();
      if (this.tails.get(caller.account) === tail) this.tails.delete(caller.account);
    }
  }

  verify(caller: GateCaller, digest: string, secret: string): Promise<boolean> {
    return this.run(caller, () => verify(digest, secret));
  }

  hash(caller: GateCaller, secret: string, options: HashOptions = PASSWORD_HASH): Promise<string> {
    return this.run(caller, () => hash(secret, options));
  }

  private takeSlot(client: string): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(client);
      if (queue) queue.push(resolve);
      else this.waiting.set(client, [resolve]);
    });
  }

  /** The slot goes to the first client of the round, which then moves to the end of it. */
  private passSlotOn(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running--;
      return;
    }
    const [client, queue] = next.value;
    this.waiting.delete(client);
    const resume = queue.shift()!;
    if (queue.length) this.waiting.set(client, queue);
    resume();
  }
}

/** The one gate of this process. */
export const passwordGate = new PasswordGate();
