import { Injectable } from '@nestjs/common';
import { fallbackReply } from '../research-report';
import { reportPrompt } from '../research.prompts';
import { reportReplySchema, type ReportReply } from '../research.schemas';
import { readRecords, type ReportOutput, type ResearchStageHandler, type StageStep } from './research-stage';
import { ResearchRunBudget } from './run-budget';

/** The report written by the model from the records read, or put together from the extractions when there is nothing to write from or no budget left. */
@Injectable()
export class ReportStage implements ResearchStageHandler {
  readonly stage = 'report' as const;

  constructor(private readonly budget: ResearchRunBudget) {}

  keys(): string[] {
    return ['report'];
  }

  async run({ ctx, key, question, outputs }: StageStep): Promise<ReportOutput> {
    const { records, extractions, ordinals } = readRecords(outputs);
    let reply: ReportReply;
    let byModel = false;
    let contextFit: ReportOutput['contextFit'];
    if (records.length === 0 || (await this.budget.overBudget(ctx.run))) {
      reply = fallbackReply(extractions, records);
    } else {
      const prompt = this.budget.fit(records, (r) => reportPrompt(question, r, extractions.slice(0, r.length)), reportReplySchema, ctx.run.id, key);
      if (prompt.dropped.length || prompt.shortened.length) contextFit = { dropped: prompt.dropped, shortened: prompt.shortened };
      reply = await ctx.generate(reportReplySchema, prompt.messages, 'main', 'research_report');
      byModel = true;
    }
    return { records: ordinals, reply, byModel, ...(contextFit ? { contextFit } : {}) };
  }
}
