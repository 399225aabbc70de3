import { Inject, Injectable } from '@nestjs/common';
import { checkRetractions, dedupeRecords, idsOf, LITERATURE_CLIENTS, resolveIds, type LiteratureClients, type LiteratureRecord } from '../../../ai';
import { searchOutputs, type DedupeOutput, type ResearchStageHandler, type StageStep } from './research-stage';

/** Every search's records as one list without duplicates, with their retraction status and the ids other sources know. */
@Injectable()
export class DedupeStage implements ResearchStageHandler {
  readonly stage = 'dedupe' as const;

  constructor(@Inject(LITERATURE_CLIENTS) private readonly literature: LiteratureClients) {}

  keys(): string[] {
    return ['dedupe'];
  }

  async run({ ctx, outputs }: StageStep): Promise<DedupeOutput> {
    const all = searchOutputs(ctx.run.plan!, outputs).flatMap((s) => s.records);
    const unique = await checkRetractions(this.literature.crossref, dedupeRecords(all), ctx.signal);
    const resolved = await resolveIds(this.literature, idsOf(unique), ctx.signal);
    return { found: all.length, records: unique, resolved: [...resolved.found] };
  }

  records(output: unknown): LiteratureRecord[] {
    return (output as DedupeOutput).records;
  }
}
