import { useCallback } from 'react';
import { Messages, type CreateQuestionRequest } from '@cqa/contracts';
import { failureText, useCreateQuestionMutation, useToast } from '@cqa/web-core';

/**
 * Asking (a patient) or creating (an admin) a question, with the spec's toasts: resolves true when saved, so the form
 * closes; `onCreated` then gets the new question's id (the patient's page opens it).
 */
export function useAskQuestion(onCreated?: (id: number) => void) {
  const [createQuestion] = useCreateQuestionMutation();
  const toast = useToast();
  return useCallback(
    async (body: CreateQuestionRequest): Promise<boolean> => {
      try {
        const created = await createQuestion(body).unwrap();
        if (!created?.id) {
          toast.error(Messages.errors.noResponse);
          return false;
        }
        toast.success(Messages.success.questionSubmitted);
        onCreated?.(created.id);
        return true;
      } catch (error) {
        toast.error(failureText(error, Messages.errors.submitQuestionFailed));
        return false;
      }
    },
    [createQuestion, toast, onCreated],
  );
}
