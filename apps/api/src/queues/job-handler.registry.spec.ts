import { JobName } from '@cqa/contracts';
import { assertOneHandlerPerJob } from './job-handler.registry';

describe('assertOneHandlerPerJob', () => {
  it('accepts exactly one handler per job', () => {
    const one = new Map(Object.values(JobName).map((job): [string, string[]] => [job, [`Handler.${job}`]]));
    expect(() => assertOneHandlerPerJob(one)).not.toThrow();
  });

  it('refuses a job without a handler, a job with two and a handler of an unknown job, listing all', () => {
    expect(() => assertOneHandlerPerJob(new Map())).toThrow(/"self-check" has no handler/);
    expect(() => assertOneHandlerPerJob(new Map([['self-check', ['A.run', 'B.run']], ['ghost', ['C.run']]]))).toThrow(
      /"self-check" has 2 handlers: A.run, B.run[\s\S]*unknown job "ghost"/,
    );
  });
});
