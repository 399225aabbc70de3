import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../../config/config.module';
import type { AppConfig } from '../../../../config/app-config';
import { judgeChecks, judgeReplySchema, SUPPORT_JUDGE_SCHEMA_NAME, toClaimCheckView } from '../../../ai';
import { ClaimChecksRepository } from '../../claim-checks.repository';
import { buildReport, checkReportClaims } from '../research-report';
import { ResearchRepository } from '../research.repository';
import {
  dedupeOutput, extractKey, researchCounts, searchOutputs, type ExtractOutput, type ReportOutput, type ResearchStageHandler, type StageStep,
} from './research-stage';

/** Every statement of the report checked against its quotes (the rules, then the judge when on), and the report built from what passed. */
@Injectable()
export class VerifyStage implements ResearchStageHandler {
  readonly stage = 'verify' as const;

  constructor(
    private readonly repo: ResearchRepository,
    private readonly claimChecks: ClaimChecksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  keys(): string[] {
    return ['verify'];
  }

  async run({ ctx, outputs }: StageStep): Promise<ReturnType<typeof buildReport>> {
    const run = ctx.run;
    const plan = run.plan!;
    const fresh = (await this.repo.run(run.id))!;
    const d = dedupeOutput(outputs);
    const report = outputs.get('report')!.output as ReportOutput;
    const records = report.records.map((n) => d.records[n - 1]);
    const extractions = report.records.map((n) => (outputs.get(extractKey(n))?.output as ExtractOutput | undefined)?.extraction ?? null);
    const checks = checkReportClaims(report.reply, records, new Set(d.resolved));
    const supportCheck = this.config.ai.supportJudge ? 'rules_and_judge' : 'rules_only';
    if (supportCheck === 'rules_and_judge') {
      await judgeChecks(checks, (messages) => ctx.generate(judgeReplySchema, messages, 'judge', SUPPORT_JUDGE_SCHEMA_NAME));
    }
    const built = buildReport({
      plan,
      records,
      extractions,
      reply: report.reply,
      checks,
      supportCheck,
      queries: searchOutputs(plan, outputs).map(({ records: _r, ...log }) => log),
      counts: researchCounts(outputs),
      partial: Boolean(fresh.partial),
      partialReason: fresh.partial_reason,
      contextLeftOut: report.contextFit?.dropped.length ?? 0,
    });
    await this.claimChecks.replace({ researchRunId: run.id }, checks.map((c) => toClaimCheckView(c, supportCheck)));
    return built;
  }
}
