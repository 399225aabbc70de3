import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { answerFixture, questionDetailFixture } from '@cqa/web-ui/testing';
import { AdminQuestionPage } from './AdminQuestionPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('admin') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/admin/questions/:id" element={<AdminQuestionPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);
const expertAnswer = answerFixture({ id: 7, answer_type: 'expert', expert_id: 'x', expert_name: 'Dr X', answer_text: 'Expert words.', search_method: 'Guidelines', average_rating: 3, rating_count: 1 });
const aiAnswer = answerFixture({ id: 3, answer_type: 'ai', answer_text: 'AI words.' });

describe('AdminQuestionPage', () => {
  it('has a tab per kind with its count and Add Answer, edit and delete on every answer, and no rating', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [expertAnswer, aiAnswer]) });
    renderAt('/admin/questions/10');
    expect(await screen.findByRole('tab', { name: 'OpenAI O1 (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: QuestionTexts.viewProfile })).toHaveAttribute('href', '/patients/77/profile');
    expect(screen.getByRole('tab', { name: 'From Community (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expert Answers (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Deep Research (0)' })).toBeInTheDocument();
    const ai = screen.getByText('AI words.').closest('article') as HTMLElement;
    expect(within(ai).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(ai).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: QuestionTexts.addAnswer })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Expert Answers (1)' }));
    const expert = (await screen.findByText('Expert words.')).closest('article') as HTMLElement;
    expect(within(expert).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(expert).getByText('Guidelines')).toBeInTheDocument();
    expect(within(expert).getByText('3.0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it("adds an answer of the open tab's kind, with the search method only on the expert tab", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture() });
    api.reply('/api/questions/10/answers', { status: 201, body: {} });
    const store = renderAt('/admin/questions/10?tab=quora');
    await userEvent.click(await screen.findByRole('button', { name: QuestionTexts.addAnswer }));
    expect(screen.getByRole('heading', { name: 'Add Answer: From Community' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Search method')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Answer'), 'Thread summary.');
    await userEvent.type(screen.getByLabelText('Explanation and logic'), 'Imported.');
    await userEvent.type(screen.getByLabelText('Sources'), 'https://reddit.test/r/1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.communityAnswerAdded));
    expect(api.calls.find((c) => c.url === '/api/questions/10/answers')?.body).toEqual({
      answer_type: 'quora', answer_text: 'Thread summary.', explanation_logic: 'Imported.', sources: ['https://reddit.test/r/1'],
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Expert Answers (0)' }));
    await userEvent.click(await screen.findByRole('button', { name: QuestionTexts.addAnswer }));
    expect(screen.getByLabelText('Search method')).toBeInTheDocument();
    expect(screen.getByLabelText('Expert name')).toHaveValue('Admin');
  });

  it('edits the question text and cancer type behind the pencil', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture() });
    const store = renderAt('/admin/questions/10');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit question' }));
    const text = screen.getByLabelText('Question');
    await userEvent.clear(text);
    await userEvent.type(text, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.validation.questionTooShort)).toBeInTheDocument();
    await userEvent.type(text, ' but now long enough');
    api.reply('/api/questions/10', { status: 500, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.updateQuestionFailedRetry));
    api.reply('/api/questions/10', { status: 200, body: {} }, { status: 200, body: questionDetailFixture({ question_text: 'short but now long enough' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.questionUpdated));
    expect(api.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ question_text: 'short but now long enough', cancer_type: 'Lung Cancer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'short but now long enough' })).toBeInTheDocument();
  });

  it('deletes an answer after the Delete Answer dialog, and says so when it fails', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [aiAnswer]) });
    api.reply('/api/answers/3', { status: 500, body: {} });
    const store = renderAt('/admin/questions/10');
    await userEvent.click(within((await screen.findByText('AI words.')).closest('article') as HTMLElement).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: QuestionTexts.deleteAnswerTitle });
    expect(dialog).toHaveTextContent(QuestionTexts.deleteAnswerBody);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.deleteAnswerFailed));
  });

  it.each([
    [404, Messages.errors.questionNotFound],
    [500, Messages.errors.loadQuestionFailed],
  ])('shows loading, then answers %s with %s', async (status, text) => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status, body: {} });
    renderAt('/admin/questions/10');
    expect(screen.getByRole('status')).toHaveTextContent(QuestionTexts.loadingQuestion);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
