import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { AnswerKind, AnswerView, Messages, normalizeSources, QuestionApiTexts } from '@cqa/contracts';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CreateAnswerDto, RateAnswerDto, UpdateAnswerDto } from './dto/answers.dto';
import { AnswerRow, answersSql, storedSources, toAnswerView } from './question-queries';
import { AnswerFields, answerProblems, cleanText, mayChangeAnswer, rateRefusal } from './question-rules';
import { patientIdOf } from './questions.service';

interface StoredAnswer {
  id: string;
  question_id: string;
  answer_type: AnswerKind;
  answer_text: string;
  explanation_logic: string | null;
  sources: unknown;
  search_method: string | null;
  expert_id: string | null;
}

/** The list reads these instead of counting: recomputed in the transaction of every answer added or removed. */
const REFRESH_QUESTION_COUNTS = `
  UPDATE cancer_questions SET
    answers_count = (SELECT COUNT(*) FROM cancer_answers WHERE question_id = ?),
    has_expert_answer = EXISTS (SELECT 1 FROM cancer_answers WHERE question_id = ? AND answer_type = 'expert'),
    updated_at = updated_at
  WHERE id = ?`;

const isMissingParent = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === 'ER_NO_REFERENCED_ROW_2';

@Injectable()
export class AnswersService {
  constructor(private readonly ds: DataSource) {}

