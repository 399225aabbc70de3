import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { AnswerKind, AnswerView, normalizeSources, QuestionApiTexts } from '@cqa/contracts';
import type { AuthenticatedUser } from '../../common/access/access.guard';
import { PatientAccess } from '../profiles/patient-access.service';
import { storedSources, toAnswerView } from './views/answer-view';
import { AnswerFields, answerProblems, cleanText, mayChangeAnswer, rateRefusal } from './answer-rules';
import { AnswerGoneError, AnswersRepository, StoredAnswer } from './answers.repository';
import { CreateAnswerDto, RateAnswerDto, UpdateAnswerDto } from './dto/answers.dto';

/** Answers of every kind and their ratings: who may write which, and the answer form's rules. */
@Injectable()
export class AnswersService {
  constructor(private readonly answers: AnswersRepository, private readonly patients: PatientAccess) {}

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
    const expertName = cleanText(dto.expert_name) ?? (expertId ? await this.answers.firstNameOf(expertId) : null);
    const id = await this.answers.insert(questionId, kind, fields, { id: expertId, name: expertName });
    return this.view(caller, id);
  }

  /** The kind of an answer never changes, so the question's counts stay as they are. */
  async update(caller: AuthenticatedUser, answerId: number, dto: UpdateAnswerDto): Promise<AnswerView> {
    const answer = await this.changeable(caller, answerId);
    const fields: AnswerFields = {
      answer_text: dto.answer_text !== undefined ? dto.answer_text : answer.answer_text,
      explanation_logic: dto.explanation_logic !== undefined ? cleanText(dto.explanation_logic) : answer.explanation_logic,
      sources: dto.sources !== undefined ? normalizeSources(dto.sources) : storedSources(answer.sources),
      search_method: dto.search_method !== undefined ? cleanText(dto.search_method) : answer.search_method,
    };
    const problems = answerProblems(answer.answer_type, fields);
    if (problems.length > 0) throw new BadRequestException(problems);
    await this.answers.update(answerId, fields, dto.expert_name !== undefined ? cleanText(dto.expert_name) : undefined);
    return this.view(caller, answerId);
  }

  async remove(caller: AuthenticatedUser, answerId: number): Promise<void> {
    const answer = await this.changeable(caller, answerId);
    if (!(await this.answers.delete(answerId, Number(answer.question_id)))) throw new NotFoundException(QuestionApiTexts.answerNotFound);
  }

  /** Rating and feedback are saved together; rating again updates. Feedback left out keeps the earlier feedback. */
  async rate(caller: AuthenticatedUser, answerId: number, dto: RateAnswerDto): Promise<AnswerView> {
    const answer = await this.stored(answerId);
    const refusal = rateRefusal(caller, answer);
    if (refusal) throw new ForbiddenException(refusal);
    const patientId = caller.role === 'patient' ? await this.patients.requireOwnRecordId(caller.id) : null;
    const expertId = caller.role === 'expert' ? caller.id : null;
    const feedback = dto.feedback !== undefined ? cleanText(dto.feedback) : undefined;
    try {
      await this.answers.rate(answerId, { patientId, expertId }, dto.rating, feedback);
    } catch (error) {
      if (error instanceof AnswerGoneError) throw new NotFoundException(QuestionApiTexts.answerNotFound);
      throw error;
    }
    return this.view(caller, answerId);
  }

  private async view(caller: AuthenticatedUser, answerId: number): Promise<AnswerView> {
    const row = await this.answers.view(answerId, { role: caller.role, userId: caller.id });
    if (!row) throw new NotFoundException(QuestionApiTexts.answerNotFound);
    return toAnswerView(row, caller.role);
  }

  private async stored(answerId: number): Promise<StoredAnswer> {
    const answer = await this.answers.stored(answerId);
    if (!answer) throw new NotFoundException(QuestionApiTexts.answerNotFound);
    return answer;
  }

  /** An answer the caller may edit or delete: experts their own expert answers, admins any. */
  private async changeable(caller: AuthenticatedUser, answerId: number): Promise<StoredAnswer> {
    const answer = await this.stored(answerId);
    if (!mayChangeAnswer(caller, answer)) {
      throw new ForbiddenException(QuestionApiTexts.notYourAnswer);
    }
    return answer;
  }
}
