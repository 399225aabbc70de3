import { useMemo } from 'react';
import {
  Messages,
  type AnswerKind,
  type CreateAnswerRequest,
  type UpdateAnswerRequest,
  type UpdateQuestionRequest,
} from '@cqa/contracts';
import {
  failureText,
  useCreateAnswerMutation,
  useDeleteAnswerMutation,
  useRateAnswerMutation,
  useToast,
  useUpdateAnswerMutation,
  useUpdateQuestionMutation,
} from '@cqa/web-core';

type Id = number | string;

export type RatingChangeKind = 'rating' | 'feedback';

/**
 * The changes a question page makes, each with the spec's success or failure toast. Every action resolves true when
 * it saved, so forms know to close.
 */
export function useQuestionActions(questionId: Id) {
  const toast = useToast();
  const [updateQuestion] = useUpdateQuestionMutation();
  const [createAnswer] = useCreateAnswerMutation();
  const [updateAnswer] = useUpdateAnswerMutation();
  const [deleteAnswer] = useDeleteAnswerMutation();
  const [rateAnswer] = useRateAnswerMutation();

  return useMemo(() => {
    const attempt = async (run: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
      try {
        await run();
        toast.success(success);
        return true;
      } catch (error) {
        toast.error(failureText(error, failure));
        return false;
      }
    };
    return {
      /** Text and/or cancer type; the success and failure texts depend on which screen edits what. */
      updateQuestion: (body: UpdateQuestionRequest, texts: { success: string; failure: string }) =>
        attempt(() => updateQuestion({ id: questionId, ...body }).unwrap(), texts.success, texts.failure),
      addAnswer: (kind: AnswerKind, body: Omit<CreateAnswerRequest, 'answer_type'>) =>
        attempt(
          () => createAnswer({ questionId, answer_type: kind, ...body }).unwrap(),
          kind === 'quora' ? Messages.success.communityAnswerAdded : Messages.success.answerSubmitted,
          Messages.errors.submitAnswerFailed,
        ),
      editAnswer: (answerId: Id, body: UpdateAnswerRequest) =>
        attempt(() => updateAnswer({ questionId, answerId, ...body }).unwrap(), Messages.success.answerUpdated, Messages.errors.submitAnswerFailed),
      deleteAnswer: (answerId: Id) =>
        attempt(() => deleteAnswer({ questionId, answerId }).unwrap(), Messages.success.answerDeleted, Messages.errors.deleteAnswerFailed),
      rate: (answerId: Id, rating: number, feedback: string, change: RatingChangeKind) =>
        attempt(
          () => rateAnswer({ questionId, answerId, rating, feedback }).unwrap(),
          change === 'rating' ? Messages.success.ratingSubmitted : Messages.success.feedbackSubmitted,
          change === 'rating' ? Messages.errors.ratingFailed : Messages.errors.feedbackFailed,
        ),
    };
  }, [toast, questionId, updateQuestion, createAnswer, updateAnswer, deleteAnswer, rateAnswer]);
}
