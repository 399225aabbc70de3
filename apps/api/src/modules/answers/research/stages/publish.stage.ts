import { Injectable } from '@nestjs/common';
import type { buildReport } from '../research-report';
import { ResearchRepository } from '../research.repository';
import { dedupeOutput, RunCancelled, type ResearchStageHandler, type StageStep } from './research-stage';

/** The verified report published as the question's deep research answer, with the records it cites. */
@Injectable()
export class PublishStage implements ResearchStageHandler {
  readonly stage = 'publish' as const;

  constructor(private readonly repo: ResearchRepository) {}

  keys(): string[] {
    return ['publish'];
  }

  async run({ ctx, outputs }: StageStep): Promise<{ answerId: number }> {
    const run = ctx.run;
    const verified = outputs.get('verify')!.output as ReturnType<typeof buildReport>;
    const citedUrls = new Set(verified.report.references.map((r) => r.url));
    const cited = dedupeOutput(outputs).records.flatMap((r, i) => (citedUrls.has(r.url) ? [i + 1] : []));
    const answerId = await this.repo.publish(run.id, run.question_id, verified.answer, cited);
    if (answerId === null) throw new RunCancelled('cancelled');
    await this.repo.update(run.id, { report: verified.report });
    return { answerId };
  }
}
