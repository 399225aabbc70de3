import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { answerFixture, questionDetailFixture } from '@cqa/web-ui/testing';
import { QuestionPageFrame, type QuestionPageFrameProps } from './QuestionPageFrame';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const community = answerFixture({ id: 4, answer_type: 'quora', answer_text: 'Forum answer.' });

function renderFrame(at: string, props: Partial<QuestionPageFrameProps> = {}) {
  return render(
    <Provider store={createAppStore({ auth: signedInState('expert') })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="/expert/questions/:id"
            element={
              <QuestionPageFrame
                backTo="/expert/questions"
                head={({ question, user }) => <h1>{`${question.question_text} (${user?.role})`}</h1>}
                renderAnswer={(answer, kind) => <article>{`${kind}: ${answer.answer_text}`}</article>}
                {...props}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('QuestionPageFrame', () => {
  it("fills the role's slots with the loaded question: links, head, each answer, a tab's top and what follows the tabs", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ question_text: 'Does walking help?' }, [community]) });
    renderFrame('/expert/questions/10', {
      links: ({ question }) => <a href={`/review/${question.id}`}>Review</a>,
      renderTop: (kind) => kind === 'quora' && <p>Import box</p>,
      after: () => <p>Dialogs</p>,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Does walking help? (expert)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to questions' })).toHaveAttribute('href', '/expert/questions');
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/review/10');
    expect(screen.getByText('Dialogs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /From Community/ }));
    const panel = screen.getByRole('tabpanel', { name: /From Community/ });
    expect(within(panel).getByText('Import box')).toBeInTheDocument();
    expect(within(panel).getByText('quora: Forum answer.')).toBeInTheDocument();
  });

  it('runs deep research from its tab only where the role asks for it', async () => {
    for (const deepResearch of [true, false]) {
      const api = installFetchMock();
      api.reply('/api/questions/10', { status: 200, body: questionDetailFixture() });
      api.reply('/api/questions/10/research', { status: 200, body: { run: null, mayControl: true, aiConfigured: true } });
      const { unmount } = renderFrame('/expert/questions/10', { deepResearch });
      await userEvent.click(await screen.findByRole('tab', { name: /Deep Research/ }));
      await waitFor(() => expect(screen.getByRole('tab', { name: /Deep Research/ })).toHaveAttribute('aria-selected', 'true'));
      if (deepResearch) await waitFor(() => expect(api.calls.some((c) => c.url === '/api/questions/10/research')).toBe(true));
      else expect(api.calls.some((c) => c.url === '/api/questions/10/research')).toBe(false);
      unmount();
    }
  });

  it("shows an open deep research request's state in place of the tab's empty text, and the empty text once it has ended", async () => {
    for (const [request, empty] of [['searching', false], ['requested', false], ['declined', true], [null, true]] as const) {
      const api = installFetchMock();
      const question = questionDetailFixture();
      const none = { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 } as const;
      api.reply('/api/questions/10', { status: 200, body: { ...question, glance: { ai: none, quora: none, expert: none, deep_research: { ...none, request } } } });
      api.reply('/api/questions/10/research', {
        status: 200,
        body: { run: null, mayControl: false, aiConfigured: true, mayRequest: false, request: request && { id: 1, state: request, declineReason: null } },
      });
      const { unmount } = renderFrame('/expert/questions/10?tab=deep_research', { deepResearch: true });
      const panel = await screen.findByRole('tabpanel', { name: /Deep Research/ });
      if (request) await within(panel).findByTestId('research-request-state');
      expect(within(panel).queryByText('No Deep Research answers yet.') !== null).toBe(empty);
      unmount();
    }
  });

  it('shows the not-found state, linking back to the list, for an id that is no number', async () => {
    installFetchMock();
    renderFrame('/expert/questions/abc');
    expect(await screen.findByRole('heading', { level: 1, name: Messages.errors.questionNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to questions' })).toHaveAttribute('href', '/expert/questions');
  });
});
