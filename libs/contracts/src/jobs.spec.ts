import { JOB_QUEUE, JobName, QUEUE_NAMES } from './jobs';

describe('job registry', () => {
  it('places every job on a known queue', () => {
    for (const job of Object.values(JobName)) {
      expect(QUEUE_NAMES).toContain(JOB_QUEUE[job]);
    }
  });
});
