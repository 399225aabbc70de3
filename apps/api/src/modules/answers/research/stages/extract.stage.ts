import { Injectable } from '@nestjs/common';
import { extractionPrompt } from '../research.prompts';
import { extractionReplySchema } from '../research.schemas';
import { dedupeOutput, extractKeys, SKIPPED, type ExtractOutput, type ResearchStageHandler, type StageStep, type StepOutputs } from './research-stage';
import { ResearchRunBudget } from './run-budget';

/** One included record read by the model: design, participants, key result and its supporting sentence. */
@Injectable()
export class ExtractStage implements ResearchStageHandler {
  readonly stage = 'extract' as const;

  constructor(private readonly budget: ResearchRunBudget) {}

  keys(_plan: unknown, outputs: StepOutputs): string[] {
    return extractKeys(outputs);
  }

  async run({ ctx, key, question, outputs }: StageStep): Promise<ExtractOutput> {
    const record = dedupeOutput(outputs).records[Number(/^extract-r(\d+)$/.exec(key)![1]) - 1];
    if (await this.budget.overBudget(ctx.run)) return SKIPPED;
    const prompt = this.budget.fit([record], (r) => extractionPrompt(question, r[0]), extractionReplySchema, ctx.run.id, key);
    const extraction = await ctx.generate(extractionReplySchema, prompt.messages, 'main', 'research_extraction');
    return { extraction };
  }
}
