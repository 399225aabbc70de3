import { Injectable } from '@nestjs/common';
import { DashboardStats, SimilarQuestion } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { fetchQuestionPage, ListParams, QuestionRow, questionSql, type RunSql } from './question-queries';
import { poolQuery } from '../../common/database/pool-query';
import { reindexQuestion } from './question-search';
import { findSimilarQuestions } from './question-similar';

/**
 * Every statement of the questions module, as plain SQL on purpose (the hot paths select only what they show; see
 * question-queries.ts, which the benchmark runs too). The service decides; this runs.
 */
@Injectable()
export class QuestionsRepository {
  /** The read paths' statements, straight on the pool (poolQuery); writes go through TypeORM's transactions. */
  private readonly run: RunSql;

  constructor(private readonly ds: DataSource) {
    const query = poolQuery(ds);
    this.run = (sql, params) => query(sql, params) as Promise<unknown[]>;
  }

  page(params: ListParams): Promise<QuestionRow[]> {
    return fetchQuestionPage(this.run, params);
  }

  similar(text: string): Promise<SimilarQuestion[]> {
    return findSimilarQuestions(this.run, text);
  }

  async row(id: number, manager?: EntityManager): Promise<QuestionRow | undefined> {
    const { sql, params } = questionSql(id);
    const [row] = (await (manager ? manager.query(sql, params) : this.run(sql, params))) as QuestionRow[];
    return row;
  }

  /** `manager`: inside the caller's transaction (the link importer records the new id with it). The search terms follow. */
  async insert(question: { text: string; cancerType: string | null; userId: string | null; patientId: string | null }, manager?: EntityManager): Promise<number> {
    const work = async (m: EntityManager) => {
      const result = (await m.query(
        'INSERT INTO cancer_questions (question_text, cancer_type, user_id, patient_id) VALUES (?, ?, ?, ?)',
        [question.text, question.cancerType, question.userId, question.patientId],
      )) as { insertId: number | string };
      const id = Number(result.insertId);
      await reindexQuestion((sql, params) => m.query(sql, params), id);
      return id;
    };
    return manager ? work(manager) : this.ds.transaction('READ COMMITTED', work);
  }

  /** Sets the fields given; undefined leaves a field as it is. A new text rebuilds the search terms, under the row's lock. */
  async update(id: number, fields: { text?: string; cancerType?: string | null }): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (fields.text !== undefined) {
      sets.push('question_text = ?');
      params.push(fields.text);
    }
    if (fields.cancerType !== undefined) {
      sets.push('cancer_type = ?');
      params.push(fields.cancerType);
    }
    if (sets.length === 0) return;
    await this.ds.transaction('READ COMMITTED', async (m) => {
      await m.query(`UPDATE cancer_questions SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
      if (fields.text !== undefined) await reindexQuestion((sql, values) => m.query(sql, values), id);
    });
  }

  /** Whether a row went; answers and their ratings go with it (foreign keys cascade). */
  async delete(id: number): Promise<boolean> {
    const result = (await this.ds.query('DELETE FROM cancer_questions WHERE id = ?', [id])) as { affectedRows: number };
    return result.affectedRows > 0;
  }

  /** Patients and questions; experts, answers and registrations waiting for approval too when asked (admins). A cancer type (display value) narrows questions and answers. */
  async stats(cancerType: string | null, withExpertsAndAnswers: boolean): Promise<DashboardStats> {
    const byType = cancerType ? ' WHERE cancer_type_key = ?' : '';
    const typeParams = cancerType ? [cancerType] : [];
    // Summed from the questions' kept counts (covered by the cancer-type index), not counted from half a million answers.
    const answers = `(SELECT COALESCE(SUM(answers_count), 0) FROM cancer_questions${byType})`;
    const [row] = (await this.run(
      `SELECT (SELECT COUNT(*) FROM users WHERE role = 'patient') AS totalPatients,
        (SELECT COUNT(*) FROM cancer_questions${byType}) AS totalQuestions
        ${withExpertsAndAnswers ? `, (SELECT COUNT(*) FROM users WHERE role = 'expert') AS totalExperts, ${answers} AS totalAnswers,
          (SELECT COUNT(*) FROM users WHERE approval_status = 'pending') AS waitingRegistrations` : ''}`,
      withExpertsAndAnswers && cancerType ? [...typeParams, ...typeParams] : typeParams,
    )) as Record<string, number | string>[];
    const stats: DashboardStats = { totalPatients: Number(row!.totalPatients), totalQuestions: Number(row!.totalQuestions) };
    if (withExpertsAndAnswers) {
      Object.assign(stats, { totalExperts: Number(row!.totalExperts), totalAnswers: Number(row!.totalAnswers), waitingRegistrations: Number(row!.waitingRegistrations) });
    }
    return stats;
  }
}
