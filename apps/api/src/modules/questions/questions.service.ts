import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CreateQuestionResponse, DashboardStats, displayCancerType, GENERAL_CANCER_TYPE, Messages, mayEditQuestion,
  QuestionApiTexts, QuestionListResponse, QuestionSummary, QUESTIONS_PER_PAGE, SimilarQuestionsResponse,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { refuseProfileUnlessAllowed } from '../../common/access/ai-profile-consent';
import { CreateQuestionDto, ListQuestionsQueryDto, UpdateQuestionDto } from './dto/questions.dto';
import { PatientAccess } from '../profiles/patient-access.service';
import { toQuestionSummary, withoutPatientId } from './entities/question-row';
import { QuestionsRepository } from './questions.repository';
import { QuestionEvents } from './question-events';
import { NewAnswersRepository } from '../notifications/new-answers.repository';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';

/** 'General' and empty mean no cancer type: stored as NULL, shown and filtered as 'General'. */
export const storedCancerType = (value: string | null | undefined): string | null => {
  const shown = displayCancerType(value);
  return shown === GENERAL_CANCER_TYPE ? null : shown;
};

@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly patients: PatientAccess,
    private readonly events: QuestionEvents,
    private readonly newAnswers: NewAnswersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: AuthenticatedUser, query: ListQuestionsQueryDto): Promise<QuestionListResponse> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? QUESTIONS_PER_PAGE;
    const cancerType = query.cancer_type?.trim();
    const mine = query.scope === 'mine';
    if (mine && caller.role !== 'patient') throw new BadRequestException(QuestionApiTexts.mineForPatientsOnly);
    const rows = await this.questions.page({
      filter: query.filter ?? 'all', askedBy: mine ? caller.id : null, cancerType: cancerType ? cancerType : null, search: query.q ?? null, page, perPage,
    });
    const items = rows.map(toQuestionSummary);
    if (caller.role !== 'patient') return { items, page, per_page: perPage };
    // The asker's own questions carry their "New answers" mark; nobody else's do.
    const fresh = await this.newAnswers.among(caller.id, items.map((q) => q.id));
    return { items: items.map((q) => ({ ...withoutPatientId(q), ...(fresh.has(q.id) ? { has_new_answers: true } : {}) })), page, per_page: perPage };
  }

  /** Answered questions like a text being typed: ids, texts and answer counts only, whoever asked them. */
  async similar(text: string): Promise<SimilarQuestionsResponse> {
    return { items: await this.questions.similar(text) };
  }

  async create(caller: AuthenticatedUser, dto: CreateQuestionDto): Promise<CreateQuestionResponse> {
    refuseProfileUnlessAllowed(dto.use_profile, this.config.aiAnswers);
    // Admins create questions by hand for nobody in particular; they show as 'Anonymous'.
    const patientId = caller.role === 'patient' ? await this.patients.requireOwnRecordId(caller.id) : null;
    const id = await this.questions.insert({
      text: dto.question_text.trim(), cancerType: storedCancerType(dto.cancer_type), userId: caller.id, patientId,
    });
    // The AI answer (when configured) is queued before the patient lands on the question page, which shows its progress.
    await this.events.asked({ questionId: id, askedBy: caller.id, role: caller.role, useProfile: caller.role === 'patient' && dto.use_profile === true });
    return { id };
  }

  async update(caller: AuthenticatedUser, id: number, dto: UpdateQuestionDto): Promise<QuestionSummary> {
    const question = await this.summary(id);
    if (!mayEditQuestion(caller, question)) throw new ForbiddenException(QuestionApiTexts.notYourQuestion);
    await this.questions.update(id, {
      text: dto.question_text !== undefined && dto.question_text !== null ? dto.question_text.trim() : undefined,
      cancerType: dto.cancer_type !== undefined ? storedCancerType(dto.cancer_type) : undefined,
    });
    const { user_id: _owner, ...updated } = await this.summary(id);
    return updated;
  }

  async remove(id: number): Promise<void> {
    if (!(await this.questions.delete(id))) throw new NotFoundException(Messages.errors.questionNotFound);
  }

  /** Patients and questions for everyone; experts and answers for admins too. A cancer type narrows questions and answers. */
  stats(caller: AuthenticatedUser, cancerTypeFilter: string | undefined): Promise<DashboardStats> {
    const cancerType = cancerTypeFilter?.trim() ? displayCancerType(cancerTypeFilter) : null;
    return this.questions.stats(cancerType, caller.role === 'admin');
  }

  private async summary(id: number): Promise<QuestionSummary & { user_id: string | null }> {
    const row = await this.questions.row(id);
    if (!row) throw new NotFoundException(Messages.errors.questionNotFound);
    return { ...toQuestionSummary(row), user_id: row.user_id ?? null };
  }
}
