import { Inject, Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import { APP_CONFIG } from '../../../../config/config.module';
import type { AppConfig } from '../../../../config/app-config';
import { fitRecords, type AiMessage, type LiteratureRecord } from '../../../ai';
import { ResearchRepository, type RunRow } from '../research.repository';

/** A run's token and time budgets, and prompts fitted into the model's context, as the stages that call the model use them. */
@Injectable()
export class ResearchRunBudget {
  private readonly logger = new Logger('research');

  constructor(private readonly repo: ResearchRepository, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Token or time budget spent: marks the run partial (once) and says so. */
  async overBudget(run: RunRow): Promise<boolean> {
    const fresh = (await this.repo.run(run.id))!;
    if (fresh.partial) return true;
    const tokens = fresh.prompt_tokens + fresh.completion_tokens;
    const started = (fresh.plan_approved_at ?? fresh.created_at).getTime();
    let reason: string | null = null;
    if (tokens >= this.config.research.maxTokens) reason = `the token budget of ${this.config.research.maxTokens} was spent`;
    else if (Date.now() - started > this.config.research.maxMinutes * 60_000) reason = `the time budget of ${this.config.research.maxMinutes} minutes ran out`;
    if (!reason) return false;
    await this.repo.update(run.id, { partial: 1, partial_reason: reason });
    return true;
  }

  /** The prompt for `records`, fitted into AI_CONTEXT_TOKENS (records from the end, then long texts); logged when it had to. */
  fit<S extends z.ZodType>(
    records: readonly LiteratureRecord[],
    render: (records: readonly LiteratureRecord[]) => AiMessage[],
    schema: S,
    runId: number,
    step: string,
  ) {
    const fitted = fitRecords({ records, render, schema, contextTokens: this.config.ai.contextTokens });
    if (fitted.dropped.length || fitted.shortened.length) {
      this.logger.warn({
        runId, step, recordsSent: fitted.records.length, recordsGiven: records.length, dropped: fitted.dropped.length, shortened: fitted.shortened.length,
        contextTokens: this.config.ai.contextTokens, msg: 'research prompt fitted into AI_CONTEXT_TOKENS',
      });
    }
    return fitted;
  }
}