  async create(caller: AuthenticatedUser, questionId: number, dto: CreateAnswerDto): Promise<AnswerView> {
    let kind: AnswerKind;
    if (caller.role === 'expert') {
      if (dto.answer_type !== undefined && dto.answer_type !== 'expert') throw new ForbiddenException(QuestionApiTexts.expertAnswersOnly);
      kind = 'expert';
    } else {
      if (dto.answer_type === undefined) throw new BadRequestException(QuestionApiTexts.answerTypeRequired);
      kind = dto.answer_type;
    }
    const fields: AnswerFields = {
      answer_text: dto.answer_text ?? null,
      explanation_logic: cleanText(dto.explanation_logic),
      sources: normalizeSources(dto.sources),
      search_method: cleanText(dto.search_method),
    };
    const problems = answerProblems(kind, fields);
    if (problems.length > 0) throw new BadRequestException(problems);
    const expertId = caller.role === 'expert' ? caller.id : null;
    const expertName = cleanText(dto.expert_name) ?? (expertId ? await this.firstName(expertId) : null);

    const id = await this.ds.transaction('READ COMMITTED', async (manager) => {
      await lockQuestion(manager, questionId);
      const result = (await manager.query(
        `INSERT INTO cancer_answers (question_id, answer_type, answer_text, explanation_logic, sources, search_method, expert_name, expert_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [questionId, kind, fields.answer_text, fields.explanation_logic, JSON.stringify(fields.sources), fields.search_method, expertName, expertId],
      )) as { insertId: number | string };
      await manager.query(REFRESH_QUESTION_COUNTS, [questionId, questionId, questionId]);
      return Number(result.insertId);
    });
    return this.view(caller, id);
  }

  /** The kind of an answer never changes, so the question's counts stay as they are. */
  async update(caller: AuthenticatedUser, answerId: number, dto: UpdateAnswerDto): Promise<AnswerView> {
    const answer = await this.stored(answerId);
    if (!mayChangeAnswer(caller, answer)) {
      throw new ForbiddenException(QuestionApiTexts.notYourAnswer);
    }
    const fields: AnswerFields = {
      answer_text: dto.answer_text !== undefined ? dto.answer_text : answer.answer_text,
      explanation_logic: dto.explanation_logic !== undefined ? cleanText(dto.explanation_logic) : answer.explanation_logic,
      sources: dto.sources !== undefined ? normalizeSources(dto.sources) : storedSources(answer.sources),
      search_method: dto.search_method !== undefined ? cleanText(dto.search_method) : answer.search_method,
    };
    const problems = answerProblems(answer.answer_type, fields);
    if (problems.length > 0) throw new BadRequestException(problems);
    const sets = ['answer_text = ?', 'explanation_logic = ?', 'sources = ?', 'search_method = ?'];
    const params: unknown[] = [fields.answer_text, fields.explanation_logic, JSON.stringify(fields.sources), fields.search_method];
    if (dto.expert_name !== undefined) {
      sets.push('expert_name = ?');
      params.push(cleanText(dto.expert_name));
    }
    await this.ds.query(`UPDATE cancer_answers SET ${sets.join(', ')} WHERE id = ?`, [...params, answerId]);
    return this.view(caller, answerId);
  }

  async remove(caller: AuthenticatedUser, answerId: number): Promise<void> {
    const answer = await this.stored(answerId);
    if (!mayChangeAnswer(caller, answer)) {
      throw new ForbiddenException(QuestionApiTexts.notYourAnswer);
    }
    const questionId = Number(answer.question_id);
    await this.ds.transaction('READ COMMITTED', async (manager) => {
      await lockQuestion(manager, questionId);
      const result = (await manager.query('DELETE FROM cancer_answers WHERE id = ?', [answerId])) as { affectedRows: number };
      if (result.affectedRows === 0) throw new NotFoundException(QuestionApiTexts.answerNotFound);
      await manager.query(REFRESH_QUESTION_COUNTS, [questionId, questionId, questionId]);
    });
  }

  /**
   * Rating and feedback are saved together; the same patient or expert rating again updates their row (one statement,
   * so two quick clicks cannot make two rows). Feedback left out keeps the earlier feedback.
   */
  async rate(caller: AuthenticatedUser, answerId: number, dto: RateAnswerDto): Promise<AnswerView> {
    const answer = await this.stored(answerId);
    const refusal = rateRefusal(caller, answer);
    if (refusal) throw new ForbiddenException(refusal);
    const patientId = caller.role === 'patient' ? await patientIdOf(this.ds, caller.id) : null;
    const expertId = caller.role === 'expert' ? caller.id : null;
    try {
      await this.ds.query(
        `INSERT INTO ratings_feedback (answer_id, rating, feedback, patient_id, expert_id) VALUES (?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE rating = VALUES(rating), feedback = IF(?, VALUES(feedback), feedback)`,
        [answerId, dto.rating, cleanText(dto.feedback), patientId, expertId, dto.feedback !== undefined],
      );
    } catch (error) {
      if (isMissingParent(error)) throw new NotFoundException(QuestionApiTexts.answerNotFound);
      throw error;
    }
    return this.view(caller, answerId);
  }

  private async view(caller: AuthenticatedUser, answerId: number): Promise<AnswerView> {
    const { sql, params } = answersSql({ answerId }, { role: caller.role, userId: caller.id });
    const [row] = (await this.ds.query(sql, params)) as AnswerRow[];
    if (!row) throw new NotFoundException(QuestionApiTexts.answerNotFound);
    return toAnswerView(row);
  }

  private async stored(answerId: number): Promise<StoredAnswer> {
    const [row] = (await this.ds.query(
      `SELECT id, question_id, answer_type, answer_text, explanation_logic, sources, search_method, expert_id
       FROM cancer_answers WHERE id = ?`,
      [answerId],
    )) as StoredAnswer[];
    if (!row) throw new NotFoundException(QuestionApiTexts.answerNotFound);
    return row;
  }

  private async firstName(userId: string): Promise<string | null> {
    const [row] = (await this.ds.query('SELECT first_name FROM users WHERE id = ?', [userId])) as { first_name: string }[];
    return row?.first_name ?? null;
  }
}

/** Answers of one question change one at a time, so its counts are recomputed from a settled set. */
async function lockQuestion(manager: EntityManager, questionId: number): Promise<void> {
  const rows = (await manager.query('SELECT id FROM cancer_questions WHERE id = ? FOR UPDATE', [questionId])) as unknown[];
  if (rows.length === 0) throw new NotFoundException(Messages.errors.questionNotFound);
}
