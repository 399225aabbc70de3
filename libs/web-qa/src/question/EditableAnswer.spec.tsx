import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { QuestionTexts, type AnswerView } from '@cqa/contracts';
import { testUser } from '@cqa/web-core/testing';
import { answerFixture } from '@cqa/web-ui/testing';
import { EditableAnswer, type EditableAnswerProps } from './EditableAnswer';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const expertId = testUser('expert').id;
const own = answerFixture({ id: 7, answer_type: 'expert', expert_id: expertId, expert_name: 'Expert', answer_text: 'My answer.', search_method: 'PubMed' });
const other = answerFixture({ id: 8, answer_type: 'expert', expert_id: 'someone-else', expert_name: 'Dr Other', answer_text: 'Their answer.', search_method: 'Guidelines' });
const ai = answerFixture({ id: 3, answer_type: 'ai', answer_text: 'AI words.' });

/** Two answers on one page that keeps which one is being edited, as the admin and expert pages do. */
function Page({ answers, signedInAs, editAnswer = jest.fn(async () => true), confirmDelete = jest.fn(), rating }: {
  answers: AnswerView[];
  signedInAs: 'admin' | 'expert';
  editAnswer?: jest.Mock;
  confirmDelete?: jest.Mock;
  rating?: EditableAnswerProps['rating'];
}) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const page = { user: testUser(signedInAs), actions: { editAnswer } as unknown as EditableAnswerProps['page']['actions'], confirmDelete };
  return (
    <>
      {answers.map((answer) => (
        <EditableAnswer
          key={answer.id}
          answer={answer}
          page={page}
          editing={editingId === answer.id}
          onEditingChange={(editing) => setEditingId(editing ? answer.id : null)}
          expert={answer.answer_type === 'expert'}
          rating={rating}
        />
      ))}
    </>
  );
}

const cardOf = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

describe('EditableAnswer', () => {
  it('offers Edit and Delete only to whoever may change the answer, with the rating block and the search method', () => {
    render(<Page answers={[own, other]} signedInAs="expert" rating={<p>Rate this</p>} />);
    expect(within(cardOf('My answer.')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(cardOf('My answer.')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(cardOf('My answer.')).getByText('PubMed')).toBeInTheDocument();
    expect(within(cardOf('Their answer.')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(cardOf('Their answer.')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(cardOf('Their answer.')).getByText('Rate this')).toBeInTheDocument();
  });

  it('asks the page to confirm a delete', async () => {
    const confirmDelete = jest.fn();
    render(<Page answers={[ai]} signedInAs="admin" confirmDelete={confirmDelete} />);
    await userEvent.click(within(cardOf('AI words.')).getByRole('button', { name: 'Delete' }));
    expect(confirmDelete).toHaveBeenCalledWith(ai);
  });

  it('edits one answer at a time in the Edit Answer form, with the expert fields only on an expert answer', async () => {
    render(<Page answers={[ai, other]} signedInAs="admin" />);
    await userEvent.click(within(cardOf('AI words.')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: QuestionTexts.editAnswer })).toBeInTheDocument();
    expect(screen.queryByLabelText('Search method')).not.toBeInTheDocument();
    await userEvent.click(within(cardOf('Their answer.')).getByRole('button', { name: 'Edit' }));
    expect(screen.getAllByRole('heading', { name: QuestionTexts.editAnswer })).toHaveLength(1);
    expect(screen.getByLabelText('Search method')).toHaveValue('Guidelines');
    expect(screen.getByText('AI words.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: QuestionTexts.editAnswer })).not.toBeInTheDocument();
  });

  it('saves through the page, closing the form only when the save succeeded', async () => {
    const editAnswer = jest.fn(async () => false);
    render(<Page answers={[own]} signedInAs="expert" editAnswer={editAnswer} />);
    await userEvent.click(within(cardOf('My answer.')).getByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Answer');
    await userEvent.clear(text);
    await userEvent.type(text, 'Updated answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editAnswer).toHaveBeenCalledWith(7, expect.objectContaining({ answer_text: 'Updated answer.' })));
    expect(screen.getByRole('heading', { name: QuestionTexts.editAnswer })).toBeInTheDocument();
    editAnswer.mockImplementation(async () => true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: QuestionTexts.editAnswer })).not.toBeInTheDocument());
    expect(editAnswer).toHaveBeenCalledTimes(2);
  });
});
