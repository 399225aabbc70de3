import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Messages } from '@cqa/contracts';
import { AnswerForm } from './AnswerForm';
import { answerFixture } from '../testing/qa-fixtures';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

describe('AnswerForm', () => {
  it('shows every required-field message of the spec, search method included on the expert form', async () => {
    const onSubmit = jest.fn(async () => true);
    render(<AnswerForm title="Submit Expert Answer" expertFields onSubmit={onSubmit} onCancel={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Sources'), '   \n  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    for (const text of [
      Messages.validation.answerTextRequired,
      Messages.validation.explanationRequired,
      Messages.validation.sourceRequired,
      Messages.validation.searchMethodRequired,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has no search method or expert name outside the expert tab', () => {
    render(<AnswerForm title="Add Answer" expertFields={false} onSubmit={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.queryByLabelText('Search method')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Expert name')).not.toBeInTheDocument();
  });

  it('defaults the expert name to the first name and sends sources one per line as a list', async () => {
    const onSubmit = jest.fn(async () => true);
    render(<AnswerForm title="Submit Expert Answer" expertFields defaultExpertName="Erin" onSubmit={onSubmit} onCancel={jest.fn()} />);
    expect(screen.getByLabelText('Expert name')).toHaveValue('Erin');
    await userEvent.type(screen.getByLabelText('Answer'), 'Consider **trials**.');
    await userEvent.type(screen.getByLabelText('Explanation and logic'), 'Recent data.');
    await userEvent.type(screen.getByLabelText('Sources'), ' https://a.test/1 \n\nPubMed 123');
    await userEvent.type(screen.getByLabelText('Search method'), 'PubMed search');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      answer_text: 'Consider **trials**.',
      explanation_logic: 'Recent data.',
      sources: ['https://a.test/1', 'PubMed 123'],
      search_method: 'PubMed search',
      expert_name: 'Erin',
    });
  });

  it('starts from the answer being edited', () => {
    const answer = answerFixture({ answer_type: 'expert', answer_text: 'Old text', sources: ['s1', 's2'], search_method: 'Guidelines', expert_name: 'Dr Who' });
    render(<AnswerForm title="Edit Answer" answer={answer} expertFields defaultExpertName="Erin" onSubmit={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Edit Answer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Answer')).toHaveValue('Old text');
    expect(screen.getByLabelText('Sources')).toHaveValue('s1\ns2');
    expect(screen.getByLabelText('Search method')).toHaveValue('Guidelines');
    expect(screen.getByLabelText('Expert name')).toHaveValue('Dr Who');
  });
});
