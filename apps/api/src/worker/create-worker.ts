import { INestApplicationContext, Logger } from '@nestjs/common';
import { QUEUE_NAMES } from '@cqa/contracts';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import type { AppConfig } from '../config/app-config';
import { loggerOptions } from '../common/logging/logger-options';
import { NestPinoLogger } from '../common/logging/nest-pino-logger';
import { enableDefaultMetrics } from '../common/metrics/metrics';
import { startMetricsServer } from '../common/metrics/metrics-server';
import { ScheduleRegistry } from '../queues/schedule.registry';
import { WorkerModule } from './worker.module';

export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const logger = new NestPinoLogger(pino(loggerOptions(config, 'worker')));
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger });
  // SIGTERM/SIGINT close the context: workers stop taking jobs and finish the ones in hand.
  worker.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  // Recurring work (@OnSchedule): the cron schedules in Redis, the interval passes on this worker's clock.
  await worker.get(ScheduleRegistry).start();
  enableDefaultMetrics();
  if (config.ops.metricsPort !== null) {
    const metrics = await startMetricsServer(config.ops.metricsPort, config.ops.metricsHost);
    const close = worker.close.bind(worker);
    worker.close = async () => { await metrics.close(); await close(); };
    new Logger('worker').log(`Metrics on http://${config.ops.metricsHost}:${metrics.port}/metrics`);
  }
  new Logger('worker').log(`Worker ready: queues ${QUEUE_NAMES.join(', ')} with concurrency ${config.workerConcurrency}`);
  return worker;
}
