import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState, testUser } from '@cqa/web-core/testing';
import { answerFixture, questionDetailFixture } from '@cqa/web-ui/testing';
import { ExpertQuestionPage } from './ExpertQuestionPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const me = testUser('expert').id;
const mine = answerFixture({ id: 7, answer_type: 'expert', expert_id: me, expert_name: 'Expert', answer_text: 'My answer.', search_method: 'PubMed' });
const theirs = answerFixture({ id: 8, answer_type: 'expert', expert_id: 'someone-else', expert_name: 'Dr Other', answer_text: 'Their answer.' });
const ai = answerFixture({ id: 3, answer_type: 'ai', answer_text: 'AI answer.' });
const community = answerFixture({ id: 4, answer_type: 'quora', answer_text: 'Forum answer.' });

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('expert') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/expert/questions/:id" element={<ExpertQuestionPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);
const cardOf = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

describe('ExpertQuestionPage', () => {
  it('shows the badge, date, patient id with View Profile in a new tab, and a link to the review page', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: 'p-42', cancer_type: 'undefined' }) });
    renderAt('/expert/questions/10');
    const profile = await screen.findByRole('link', { name: QuestionTexts.viewProfile });
    expect(profile).toHaveAttribute('href', '/patient-profile-readonly/p-42');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('General')).toBeInTheDocument();
    expect(screen.getByText('Submitted March 4, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review answers (blinded)' })).toHaveAttribute('href', '/expert/blinded-questions/10');
    expect(screen.getByText('No OpenAI O1 answers yet.')).toBeInTheDocument();
  });

  it('opens the Submit Expert Answer form from the banner, with the first name, and closes it after saving', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [ai]) });
    api.reply('/api/questions/10/answers', { status: 201, body: mine });
    const store = renderAt('/expert/questions/10');
    expect(await screen.findByText('No expert has answered this question yet. Share your expertise.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: QuestionTexts.provideExpertAnswer }));
    expect(screen.getByRole('heading', { name: QuestionTexts.submitExpertAnswer })).toBeInTheDocument();
    expect(screen.getByLabelText('Expert name')).toHaveValue('Expert');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(Messages.validation.searchMethodRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Answer'), 'Ask about trials.');
    await userEvent.type(screen.getByLabelText('Explanation and logic'), 'Evidence.');
    await userEvent.type(screen.getByLabelText('Sources'), 'https://a.test');
    await userEvent.type(screen.getByLabelText('Search method'), 'PubMed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.answerSubmitted));
    expect(api.calls.find((c) => c.url === '/api/questions/10/answers')?.body).toEqual({
      answer_type: 'expert', answer_text: 'Ask about trials.', explanation_logic: 'Evidence.', sources: ['https://a.test'], search_method: 'PubMed', expert_name: 'Expert',
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: QuestionTexts.submitExpertAnswer })).not.toBeInTheDocument());
  });

  it("has edit and delete only on the expert's own answer, and rating only on the others", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [mine, theirs, ai, community]) });
    renderAt('/expert/questions/10?tab=expert');
    expect(await screen.findByRole('tab', { name: 'Expert Answers (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(QaBannerOwn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: QuestionTexts.provideExpertAnswer })).not.toBeInTheDocument();

    const own = cardOf('My answer.');
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(own).queryByRole('radio', { name: '4 stars: Good advice' })).not.toBeInTheDocument();
    expect(within(own).getByText('PubMed')).toBeInTheDocument();
    expect(within(own).getByText('Expert Answer')).toBeInTheDocument();

    const other = cardOf('Their answer.');
    expect(within(other).getByText(/by Dr Other/)).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(other).getByRole('radio', { name: '4 stars: Good advice' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'From Community (1)' }));
    const forum = cardOf('Forum answer.');
    expect(within(forum).getByText(Messages.portal.rateOnScientificMerit)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'OpenAI O1 (1)' }));
    const aiCard = cardOf('AI answer.');
    expect(within(aiCard).queryByText(Messages.portal.rateOnScientificMerit)).not.toBeInTheDocument();
    expect(within(aiCard).getByRole('radio', { name: '4 stars: Good advice' })).toBeInTheDocument();
  });

  it('says another expert answered, and deletes its own answer after the confirmation dialog', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [theirs]) });
    renderAt('/expert/questions/10?tab=expert');
    expect(await screen.findByText('Another expert has already answered this question. You can still add your own expert answer.')).toBeInTheDocument();

    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [mine, theirs]) });
    api.reply('/api/answers/7', { status: 200, body: {} });
    const store2 = renderAt('/expert/questions/10?tab=expert');
    await waitFor(() => expect(screen.getAllByText('My answer.').length).toBeGreaterThan(0));
    await userEvent.click(within(screen.getAllByText('My answer.').at(-1)?.closest('article') as HTMLElement).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: QuestionTexts.deleteAnswerTitle });
    expect(dialog).toHaveTextContent(QuestionTexts.deleteAnswerBody);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store2)).toContain(Messages.success.answerDeleted));
    expect(api.calls.find((c) => c.url === '/api/answers/7')?.method).toBe('DELETE');
  });

  it('edits its own answer in the Edit Answer form', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [mine]) });
    api.reply('/api/answers/7', { status: 200, body: mine });
    const store = renderAt('/expert/questions/10?tab=expert');
    await userEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: QuestionTexts.editAnswer })).toBeInTheDocument();
    const text = screen.getByLabelText('Answer');
    await userEvent.clear(text);
    await userEvent.type(text, 'Updated answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.answerUpdated));
    expect(api.calls.find((c) => c.url === '/api/answers/7')).toMatchObject({ method: 'PATCH', body: { answer_text: 'Updated answer.', sources: ['https://example.org/source'] } });
  });
});

const QaBannerOwn = 'You have answered this question. You can edit or delete your answer in the Expert Answers tab.';
