import { Injectable, NotFoundException } from '@nestjs/common';
import { AnswerKind, ImportedReply, Messages } from '@cqa/contracts';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AnswerRow, answersSql, Viewer } from './views/answer-view';
import { RetractionFlagRow, retractionFlagsSql, withRetractedSources } from './views/retraction-flags';
import { answersChanged, insertAnswerRow, lockQuestion } from './answer-writer';

export interface StoredAnswer {
  id: string;
  question_id: string;
  answer_type: AnswerKind;
  answer_text: string;
  explanation_logic: string | null;
  sources: unknown;
  search_method: string | null;
  expert_id: string | null;
}

export interface AnswerColumns {
  answer_text: string | null;
  explanation_logic: string | null;
  sources: readonly string[];
  search_method: string | null;
}

/** Thrown by rate() when the answer went away meanwhile. */
export class AnswerGoneError extends Error {}

const isMissingParent = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === 'ER_NO_REFERENCED_ROW_2';

/** Every statement of the answers module, plain SQL like the questions' (the list's counts are kept here); the question page's reads are views/. */
@Injectable()
export class AnswersRepository {
  constructor(private readonly ds: DataSource) {}

  /** `within`: a caller's transaction (deep research links its run to the answer in the same one). */
  async insert(
    questionId: number,
    kind: AnswerKind,
    fields: AnswerColumns,
    expert: { id: string | null; name: string | null },
    within?: EntityManager,
  ): Promise<number> {
    const work = async (manager: EntityManager) => {
      await lockExisting(manager, questionId);
      const id = await insertAnswerRow(manager, questionId, { kind, ...fields, expert_name: expert.name, expert_id: expert.id });
      await answersChanged(manager, questionId);
      return id;
    };
    return within ? work(within) : this.ds.transaction('READ COMMITTED', work);
  }

  /**
   * One community answer per reply of an imported thread, each with its own link as source and its host, date and
   * score beside it. Keyed by the import row and the reply's position, checked under the question's lock, so a
   * re-delivered job adds nothing. Returns how many answers the row has now.
   */
  async insertImportedCommunity(questionId: number, importRowId: number, replies: readonly ImportedReply[]): Promise<number> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      await lockExisting(manager, questionId);
      const stored = (await manager.query('SELECT position FROM community_answer_meta WHERE import_row_id = ?', [importRowId])) as { position: number }[];
      const done = new Set(stored.map((r) => Number(r.position)));
      for (const [position, reply] of replies.entries()) {
        if (done.has(position)) continue;
        const answerId = await insertAnswerRow(manager, questionId, {
          kind: AnswerKind.Community, answer_text: reply.text, explanation_logic: null, sources: [reply.url], search_method: null,
        });
        const postedAt = reply.date && !Number.isNaN(Date.parse(reply.date)) ? new Date(reply.date) : null;
        await manager.query(
          'INSERT INTO community_answer_meta (answer_id, import_row_id, position, host, posted_at, score) VALUES (?, ?, ?, ?, ?, ?)',
          [answerId, importRowId, position, reply.host.slice(0, 255), postedAt, reply.score],
        );
        done.add(position);
      }
      await answersChanged(manager, questionId);
      return done.size;
    });
  }

  /** The kind of an answer never changes, so the question's counts stay as they are; its search terms are rebuilt. expertName undefined: left as it is. */
  async update(answerId: number, fields: AnswerColumns, expertName: string | null | undefined): Promise<void> {
    const sets = ['answer_text = ?', 'explanation_logic = ?', 'sources = ?', 'search_method = ?'];
    const params: unknown[] = [fields.answer_text, fields.explanation_logic, JSON.stringify(fields.sources), fields.search_method];
    if (expertName !== undefined) {
      sets.push('expert_name = ?');
      params.push(expertName);
    }
    await this.ds.transaction('READ COMMITTED', async (manager) => {
      const [row] = (await manager.query('SELECT question_id FROM cancer_answers WHERE id = ?', [answerId])) as { question_id: number | string }[];
      if (!row) return;
      // The question's lock first, as every other answer change takes it, then the search terms follow the new text.
      await lockExisting(manager, Number(row.question_id));
      await manager.query(`UPDATE cancer_answers SET ${sets.join(', ')} WHERE id = ?`, [...params, answerId]);
      await answersChanged(manager, Number(row.question_id));
    });
  }

  /** Whether the row went; the question's counts are recomputed in the same transaction. */
  async delete(answerId: number, questionId: number): Promise<boolean> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      await lockExisting(manager, questionId);
      const result = (await manager.query('DELETE FROM cancer_answers WHERE id = ?', [answerId])) as { affectedRows: number };
      if (result.affectedRows === 0) return false;
      await answersChanged(manager, questionId);
      return true;
    });
  }

  /**
   * One statement, so two quick clicks cannot make two rows: the same patient or expert rating again updates their row.
   * Feedback undefined keeps the earlier feedback.
   */
  async rate(answerId: number, rater: { patientId: string | null; expertId: string | null }, rating: number, feedback: string | null | undefined): Promise<void> {
    try {
      await this.ds.query(
        `INSERT INTO ratings_feedback (answer_id, rating, feedback, patient_id, expert_id) VALUES (?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE rating = VALUES(rating), feedback = IF(?, VALUES(feedback), feedback)`,
        [answerId, rating, feedback ?? null, rater.patientId, rater.expertId, feedback !== undefined],
      );
    } catch (error) {
      if (isMissingParent(error)) throw new AnswerGoneError();
      throw error;
    }
  }

  async view(answerId: number, viewer: Viewer): Promise<AnswerRow | undefined> {
    const answer = answersSql({ answerId }, viewer);
    const flags = retractionFlagsSql({ answerId });
    const [rows, flagRows] = await Promise.all([this.ds.query(answer.sql, answer.params), this.ds.query(flags.sql, flags.params)]);
    return withRetractedSources(rows as AnswerRow[], flagRows as RetractionFlagRow[], (row) => row.id)[0];
  }

  async stored(answerId: number): Promise<StoredAnswer | undefined> {
    const [row] = (await this.ds.query(
      `SELECT id, question_id, answer_type, answer_text, explanation_logic, sources, search_method, expert_id
       FROM cancer_answers WHERE id = ?`,
      [answerId],
    )) as StoredAnswer[];
    return row;
  }

  async firstNameOf(userId: string): Promise<string | null> {
    const [row] = (await this.ds.query('SELECT first_name FROM users WHERE id = ?', [userId])) as { first_name: string }[];
    return row?.first_name ?? null;
  }
}

/** The question's lock (answer-writer), or 404 when the question is gone. */
async function lockExisting(manager: EntityManager, questionId: number): Promise<void> {
  if (!(await lockQuestion(manager, questionId))) throw new NotFoundException(Messages.errors.questionNotFound);
}
