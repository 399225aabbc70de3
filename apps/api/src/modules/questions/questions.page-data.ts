import { Messages, questionListSearch } from '@cqa/contracts';
import { createValidationPipe } from '../../common/errors/validation';
import { RecordIdPipe } from '../../common/http/record-id.pipe';
import type { PageLoaders } from '../../web/page-data';
import { ListQuestionsQueryDto, StatsQueryDto } from './dto/questions.dto';
import { QuestionsController } from './questions.controller';

const validation = createValidationPipe();
const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

/** The question routes a server-rendered page loads (web/page-data.ts), answered by the controller's own handlers. */
export function questionsPageLoaders(controller: QuestionsController): Pick<PageLoaders, 'questions' | 'question' | 'dashboardStats'> {
  return {
    questions: {
      handler: QuestionsController.prototype.list,
      load: async (caller, arg) =>
        controller.list(caller, (await validation.transform(Object.fromEntries(questionListSearch(arg)), { type: 'query', metatype: ListQuestionsQueryDto })) as ListQuestionsQueryDto),
    },
    question: {
      handler: QuestionsController.prototype.detail,
      load: async (caller, id) => controller.detail(caller, questionId.transform(id)),
    },
    dashboardStats: {
      handler: QuestionsController.prototype.stats,
      load: async (caller, cancerType) =>
        controller.stats(caller, (await validation.transform(cancerType ? { cancer_type: cancerType } : {}, { type: 'query', metatype: StatsQueryDto })) as StatsQueryDto),
    },
  };
}
