import { questionListSearch } from '@cqa/contracts';
import { createValidationPipe } from '../../common/errors/validation';
import type { PageLoaders } from '../../web/page-data';
import { ListQuestionsQueryDto, StatsQueryDto } from './dto/questions.dto';
import { QuestionsController } from './questions.controller';

const validation = createValidationPipe();

/** The question routes a server-rendered page loads (web/page-data.ts), answered by the controller's own handlers; the question page's own is answers' (question-detail.page-data.ts). */
export function questionsPageLoaders(controller: QuestionsController): Pick<PageLoaders, 'questions' | 'dashboardStats'> {
  return {
    questions: {
      handler: QuestionsController.prototype.list,
      load: async (caller, arg) =>
        controller.list(caller, (await validation.transform(Object.fromEntries(questionListSearch(arg)), { type: 'query', metatype: ListQuestionsQueryDto })) as ListQuestionsQueryDto),
    },
    dashboardStats: {
      handler: QuestionsController.prototype.stats,
      load: async (caller, cancerType) =>
        controller.stats(caller, (await validation.transform(cancerType ? { cancer_type: cancerType } : {}, { type: 'query', metatype: StatsQueryDto })) as StatsQueryDto),
    },
  };
}
