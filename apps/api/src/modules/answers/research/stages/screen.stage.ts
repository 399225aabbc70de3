import { Injectable } from '@nestjs/common';
import { screeningPrompt } from '../research.prompts';
import { screeningReplySchema } from '../research.schemas';
import { dedupeOutput, type ResearchStageHandler, type ScreenOutput, type StageStep } from './research-stage';
import { ResearchRunBudget } from './run-budget';

/**
 * Every record screened against the plan: retracted ones and those outside its years by rule, the rest by the fast
 * model in batches that fit AI_CONTEXT_TOKENS; with the budget spent, the rest is left out and says so.
 */
@Injectable()
export class ScreenStage implements ResearchStageHandler {
  readonly stage = 'screen' as const;

  constructor(private readonly budget: ResearchRunBudget) {}

  keys(): string[] {
    return ['screen'];
  }

  async run({ ctx, question, outputs }: StageStep): Promise<ScreenOutput> {
    const plan = ctx.run.plan!;
    const records = dedupeOutput(outputs).records;
    const decisions: ScreenOutput['decisions'] = [];
    const toModel: number[] = [];
    records.forEach((r, i) => {
      if (r.retraction === 'retracted') decisions.push({ record: i + 1, include: false, reason: 'Retracted publication' });
      else if (r.year !== null && (r.year < plan.yearFrom || r.year > plan.yearTo)) {
        decisions.push({ record: i + 1, include: false, reason: `Published outside ${plan.yearFrom}–${plan.yearTo}` });
      } else toModel.push(i + 1);
    });
    if (toModel.length > 0) {
      if (await this.budget.overBudget(ctx.run)) {
        toModel.forEach((n) => decisions.push({ record: n, include: false, reason: 'Not screened: the run budget was spent' }));
      } else {
        // In batches that fit AI_CONTEXT_TOKENS (one batch without it): every record is screened.
        for (let offset = 0; offset < toModel.length; ) {
          const batch = toModel.slice(offset);
          const prompt = this.budget.fit(batch.map((n) => records[n - 1]), (r) => screeningPrompt(question, plan, r), screeningReplySchema, ctx.run.id, 'screen');
          const reply = await ctx.generate(screeningReplySchema, prompt.messages, 'fast', 'research_screening');
          batch.slice(0, prompt.records.length).forEach((n, i) => {
            const d = reply.decisions.find((x) => x.record === i + 1);
            decisions.push(
              d
                ? { record: n, include: d.include, reason: d.reason.trim().slice(0, 200) || (d.include ? 'Meets the criteria' : 'Does not meet the criteria') }
                : { record: n, include: false, reason: 'No screening decision' },
            );
          });
          offset += prompt.records.length;
        }
      }
    }
    return { decisions: decisions.sort((a, b) => a.record - b.record) };
  }
}
