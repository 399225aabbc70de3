import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolQuery, type PoolQuery } from '../../common/database/pool-query';

/** A question has new answers for its asker when an answer arrived after they last opened it (or they never did). */
const HAS_NEW = 'q.last_answer_at IS NOT NULL AND (q.owner_seen_at IS NULL OR q.last_answer_at > q.owner_seen_at)';

@Injectable()
export class NewAnswersRepository {
  /** Every statement here runs on its own (poolQuery): the list and the question page call it per request. */
  private readonly run: PoolQuery;

  constructor(ds: DataSource) {
    this.run = poolQuery(ds);
  }

  async count(userId: string): Promise<number> {
    const [row] = (await this.run(`SELECT COUNT(*) AS n FROM cancer_questions q WHERE q.user_id = ? AND ${HAS_NEW}`, [userId])) as [{ n: string | number }];
    return Number(row.n);
  }

  /** Of these questions, the ones of this asker with new answers. */
  async among(userId: string, questionIds: readonly number[]): Promise<Set<number>> {
    if (questionIds.length === 0) return new Set();
    const rows = (await this.run(
      `SELECT q.id FROM cancer_questions q WHERE q.id IN (${questionIds.map(() => '?').join(', ')}) AND q.user_id = ? AND ${HAS_NEW}`,
      [...questionIds, userId],
    )) as Array<{ id: string | number }>;
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** The asker opened the question: its mark clears. Nobody else's opening counts. */
  async markSeen(userId: string, questionId: number): Promise<void> {
    await this.run('UPDATE cancer_questions SET owner_seen_at = CURRENT_TIMESTAMP(3), updated_at = updated_at WHERE id = ? AND user_id = ?', [questionId, userId]);
  }
}
