import { Injectable } from '@nestjs/common';
import { ClaimCheckView, JudgeVerdict, SupportRuleResult } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { jsonColumn } from '../../common/database/json-column';

export type ClaimCheckOwner = { aiRunId: number } | { researchRunId: number };

interface ClaimCheckRow {
  position: number;
  section: string | null;
  claim_text: string;
  published: number | boolean;
  reasons: unknown;
  rule_results: unknown;
  judge_verdict: JudgeVerdict | null;
  judge_reason: string | null;
}

const ownerColumn = (owner: ClaimCheckOwner): [string, number] =>
  'aiRunId' in owner ? ['ai_run_id', owner.aiRunId] : ['research_run_id', owner.researchRunId];

/** The verifier's decision on each claim of a run (answer_claim_checks): written whole per run, read by admins and experts. */
@Injectable()
export class ClaimChecksRepository {
  constructor(private readonly ds: DataSource) {}

  /** Replaces the run's rows: a re-delivered or retried run leaves only its latest decision. */
  async replace(owner: ClaimCheckOwner, checks: readonly ClaimCheckView[], manager: EntityManager = this.ds.manager): Promise<void> {
    const [column, id] = ownerColumn(owner);
    await manager.query(`DELETE FROM answer_claim_checks WHERE ${column} = ?`, [id]);
    if (checks.length === 0) return;
    const values = checks.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const params = checks.flatMap((c) => [
      id, c.position, c.section, c.text, c.published ? 1 : 0, JSON.stringify(c.reasons), JSON.stringify(c.rules),
      c.judge?.verdict ?? null, c.judge ? c.judge.reason.slice(0, 500) : null,
    ]);
    await manager.query(
      `INSERT INTO answer_claim_checks (${column}, position, section, claim_text, published, reasons, rule_results, judge_verdict, judge_reason)
       VALUES ${values}`,
      params,
    );
  }

  async list(owner: ClaimCheckOwner): Promise<ClaimCheckView[]> {
    const [column, id] = ownerColumn(owner);
    const rows = (await this.ds.query(
      `SELECT position, section, claim_text, published, reasons, rule_results, judge_verdict, judge_reason
       FROM answer_claim_checks WHERE ${column} = ? ORDER BY position`,
      [id],
    )) as ClaimCheckRow[];
    return rows.map((row) => ({
      position: Number(row.position),
      section: row.section,
      text: row.claim_text,
      published: Number(row.published) === 1 || row.published === true,
      reasons: jsonColumn<string[]>(row.reasons) ?? [],
      rules: jsonColumn<SupportRuleResult[]>(row.rule_results) ?? [],
      judge: row.judge_verdict ? { verdict: row.judge_verdict, reason: row.judge_reason ?? '' } : null,
    }));
  }
}
