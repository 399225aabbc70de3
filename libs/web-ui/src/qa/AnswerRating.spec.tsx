import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { AnswerRating } from './AnswerRating';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

describe('AnswerRating', () => {
  it('names each star with its hover label and shows the chosen label', async () => {
    render(<AnswerRating myRating={null} myFeedback={null} onSubmit={jest.fn()} />);
    const names = screen.getAllByRole('radio').map((star) => star.getAttribute('aria-label'));
    expect(names).toEqual(['1 star: Poor advice', '2 stars: Questionable', '3 stars: Acceptable', '4 stars: Good advice', '5 stars: Excellent advice']);
    expect(screen.queryByRole('button', { name: 'Submit rating' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars: Good advice' }));
    // The star's tooltip may show the same words while the pointer rests on it; the chosen label is the strong text.
    expect(screen.getByText('Good advice', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeEnabled();
  });

  it('saves rating and feedback together, as a rating change when the stars changed', async () => {
    const onSubmit = jest.fn(async () => true);
    render(<AnswerRating myRating={null} myFeedback={null} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('radio', { name: '5 stars: Excellent advice' }));
    await userEvent.type(screen.getByLabelText('Feedback'), 'Clear and kind.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(5, 'Clear and kind.', 'rating'));
  });

  it('opens the feedback box only when the reader starts rating, and closes it once saved or cancelled', async () => {
    const onSubmit = jest.fn(async () => true);
    render(<AnswerRating myRating={null} myFeedback={null} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Feedback')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).toBeNull();
    expect(screen.getByText('Choose 1 to 5 stars to submit.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '2 stars: Questionable' }));
    expect(screen.getByLabelText('Feedback')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Feedback')).toBeNull();
    expect(screen.getByRole('radio', { name: '2 stars: Questionable' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars: Good advice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(4, '', 'rating'));
    await waitFor(() => expect(screen.queryByLabelText('Feedback')).toBeNull());
  });

  it('calls a change of the feedback alone a feedback change', async () => {
    const onSubmit = jest.fn(async () => true);
    render(<AnswerRating myRating={3} myFeedback="ok" onSubmit={onSubmit} />);
    expect(screen.getByRole('radio', { name: '3 stars: Acceptable' })).toHaveAttribute('aria-checked', 'true');
    // A rating given: its feedback opens on request, without choosing the stars again.
    expect(screen.queryByLabelText('Feedback')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change your feedback' }));
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Feedback'), ' then');
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(3, 'ok then', 'feedback'));
  });

  it('gives experts the five-category guidance and the feedback template, and shows a prompt when given one', async () => {
    render(<AnswerRating myRating={null} myFeedback={null} onSubmit={jest.fn()} expertGuidance prompt="Please rate on scientific merit" />);
    expect(screen.getByText('Please rate on scientific merit')).toBeInTheDocument();
    expect(screen.getByText(/Accuracy, Relevance, Specificity, Completeness and Scientific merit; your star rating is their average/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars: Acceptable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert feedback template' }));
    expect(screen.getByLabelText('Feedback')).toHaveValue('Accuracy: \nRelevance: \nSpecificity: \nCompleteness: \nScientific merit: ');
  });
});
