import type { ComponentProps } from 'react';
import { useSimilarQuestions } from '@cqa/web-core';
import { QuestionFormModal } from '@cqa/web-ui';
import { useAskQuestion } from './use-ask-question';

export type AskQuestionDialogProps = Omit<ComponentProps<typeof QuestionFormModal>, 'onSubmit' | 'useSimilar'> & { onCreated?: (id: number) => void };

/** AskQuestionModal's dialog (its own chunk: the form, the dialog and their antd parts). */
export function AskQuestionDialog({ onCreated, similarHref, ...props }: AskQuestionDialogProps) {
  const ask = useAskQuestion(onCreated);
  return <QuestionFormModal {...props} onSubmit={ask} useSimilar={similarHref ? useSimilarQuestions : undefined} similarHref={similarHref} />;
}
