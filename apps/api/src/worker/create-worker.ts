import { INestApplicationContext, Logger } from '@nestjs/common';
import { QUEUE_NAMES } from '@cqa/contracts';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import type { AppConfig } from '../config/app-config';
import { loggerOptions } from '../common/logging/logger-options';
import { NestPinoLogger } from '../common/logging/nest-pino-logger';
import { WorkerModule } from './worker.module';

export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const logger = new NestPinoLogger(pino(loggerOptions(config, 'worker')));
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger });
  // SIGTERM/SIGINT close the context: workers stop taking jobs and finish the ones in hand.
  worker.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  new Logger('worker').log(`Worker ready: queues ${QUEUE_NAMES.join(', ')} with concurrency ${config.workerConcurrency}`);
  return worker;
}
