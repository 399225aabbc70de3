import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { AiTexts, Messages } from '@cqa/contracts';
import { QuestionFormModal } from './QuestionFormModal';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

describe('QuestionFormModal', () => {
  it("shows the question form's messages and sends the text with the cancer type", async () => {
    const onSubmit = jest.fn(async () => true);
    const onClose = jest.fn();
    render(<QuestionFormModal open title="Ask a New Question" onSubmit={onSubmit} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Ask a New Question' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(Messages.validation.questionTextRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Question'), '  too short ');
    expect(await screen.findByText(Messages.validation.questionTooShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Question'));
    await userEvent.type(screen.getByLabelText('Question'), 'Is fasting safe during chemotherapy?');
    await userEvent.click(screen.getByRole('combobox', { name: 'Cancer type' }));
    await userEvent.click(await screen.findByTitle('Breast Cancer'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ question_text: 'Is fasting safe during chemotherapy?', cancer_type: 'Breast Cancer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("defaults the cancer type to 'General'", () => {
    render(<QuestionFormModal open title="Create Question Manually" onSubmit={jest.fn()} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Create Question Manually' })).toHaveTextContent('General');
  });

  it('offers the profile consent only when asked to, off by default, and sends the choice', async () => {
    const { unmount } = render(<QuestionFormModal open title="Ask a New Question" onSubmit={jest.fn()} onClose={jest.fn()} />);
    expect(screen.queryByLabelText(AiTexts.useProfileLabel)).toBeNull();
    unmount();
    const onSubmit = jest.fn(async () => true);
    render(<QuestionFormModal open title="Ask a New Question" onSubmit={onSubmit} onClose={jest.fn()} offerUseProfile />);
    const consent = screen.getByRole('checkbox', { name: AiTexts.useProfileLabel });
    expect(consent).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Question'), 'Is fasting safe during chemotherapy?');
    await userEvent.click(consent);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ question_text: 'Is fasting safe during chemotherapy?', cancer_type: 'General', use_profile: true }));
  });
});
