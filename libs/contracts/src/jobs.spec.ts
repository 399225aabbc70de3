import { aiAnswerJobId, JOB_QUEUE, JobName, QUEUE_NAMES } from './jobs';

describe('job registry', () => {
  it('places every job on a known queue', () => {
    for (const job of Object.values(JobName)) {
      expect(QUEUE_NAMES).toContain(JOB_QUEUE[job]);
    }
  });
});

describe('aiAnswerJobId', () => {
  it('is deterministic and never contains ":" nor is all digits', () => {
    expect(aiAnswerJobId(42)).toBe('ai-answer-run-42');
    expect(aiAnswerJobId('42')).toBe(aiAnswerJobId(42));
    expect(aiAnswerJobId(7)).not.toMatch(/:|^\d+$/);
  });
});
