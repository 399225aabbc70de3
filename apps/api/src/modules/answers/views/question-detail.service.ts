import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Messages, QuestionDetail } from '@cqa/contracts';
import type { AuthenticatedUser } from '../../../common/access/access.guard';
import { mayControlResearch } from '../../../common/access/research-access';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { NewAnswersRepository } from '../../notifications/new-answers.repository';
import { PatientAccess } from '../../profiles/patient-access.service';
import { withoutPatientId } from '../../questions/entities/question-row';
import { toQuestionDetail } from './question-detail';
import { QuestionDetailRepository } from './question-detail.repository';
import { ratingRows, toGlance } from './source-glance';

/** The question page: the question composed with its answers' views and each source at a glance. */
@Injectable()
export class QuestionDetailService {
  constructor(
    private readonly reads: QuestionDetailRepository,
    private readonly patients: PatientAccess,
    private readonly newAnswers: NewAnswersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async detail(caller: AuthenticatedUser, id: number): Promise<QuestionDetail> {
    const patient = caller.role === 'patient';
    // Every read (and the patient's "seen" mark) at once: the page costs the time of its slowest statement, not their sum.
    const [rows, glanceRows, ownRecordId] = await Promise.all([
      this.reads.detailRows(id, { role: caller.role, userId: caller.id }),
      // The patient's deep research request: its asker and staff follow it in the strip; nobody else is told of it.
      this.reads.glanceRows(id, patient ? caller.id : null),
      patient ? this.patients.ownRecordId(caller.id) : null,
      // The asker opening their question clears its "New answers" mark (nobody else's opening matches a row).
      patient ? this.newAnswers.markSeen(caller.id, id) : null,
    ]);
    const found = toQuestionDetail(rows, caller.role);
    if (!found) throw new NotFoundException(Messages.errors.questionNotFound);
    // Ratings per source from the detail's own rows; read apart only for an answer with too many ratings to sum exactly.
    const ratings = ratingRows(rows) ?? (await this.reads.glanceRatings(id));
    const glance = toGlance(found.answers, [...ratings, ...glanceRows], { unpublishedResearch: mayControlResearch(caller.role, this.config.research) });
    const detail: QuestionDetail = { ...found, glance };
    if (patient && detail.patient_id !== ownRecordId) return withoutPatientId(detail);
    return detail;
  }
}
