import type { ReactNode } from 'react';
import { QuestionTexts, mayChangeAnswer, type AnswerView } from '@cqa/contracts';
import { AnswerCard, AnswerChangeButtons, AnswerForm, QaUiTexts } from '@cqa/web-ui';
import type { QuestionPageContext } from './QuestionPageFrame';

export interface EditableAnswerProps {
  answer: AnswerView;
  page: Pick<QuestionPageContext, 'user' | 'actions' | 'confirmDelete'>;
  /** This answer's edit form is open; the page keeps which one, so opening another closes it. */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** An expert answer: its form asks for the expert's fields and its card shows the search method. */
  expert: boolean;
  /** The role's rating block under the answer. */
  rating?: ReactNode;
}

/**
 * One answer on a staff question page: its card, with Edit and Delete for whoever may change it, or its Edit Answer
 * form in place of the card while it is being edited.
 */
export function EditableAnswer({ answer, page: { user, actions, confirmDelete }, editing, onEditingChange, expert, rating }: EditableAnswerProps) {
  const mayChange = !!user && mayChangeAnswer(user, answer);
  if (mayChange && editing) {
    return (
      <AnswerForm
        title={QuestionTexts.editAnswer}
        answer={answer}
        expertFields={expert}
        submitLabel={QaUiTexts.save}
        onSubmit={async (values) => {
          const saved = await actions.editAnswer(answer.id, values);
          if (saved) onEditingChange(false);
          return saved;
        }}
        onCancel={() => onEditingChange(false)}
      />
    );
  }
  return (
    <AnswerCard
      answer={answer}
      showSearchMethod={expert}
      actions={mayChange && <AnswerChangeButtons onEdit={() => onEditingChange(true)} onDelete={() => confirmDelete(answer)} />}
      rating={rating}
    />
  );
}
