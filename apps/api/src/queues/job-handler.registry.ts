import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JobName } from '@cqa/contracts';
import { JOB_HANDLER_KEY } from './job-handler.decorator';
import type { Job } from 'bullmq';

type Handler = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;

/**
 * Finds every @OnJob method in the booted modules. The worker refuses to start unless each job of the
 * registry has exactly one handler, so a job can never sit in a queue that nobody drains.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private handlers?: Map<JobName, Handler>;

  constructor(private readonly discovery: DiscoveryService, private readonly scanner: MetadataScanner, private readonly reflector: Reflector) {}

  onModuleInit(): void {
    this.handlers = this.discover();
  }

  handlerFor(name: string): Handler {
    const handler = (this.handlers ??= this.discover()).get(name as JobName);
    if (!handler) throw new Error(`No handler for job "${name}"`);
    return handler;
  }

  private discover(): Map<JobName, Handler> {
    const found = new Map<JobName, Array<{ owner: string; handler: Handler }>>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const name = this.reflector.get<JobName | undefined>(JOB_HANDLER_KEY, prototype[method]);
        if (!name) continue;
        const list = found.get(name) ?? [];
        list.push({ owner: `${instance.constructor.name}.${method}`, handler: (job, token, signal) => (instance[method] as Handler).call(instance, job, token, signal) });
        found.set(name, list);
      }
    }
    assertOneHandlerPerJob(new Map([...found].map(([name, list]) => [name, list.map((h) => h.owner)])));
    return new Map([...found].map(([name, list]) => [name, list[0].handler]));
  }
}

/** Throws with every problem listed when a job has no handler, two handlers, or a handler names an unknown job. */
export function assertOneHandlerPerJob(owners: Map<string, string[]>): void {
  const problems: string[] = [];
  const known = new Set<string>(Object.values(JobName));
  for (const job of known) {
    const list = owners.get(job) ?? [];
    if (list.length === 0) problems.push(`job "${job}" has no handler`);
    if (list.length > 1) problems.push(`job "${job}" has ${list.length} handlers: ${list.join(', ')}`);
  }
  for (const job of owners.keys()) if (!known.has(job)) problems.push(`handler for unknown job "${job}": ${owners.get(job)!.join(', ')}`);
  if (problems.length > 0) throw new Error(`Job registry is inconsistent:\n  - ${problems.join('\n  - ')}`);
}
