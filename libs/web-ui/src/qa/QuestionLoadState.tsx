import { Link } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { ErrorState } from '../components/ErrorState';
import { LazyResult } from '../components/LazyResult';
import { LoadingState } from '../components/LoadingState';
import { QaUiTexts } from './texts';

interface QuestionLoadStateProps {
  isLoading: boolean;
  error: unknown;
  /** An id that cannot be a question's (not a number) is not found without asking. */
  invalidId?: boolean;
  onRetry: () => void;
  backTo: string;
}

const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

/**
 * The loading, not-found and error states of a question page (spec section 2), or null once the question is there.
 */
export function QuestionLoadState({ isLoading, error, invalidId = false, onRetry, backTo }: QuestionLoadStateProps) {
  if (invalidId || isNotFound(error)) {
    return (
      <LazyResult
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{Messages.errors.questionNotFound}</h1>}
        extra={<Link to={backTo}>{QaUiTexts.backToQuestions}</Link>}
      />
    );
  }
  if (isLoading) return <LoadingState page label={QuestionTexts.loadingQuestion} />;
  if (error) return <ErrorState title={QaUiTexts.questionErrorTitle} titleLevel={1} message={Messages.errors.loadQuestionFailed} onRetry={onRetry} />;
  return null;
}
