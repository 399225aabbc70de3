import { useParams } from 'react-router-dom';
import { selectCurrentUser, useAppSelector, useQuestionQuery } from '@cqa/web-core';
import { useQuestionActions } from './use-question-actions';

/**
 * What every question-detail page starts from: the question of the route's :id, the signed-in user, the page's
 * actions, and the load state to show until the question is there (`question` is undefined until then).
 */
export function useQuestionDetail() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const user = useAppSelector(selectCurrentUser);
  const { data, isLoading, error, refetch } = useQuestionQuery(id, { skip: !validId });
  const actions = useQuestionActions(id);
  const ready = validId && !isLoading && !error;
  return {
    question: ready ? data : undefined,
    user,
    actions,
    loadState: { isLoading, error, invalidId: !validId, onRetry: refetch },
  };
}
