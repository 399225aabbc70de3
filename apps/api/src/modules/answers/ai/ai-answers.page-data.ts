import { Messages } from '@cqa/contracts';
import { RecordIdPipe } from '../../../common/http/record-id.pipe';
import type { PageLoaders } from '../../../web/page-data';
import { AiAnswersController } from './ai-answers.controller';

const questionId = new RecordIdPipe(Messages.errors.questionNotFound);

/** The AI routes a server-rendered page loads (web/page-data.ts), answered by the controller's own handlers. */
export function aiAnswersPageLoaders(controller: AiAnswersController): Pick<PageLoaders, 'aiSettings' | 'aiRun'> {
  return {
    aiSettings: { handler: AiAnswersController.prototype.settings, load: async () => controller.settings() },
    aiRun: { handler: AiAnswersController.prototype.latestRun, load: async (caller, id) => controller.latestRun(caller, questionId.transform(id)) },
  };
}
