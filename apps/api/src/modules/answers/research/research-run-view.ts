import type { ClaimCheckView, ResearchRetractionFlag, ResearchRunView } from '@cqa/contracts';
import type { FlagRow, RunRow, StepRow } from './research.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toFlag(f: FlagRow): ResearchRetractionFlag {
  return {
    runId: f.run_id, answerId: f.answer_id, questionId: f.question_id, questionText: f.question_text,
    title: f.title, url: f.url, doi: f.doi, pmid: f.pmid, flaggedAt: iso(f.flagged_at)!,
  };
}

/** `publishedOnly`: what patients see of a run (its steps were not read for them; no plan, error or cost). */
export function toRunView(
  run: RunRow, steps: StepRow[], claimChecks: ClaimCheckView[], flags: ResearchRetractionFlag[], publishedOnly: boolean,
): ResearchRunView {
  const counted = steps.filter((s) => s.stage !== 'plan');
  return {
    id: run.id,
    questionId: run.question_id,
    status: run.status,
    stage: run.stage,
    progress: { done: counted.filter((s) => s.status === 'done' || s.status === 'skipped').length, total: counted.length },
    partial: Boolean(run.partial),
    partialReason: run.partial_reason,
    error: publishedOnly ? null : run.error,
    failedStep: publishedOnly ? null : run.failed_step,
    plan: publishedOnly ? null : run.plan,
    planApprovedAt: iso(run.plan_approved_at),
    tokens: publishedOnly ? 0 : run.prompt_tokens + run.completion_tokens,
    costUsd: publishedOnly || run.cost_usd === null ? null : Number(run.cost_usd),
    answerId: run.answer_id,
    report: run.report,
    flags,
    steps: steps.map((s) => ({
      key: s.step_key, stage: s.stage, status: s.status, error: s.error, tokens: s.prompt_tokens + s.completion_tokens,
      startedAt: iso(s.started_at), finishedAt: iso(s.finished_at),
    })),
    claimChecks,
    createdAt: iso(run.created_at)!,
    finishedAt: iso(run.finished_at),
  };
}
