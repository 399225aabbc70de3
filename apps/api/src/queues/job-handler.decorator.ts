import { SetMetadata } from '@nestjs/common';
import type { JobName } from '@cqa/contracts';

export const JOB_HANDLER_KEY = 'cqa:job-handler';

/** Marks the method that runs a job. The worker refuses to boot unless every job has exactly one. */
export const OnJob = (name: JobName) => SetMetadata(JOB_HANDLER_KEY, name);
