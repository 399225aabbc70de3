import { availableParallelism } from 'node:os';
import { hash, verify } from 'argon2';

/**
 * argon2 is deliberately slow and runs on libuv's small thread pool, so unbounded concurrent checks (32 `disable`
 * calls at once) make every other sign-in wait behind them. Checks pass one gate: at most `slots` run at a time, and
 * one caller (an account, or an email at sign-in) has at most one check in the gate at a time; its others wait their
 * turn behind it, so a burst from one caller delays that caller, not everyone else.
 */
export class PasswordGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Per caller, the end of its chain of checks. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly slots = Math.max(2, availableParallelism())) {}

  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(caller) ?? Promise.resolve();
    let done!: () => void;
    const tail = before.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.tails.set(caller, tail);
    await before;
    try {
      if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running++;
      try {
        return await work();
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      done();
      if (this.tails.get(caller) === tail) this.tails.delete(caller);
    }
  }

  verify(caller: string, passwordHash: string, password: string): Promise<boolean> {
    return this.run(caller, () => verify(passwordHash, password));
  }

  hash(caller: string, password: string): Promise<string> {
    return this.run(caller, () => hash(password, { type: 2 }));
  }
}

/** The one gate of this process: the server's argon2 hashes and checks of account passwords go through it. */
export const passwordGate = new PasswordGate();
