import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState, testUser } from '@cqa/web-core/testing';
import { answerFixture, questionDetailFixture } from '@cqa/web-ui/testing';
import { AnswerReviewPage } from './AnswerReviewPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const me = testUser('expert').id;

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('expert') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/expert/blinded-questions/:id" element={<AnswerReviewPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('AnswerReviewPage', () => {
  it("lists the other experts' and the AI's answers without authors, never community answers or its own", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', {
      status: 200,
      body: questionDetailFixture({}, [
        answerFixture({ id: 1, answer_type: 'ai', answer_text: 'AI text.', created_at: '2026-03-01T00:00:00Z' }),
        answerFixture({ id: 2, answer_type: 'quora', answer_text: 'Forum text.' }),
        answerFixture({ id: 3, answer_type: 'expert', answer_text: 'Own text.', expert_id: me, expert_name: 'Me' }),
        answerFixture({ id: 4, answer_type: 'expert', answer_text: 'Peer text.', expert_id: 'peer', expert_name: 'Dr Peer', created_at: '2026-03-02T00:00:00Z' }),
        answerFixture({ id: 5, answer_type: 'deep_research', answer_text: 'Deep text.', created_at: '2026-03-03T00:00:00Z' }),
      ]),
    });
    api.reply('/api/answers/4/rating', { status: 200, body: {} });
    const store = renderAt('/expert/blinded-questions/10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review answers' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual(['Answer 1', 'Answer 2', 'Answer 3']);
    expect(articles[0]).toHaveTextContent('AI text.');
    expect(articles[1]).toHaveTextContent('Peer text.');
    expect(articles[2]).toHaveTextContent('Deep text.');
    expect(screen.queryByText('Forum text.')).not.toBeInTheDocument();
    expect(screen.queryByText('Own text.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Dr Peer/)).not.toBeInTheDocument();
    // The rating widget's code arrives as the page is drawn.
    expect(await within(articles[1]).findByText(/Accuracy, Relevance, Specificity, Completeness and Scientific merit/)).toBeInTheDocument();

    await userEvent.click(within(articles[1]).getByRole('radio', { name: '3 stars: Acceptable' }));
    await userEvent.click(within(articles[1]).getByRole('button', { name: 'Insert feedback template' }));
    await userEvent.click(within(articles[1]).getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(Messages.success.ratingSubmitted));
    expect(api.calls.find((c) => c.url === '/api/answers/4/rating')?.body).toEqual({
      rating: 3,
      feedback: 'Accuracy: \nRelevance: \nSpecificity: \nCompleteness: \nScientific merit:',
    });
  });

  it("says 'No expert or AI answers yet.' when there is nothing to review", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [answerFixture({ answer_type: 'quora' })]) });
    renderAt('/expert/blinded-questions/10');
    expect(await screen.findByText(QuestionTexts.reviewEmpty)).toBeInTheDocument();
  });

  it.each([
    [404, Messages.errors.questionNotFound],
    [500, Messages.errors.loadQuestionFailed],
  ])('shows the loading text, then answers %s with %s', async (status, text) => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status, body: {} });
    renderAt('/expert/blinded-questions/10');
    expect(screen.getByRole('status')).toHaveTextContent(QuestionTexts.loadingQuestion);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('does not ask for an id that is not a number', () => {
    const api = installFetchMock();
    renderAt('/expert/blinded-questions/abc');
    expect(screen.getByText(Messages.errors.questionNotFound)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
