import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { answerFixture, questionDetailFixture } from '@cqa/web-ui/testing';
import { PatientQuestionPage } from './PatientQuestionPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderAt(at: string, role: 'patient' | 'admin' = 'patient') {
  const store = createAppStore({ auth: signedInState(role) });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/patient/questions/:id" element={<PatientQuestionPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);

const aiAnswer = answerFixture({ id: 3, answer_type: 'ai', answer_text: 'Talk to your **team**.', average_rating: 4.25, rating_count: 2 });
const communityAnswer = answerFixture({ id: 4, answer_type: 'quora', answer_text: 'From a forum.' });

describe('PatientQuestionPage', () => {
  it('lets the asking patient edit the cancer type and the text inline', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: '77' }) });
    const store = renderAt('/patient/questions/10');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('What should I ask my oncologist about immunotherapy?');
    expect(screen.getByText('Patient ID: 77')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: QuestionTexts.viewProfile })).not.toBeInTheDocument();

    // The same URL answers the PATCH first, then the refetch.
    api.reply('/api/questions/10', { status: 200, body: {} }, { status: 200, body: questionDetailFixture({ patient_id: '77', cancer_type: 'Melanoma' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit cancer type' }));
    // The editor's code arrives when an edit starts. The option list is virtual: typing narrows it to the wanted type.
    await userEvent.type(await screen.findByRole('combobox', { name: 'Cancer type' }), 'Melan');
    await userEvent.click(await screen.findByTitle('Melanoma'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.cancerTypeUpdated));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ cancer_type: 'Melanoma' });
    expect(await screen.findByText('Melanoma')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('validates the edited text and saves it', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: '77' }) });
    const store = renderAt('/patient/questions/10');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit question text' }));
    const box = await screen.findByLabelText('Question');
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.validation.questionTextRequired)).toBeInTheDocument();
    await userEvent.type(box, 'Is it OK to exercise during radiotherapy?');
    api.reply('/api/questions/10', { status: 200, body: {} }, { status: 200, body: questionDetailFixture({ patient_id: '77', question_text: 'Is it OK to exercise during radiotherapy?' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.questionUpdated));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ question_text: 'Is it OK to exercise during radiotherapy?' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Is it OK to exercise during radiotherapy?' })).toBeInTheDocument();
  });

  it("says 'Failed to update cancer type' when saving fails", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: '77' }) });
    const store = renderAt('/patient/questions/10');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit cancer type' }));
    api.reply('/api/questions/10', { status: 500, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.updateCancerTypeFailed));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('offers View Profile only to a viewer who is not a patient', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: '77' }, [aiAnswer]) });
    renderAt('/patient/questions/10', 'admin');
    expect(await screen.findByRole('link', { name: QuestionTexts.viewProfile })).toHaveAttribute('href', '/patients/77/profile');
    expect(screen.getByRole('heading', { name: 'OpenAI O1 answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).not.toBeInTheDocument();
  });

  it("shows no edit controls on another patient's question", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({ patient_id: '99' }) });
    renderAt('/patient/questions/10');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('has a tab per answer kind with the spec labels and empty texts, and the Provide Expert Answer link', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [aiAnswer, communityAnswer]) });
    renderAt('/patient/questions/10?tab=expert');
    expect(await screen.findByRole('tab', { name: 'OpenAI O1 (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'From Community (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Deep Research (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expert Answers (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No expert answers yet. Check back later!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: QuestionTexts.provideExpertAnswer })).toHaveAttribute('href', '/expert/questions/10');

    await userEvent.click(screen.getByRole('tab', { name: 'Deep Research (0)' }));
    expect(await screen.findByText('No Deep Research answers yet. Check back later!')).toBeInTheDocument();
  });

  it('shows the average with one decimal and its count, and rates with feedback', async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [aiAnswer]) });
    api.reply('/api/answers/3/rating', { status: 200, body: {} });
    const store = renderAt('/patient/questions/10');
    const card = (await screen.findByRole('heading', { name: 'OpenAI O1 answer' })).closest('article') as HTMLElement;
    expect(within(card).getByText('4.3')).toBeInTheDocument();
    expect(within(card).getByText(/2 ratings/)).toBeInTheDocument();
    expect(within(card).getByText('team').tagName).toBe('STRONG');

    // The rating widget's code arrives as the page is drawn.
    await userEvent.click(await within(card).findByRole('radio', { name: '4 stars: Good advice' }));
    await userEvent.type(within(card).getByLabelText('Feedback'), 'Helpful');
    await userEvent.click(within(card).getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.ratingSubmitted));
    expect(api.calls.find((c) => c.url === '/api/answers/3/rating')?.body).toEqual({ rating: 4, feedback: 'Helpful' });
  });

  it("says 'Failed to submit feedback. Please try again.' when only the feedback changed and saving fails", async () => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status: 200, body: questionDetailFixture({}, [{ ...aiAnswer, my_rating: 2, my_feedback: 'meh' }]) });
    api.reply('/api/answers/3/rating', { status: 503, body: {} });
    const store = renderAt('/patient/questions/10');
    await userEvent.click(await screen.findByRole('button', { name: 'Change your feedback' }));
    await userEvent.type(screen.getByLabelText('Feedback'), ' really');
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.feedbackFailed));
  });

  it.each([
    [404, Messages.errors.questionNotFound],
    [500, Messages.errors.loadQuestionFailed],
  ])('answers %s with %s', async (status, text) => {
    const api = installFetchMock();
    api.reply('/api/questions/10', { status, body: { message: 'x' } });
    renderAt('/patient/questions/10');
    expect(screen.getByRole('status')).toHaveTextContent(QuestionTexts.loadingQuestion);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
