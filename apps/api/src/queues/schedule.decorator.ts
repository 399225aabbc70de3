import { SetMetadata } from '@nestjs/common';
import type { QueueName } from '@cqa/contracts';
import type { AppConfig } from '../config/app-config';

export const SCHEDULE_KEY = 'cqa:schedule';

/**
 * When recurring work runs. `cron`: once across every worker, as a BullMQ job scheduler of that id on `queue`, whose jobs
 * the same method handles (it carries `@OnJob` too). `everyMs`: a pass on each worker's own clock, never two at once;
 * for work that must go on when Redis has lost its data (the mail relay re-enqueues what Redis lost). A setting that
 * reads empty or null turns the schedule off (a cron schedule is then removed from Redis).
 */
export type ScheduleSpec =
  | { name: string; cron: (config: AppConfig) => string | null | undefined; queue: QueueName }
  | { name: string; everyMs: (config: AppConfig) => number | null | undefined };

/** Marks a method as recurring work. The worker refuses to boot on two schedules of one name (ScheduleRegistry). */
export const OnSchedule = (spec: ScheduleSpec) => SetMetadata(SCHEDULE_KEY, spec);
