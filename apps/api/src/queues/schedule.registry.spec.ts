import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { MetadataScanner, Reflector } from '@nestjs/core';
import { JobName, QueueName } from '@cqa/contracts';
import { OnSchedule } from './schedule.decorator';
import { assertSchedules, ScheduleRegistry } from './schedule.registry';

const cron = (name: string, queue: QueueName) => ({ name, cron: () => '0 3 * * *', queue });
const every = (name: string) => ({ name, everyMs: () => 1000 });

describe('assertSchedules', () => {
  it('accepts distinct names, cron schedules on their job’s queue, and interval passes without a job', () => {
    expect(() =>
      assertSchedules([
        { spec: cron('report-sweep-nightly', QueueName.System), owner: 'A.sweep', job: JobName.ReportSweep },
        { spec: every('mail-relay'), owner: 'B.tick' },
      ]),
    ).not.toThrow();
  });

  it('refuses two schedules of one name, a cron schedule without a job and one on another queue, listing all', () => {
    expect(() =>
      assertSchedules([
        { spec: every('mail-relay'), owner: 'A.tick' },
        { spec: every('mail-relay'), owner: 'B.tick' },
        { spec: cron('nightly', QueueName.System), owner: 'C.run' },
        { spec: cron('digest', QueueName.System), owner: 'D.send', job: JobName.ExpertDigest },
      ]),
    ).toThrow(/"nightly" \(C.run\) is on a method without @OnJob[\s\S]*"digest" \(D.send\) is on queue "system", its job "expert-digest" on "mail"[\s\S]*"mail-relay" is declared 2 times: A.tick, B.tick/);
  });
});

describe('recurring work has one home', () => {
  // A step's cancel poll lives as long as the step: not recurring work of the worker.
  const ALLOWED = new Set(['queues/schedule.registry.ts', 'modules/answers/research/research.runner.ts']);
  const src = path.join(__dirname, '..');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name) ? [path.relative(src, file)] : [];
    });

  it('no timer or scheduler block outside the schedule registry: recurring work is an @OnSchedule method', () => {
    const elsewhere = walk(src)
      .filter((file) => !ALLOWED.has(file))
      .filter((file) => /\bsetInterval\(|\bupsertJobScheduler\(|\bremoveJobScheduler\(/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(elsewhere).toEqual([]);
  });
});

describe('interval schedules: the registry alone keeps time and single-flight', () => {
  class Poller {
    passes = 0;
    finish: Array<(failed: boolean) => void> = [];
    @OnSchedule({ name: 'poller', everyMs: () => 1000 })
    tick(): Promise<void> {
      this.passes++;
      return new Promise((resolve, reject) => this.finish.push((failed) => (failed ? reject(new Error('down')) : resolve())));
    }
  }
  const settle = () => new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

  afterEach(() => jest.useRealTimers());

  it('runs a pass on its clock, never two at once, goes on after a failed pass, and waits for the pass in hand at shutdown', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const poller = new Poller();
    const discovery = { getProviders: () => [{ instance: poller }] };
    const registry = new ScheduleRegistry(discovery as never, new MetadataScanner(), new Reflector(), {} as never, {} as never);
    await registry.start();
    expect(poller.passes).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(poller.passes).toBe(1);
    jest.advanceTimersByTime(5000);
    expect(poller.passes).toBe(1);
    poller.finish[0](true);
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ schedule: 'poller', msg: 'scheduled pass failed; trying again' }));
    jest.advanceTimersByTime(1000);
    expect(poller.passes).toBe(2);
    let closed = false;
    const closing = registry.onModuleDestroy().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    poller.finish[1](false);
    await closing;
    jest.advanceTimersByTime(5000);
    expect(poller.passes).toBe(2);
    warn.mockRestore();
  });
});
