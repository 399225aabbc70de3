import { assertOneHandlerPerJob } from './job-handler.registry';

describe('assertOneHandlerPerJob', () => {
  it('accepts exactly one handler per job', () => {
    expect(() => assertOneHandlerPerJob(new Map([['self-check', ['SelfCheckProcessor.run']], ['ai-answer', ['AiAnswerProcessor.process']]]))).not.toThrow();
  });

  it('refuses a job without a handler, a job with two and a handler of an unknown job, listing all', () => {
    expect(() => assertOneHandlerPerJob(new Map())).toThrow(/"self-check" has no handler/);
    expect(() => assertOneHandlerPerJob(new Map([['self-check', ['A.run', 'B.run']], ['ghost', ['C.run']]]))).toThrow(
      /"self-check" has 2 handlers: A.run, B.run[\s\S]*unknown job "ghost"/,
    );
  });
});
