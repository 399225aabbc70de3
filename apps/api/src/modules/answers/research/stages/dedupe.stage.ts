import { Injectable } from '@nestjs/common';
import { dedupeRecords, type LiteratureRecord } from '../../../ai';
import { LiteratureRetrieval } from '../../generation/retrieval';
import { searchOutputs, type DedupeOutput, type ResearchStageHandler, type StageStep } from './research-stage';

/** Every search's records as one list without duplicates, with their retraction status and the ids other sources know. */
@Injectable()
export class DedupeStage implements ResearchStageHandler {
  readonly stage = 'dedupe' as const;

  constructor(private readonly retrieval: LiteratureRetrieval) {}

  keys(): string[] {
    return ['dedupe'];
  }

  async run({ ctx, outputs }: StageStep): Promise<DedupeOutput> {
    const all = searchOutputs(ctx.run.plan!, outputs).flatMap((s) => s.records);
    const checked = await this.retrieval.checkSources(dedupeRecords(all), ctx.signal);
    return { found: all.length, records: checked.records, resolved: [...checked.resolved] };
  }

  records(output: unknown): LiteratureRecord[] {
    return (output as DedupeOutput).records;
  }
}
