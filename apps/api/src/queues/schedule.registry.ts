import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JOB_QUEUE, type JobName } from '@cqa/contracts';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { JOB_HANDLER_KEY } from './job-handler.decorator';
import { JobQueue } from './job-queue.service';
import { SCHEDULE_KEY, type ScheduleSpec } from './schedule.decorator';

type CronSpec = Extract<ScheduleSpec, { cron: unknown }>;
/** The registry's own pass (not a declared schedule's name: those are job scheduler ids, without a colon). */
const RESTORE_CRONS = 'schedule-registry:restore-crons';

/** A schedule found on a provider's method, with the job that method handles (cron schedules enqueue that job). */
export interface FoundSchedule {
  spec: ScheduleSpec;
  owner: string;
  job?: JobName;
  run: () => Promise<unknown>;
}

/**
 * Collects every `@OnSchedule` of the booted modules and runs them in the worker: cron schedules become BullMQ job
 * schedulers (one run across all workers), interval schedules passes on this worker's clock. All recurring work goes
 * through here; nothing else keeps a timer or a scheduler block.
 */
@Injectable()
export class ScheduleRegistry implements OnModuleDestroy {
  private readonly logger = new Logger('schedules');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly crons: Array<{ spec: CronSpec; job: JobName }> = [];
  private readonly detach: Array<() => void> = [];
  private restoring?: Promise<number>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every schedule of the booted providers; throws (the worker does not boot) when they disagree (assertSchedules). */
  schedules(): FoundSchedule[] {
    const found: FoundSchedule[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const spec = this.reflector.get<ScheduleSpec | undefined>(SCHEDULE_KEY, prototype[method]);
        if (!spec) continue;
        const job = this.reflector.get<JobName | undefined>(JOB_HANDLER_KEY, prototype[method]);
        found.push({ spec, job, owner: `${instance.constructor.name}.${method}`, run: () => (instance[method] as () => Promise<unknown>).call(instance) });
      }
    }
    assertSchedules(found);
    return found;
  }

  /** Puts every schedule in place: the cron ones in Redis (or out of it when turned off), the interval ones on timers. */
  async start(): Promise<void> {
    for (const schedule of this.schedules()) {
      const { spec } = schedule;
      if ('cron' in spec) {
        this.crons.push({ spec, job: schedule.job! });
        await this.putCron(spec, schedule.job!);
      } else this.startInterval(spec.name, spec.everyMs(this.config), schedule.run);
    }
    this.watchCrons();
  }

  /**
   * The cron schedulers live in Redis only: when Redis comes back without its data (a restart without persistence, a
   * flush) they are put back, when a queue's connection is ready again and every JOB_RECOVERY_INTERVAL_MS.
   */
  private watchCrons(): void {
    if (!this.crons.some(({ spec }) => spec.cron(this.config)) || !this.config.ops.jobRecoveryIntervalMs) return;
    this.startInterval(RESTORE_CRONS, this.config.ops.jobRecoveryIntervalMs, () => this.restoreCrons());
    for (const name of new Set(this.crons.map(({ spec }) => spec.queue))) {
      void this.jobs.queue(name).getBackend().client.then((client) => {
        const onReady = () => void this.restoreCrons().catch((error: unknown) => this.logger.warn({ err: String(error), msg: 'could not put the cron schedules back' }));
        client.on('ready', onReady);
        this.detach.push(() => client.off('ready', onReady));
      }, () => undefined);
    }
  }

  /** Puts back each cron scheduler that is on but missing from Redis; returns how many. Never two at once. */
  restoreCrons(): Promise<number> {
    this.restoring ??= this.restoreMissing().finally(() => { this.restoring = undefined; });
    return this.restoring;
  }

  private async restoreMissing(): Promise<number> {
    let restored = 0;
    for (const { spec, job } of this.crons) {
      if (!spec.cron(this.config) || (await this.jobs.queue(spec.queue).getJobScheduler(spec.name))) continue;
      await this.putCron(spec, job);
      restored++;
    }
    if (restored > 0) this.logger.warn({ restored, msg: `${restored} cron schedules were missing from Redis; put back` });
    return restored;
  }

  private async putCron(spec: CronSpec, job: JobName): Promise<void> {
    const queue = this.jobs.queue(spec.queue);
    const pattern = spec.cron(this.config);
    try {
      if (pattern) await queue.upsertJobScheduler(spec.name, { pattern }, { name: job, data: {} });
      else await queue.removeJobScheduler(spec.name);
    } catch (error) {
      this.logger.warn({ err: String(error), schedule: spec.name, msg: 'could not put the schedule in place' });
    }
  }

  private startInterval(name: string, everyMs: number | null | undefined, run: () => Promise<unknown>): void {
    if (!everyMs) return;
    const pass = () => {
      if (this.running.has(name)) return;
      const done = run()
        .catch((error: unknown) => this.logger.warn({ err: String(error), schedule: name, msg: 'scheduled pass failed; trying again' }))
        .finally(() => this.running.delete(name));
      this.running.set(name, done);
    };
    const timer = setInterval(pass, everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const off of this.detach.splice(0)) off();
    await Promise.all([...this.running.values(), this.restoring?.catch(() => undefined)]);
  }
}

/**
 * Throws with every problem listed: two schedules of one name; a cron schedule on a method that handles no job (its
 * runs would sit in the queue), or on a queue other than its job's.
 */
export function assertSchedules(found: ReadonlyArray<Pick<FoundSchedule, 'spec' | 'owner' | 'job'>>): void {
  const problems: string[] = [];
  const byName = new Map<string, string[]>();
  for (const { spec, owner, job } of found) {
    byName.set(spec.name, [...(byName.get(spec.name) ?? []), owner]);
    if ('cron' in spec) {
      if (!job) problems.push(`cron schedule "${spec.name}" (${owner}) is on a method without @OnJob`);
      else if (JOB_QUEUE[job] !== spec.queue) problems.push(`cron schedule "${spec.name}" (${owner}) is on queue "${spec.queue}", its job "${job}" on "${JOB_QUEUE[job]}"`);
    }
  }
  for (const [name, owners] of byName) if (owners.length > 1) problems.push(`schedule "${name}" is declared ${owners.length} times: ${owners.join(', ')}`);
  if (problems.length > 0) throw new Error(`Schedules are inconsistent:\n  - ${problems.join('\n  - ')}`);
}
