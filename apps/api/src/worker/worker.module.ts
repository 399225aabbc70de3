import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { coreModules, FEATURE_MODULES } from '../app.module';
import type { AppConfig } from '../config/app-config';
import { JobHandlerRegistry } from '../queues/job-handler.registry';
import { ScheduleRegistry } from '../queues/schedule.registry';
import { queueProcessors } from './queue-processors';

/** The API's own core and feature modules, booted without HTTP, plus one processor per queue. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...coreModules(config), DiscoveryModule, ...FEATURE_MODULES],
      providers: [JobHandlerRegistry, ScheduleRegistry, ...queueProcessors(config)],
    };
  }
}
