import { useParams } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { errorMessage, selectCurrentUser, useAiRun, useAppSelector, useGenerateAiAnswerMutation, useToast } from '@cqa/web-core';

/**
 * What a question page's AI tab needs (call it before any early return): the latest run, polled while it runs,
 * whether AI is configured, and for admins Generate / Regenerate / Retry with a toast when refused.
 */
export function useQuestionAi() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { run, configured, active } = useAiRun(id, { skip: !valid });
  const [generate, { isLoading }] = useGenerateAiAnswerMutation();
  const toast = useToast();
  const isAdmin = user?.role === 'admin';
  const onGenerate = async (regenerate: boolean) => {
    try {
      await generate({ questionId: id, regenerate }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, Messages.errors.aiAnswerFailed));
    }
  };
  return { run, configured, active, isAdmin, onGenerate: isAdmin ? onGenerate : undefined, generating: isLoading };
}
