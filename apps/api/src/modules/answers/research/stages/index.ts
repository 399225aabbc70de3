import { DedupeStage } from './dedupe.stage';
import { ExtractStage } from './extract.stage';
import { PublishStage } from './publish.stage';
import { RESEARCH_STAGE_HANDLERS, type ResearchStageHandler } from './research-stage';
import { ReportStage } from './report.stage';
import { ResearchRunBudget } from './run-budget';
import { ScreenStage } from './screen.stage';
import { SearchStage } from './search.stage';
import { VerifyStage } from './verify.stage';

export * from './research-stage';

/** The stages in the order a run goes through them. */
const STAGES = [SearchStage, DedupeStage, ScreenStage, ExtractStage, ReportStage, VerifyStage, PublishStage];

/** The stage handlers and what they share, for ResearchModule's providers. */
export const RESEARCH_STAGE_PROVIDERS = [
  ResearchRunBudget,
  ...STAGES,
  { provide: RESEARCH_STAGE_HANDLERS, inject: STAGES, useFactory: (...handlers: ResearchStageHandler[]) => handlers },
];
