import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CreateQuestionResponse, DashboardStats, displayCancerType, GENERAL_CANCER_TYPE, Messages,
  QuestionApiTexts, QuestionDetail, QuestionListResponse, QuestionSummary, QUESTIONS_PER_PAGE,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { CreateQuestionDto, ListQuestionsQueryDto, UpdateQuestionDto } from './dto/questions.dto';
import {
  fetchQuestionPage, QuestionDetailRow, questionDetailSql, QuestionRow, questionSql, toQuestionDetail, toQuestionSummary,
} from './question-queries';
import { mayEditQuestion } from './question-rules';

/** 'General' and empty mean no cancer type: stored as NULL, shown and filtered as 'General'. */
export const storedCancerType = (value: string | null | undefined): string | null => {
  const shown = displayCancerType(value);
  return shown === GENERAL_CANCER_TYPE ? null : shown;
};

/** The patient record of a patient user, required to ask and to rate. */
export async function patientIdOf(ds: DataSource, userId: string): Promise<string> {
  const [row] = (await ds.query('SELECT id FROM patients WHERE user_id = ?', [userId])) as { id: string }[];
  if (!row) throw new NotFoundException(Messages.validation.patientNotFoundForUser);
  return row.id;
}

@Injectable()
export class QuestionsService {
  constructor(private readonly ds: DataSource) {}

  async list(query: ListQuestionsQueryDto): Promise<QuestionListResponse> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? QUESTIONS_PER_PAGE;
    const cancerType = query.cancer_type?.trim();
    const rows = await fetchQuestionPage((sql, params) => this.ds.query(sql, params), {
      filter: query.filter ?? 'all', cancerType: cancerType ? cancerType : null, search: query.q ?? null, page, perPage,
    });
    return { items: rows.map(toQuestionSummary), page, per_page: perPage };
  }

  async detail(caller: AuthenticatedUser, id: number): Promise<QuestionDetail> {
    const { sql, params } = questionDetailSql(id, { role: caller.role, userId: caller.id });
    const detail = toQuestionDetail((await this.ds.query(sql, params)) as QuestionDetailRow[]);
    if (!detail) throw new NotFoundException(Messages.errors.questionNotFound);
    return detail;
  }

  async create(caller: AuthenticatedUser, dto: CreateQuestionDto): Promise<CreateQuestionResponse> {
    // Admins create questions by hand for nobody in particular; they show as 'Anonymous'.
    const patientId = caller.role === 'patient' ? await patientIdOf(this.ds, caller.id) : null;
    const result = (await this.ds.query(
      'INSERT INTO cancer_questions (question_text, cancer_type, user_id, patient_id) VALUES (?, ?, ?, ?)',
      [dto.question_text.trim(), storedCancerType(dto.cancer_type), caller.id, patientId],
    )) as { insertId: number | string };
    return { id: Number(result.insertId) };
  }

  async update(caller: AuthenticatedUser, id: number, dto: UpdateQuestionDto): Promise<QuestionSummary> {
    const question = await this.summary(id);
    if (!mayEditQuestion(caller, question)) throw new ForbiddenException(QuestionApiTexts.notYourQuestion);
    const sets: string[] = [];
    const params: unknown[] = [];
    if (dto.question_text !== undefined && dto.question_text !== null) {
      sets.push('question_text = ?');
      params.push(dto.question_text.trim());
    }
    if (dto.cancer_type !== undefined) {
      sets.push('cancer_type = ?');
      params.push(storedCancerType(dto.cancer_type));
    }
    if (sets.length > 0) await this.ds.query(`UPDATE cancer_questions SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
    const { user_id: _owner, ...updated } = await this.summary(id);
    return updated;
  }

  /** Answers and their ratings go with it (foreign keys cascade). */
  async remove(id: number): Promise<void> {
    const result = (await this.ds.query('DELETE FROM cancer_questions WHERE id = ?', [id])) as { affectedRows: number };
    if (result.affectedRows === 0) throw new NotFoundException(Messages.errors.questionNotFound);
  }

  /** Patients and questions for everyone; experts and answers for admins too. A cancer type narrows questions and answers. */
  async stats(caller: AuthenticatedUser, cancerTypeFilter: string | undefined): Promise<DashboardStats> {
    const cancerType = cancerTypeFilter?.trim() ? displayCancerType(cancerTypeFilter) : null;
    const byType = cancerType ? ' WHERE cancer_type_key = ?' : '';
    const typeParams = cancerType ? [cancerType] : [];
    const admin = caller.role === 'admin';
    // Summed from the questions' kept counts (covered by the cancer-type index), not counted from half a million answers.
    const answers = `(SELECT COALESCE(SUM(answers_count), 0) FROM cancer_questions${byType})`;
    const [row] = (await this.ds.query(
      `SELECT (SELECT COUNT(*) FROM users WHERE role = 'patient') AS totalPatients,
        (SELECT COUNT(*) FROM cancer_questions${byType}) AS totalQuestions
        ${admin ? `, (SELECT COUNT(*) FROM users WHERE role = 'expert') AS totalExperts, ${answers} AS totalAnswers` : ''}`,
      admin && cancerType ? [...typeParams, ...typeParams] : typeParams,
    )) as Record<string, number | string>[];
    const stats: DashboardStats = { totalPatients: Number(row!.totalPatients), totalQuestions: Number(row!.totalQuestions) };
    if (admin) Object.assign(stats, { totalExperts: Number(row!.totalExperts), totalAnswers: Number(row!.totalAnswers) });
    return stats;
  }

  private async summary(id: number): Promise<QuestionSummary & { user_id: string | null }> {
    const { sql, params } = questionSql(id);
    const [row] = (await this.ds.query(sql, params)) as QuestionRow[];
    if (!row) throw new NotFoundException(Messages.errors.questionNotFound);
    return { ...toQuestionSummary(row), user_id: row.user_id ?? null };
  }
}
