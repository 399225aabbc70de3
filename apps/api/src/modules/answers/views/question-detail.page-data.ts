import { Messages } from '@cqa/contracts';
import { RecordIdPipe } from '../../../common/http/record-id.pipe';
import type { PageLoaders } from '../../../web/page-data';
import { QuestionDetailController } from './question-detail.controller';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

/** The question page's data (web/page-data.ts), answered by the controller's own handler. */
export function questionDetailPageLoaders(controller: Pick<QuestionDetailController, 'detail'>): Pick<PageLoaders, 'question'> {
  return {
    question: {
      handler: QuestionDetailController.prototype.detail,
      load: async (caller, id) => controller.detail(caller, questionId.transform(id)),
    },
  };
}
