import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { questionDetailFixture, questionSummaryFixture } from '@cqa/web-ui/testing';
import { PatientQuestionPage } from '../../questions/pages/PatientQuestionPage';
import { PatientsDashboardPage } from './PatientsDashboardPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('patient') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/patient/questions" element={<PatientsDashboardPage />} />
          <Route path="/patient/questions/:id" element={<PatientQuestionPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const list = (query: string) => `/api/questions?${query}`;
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);

describe('PatientsDashboardPage', () => {
  it('shows the empty text, and asks a question that opens on its own page', async () => {
    const api = installFetchMock();
    api.reply(list('filter=all&page=1&per_page=10'), { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/questions', { status: 201, body: { id: 42 } });
    api.reply('/api/questions/42', { status: 200, body: questionDetailFixture({ id: 42, question_text: 'Is fasting safe during chemotherapy?' }) });
    const store = renderAt('/patient/questions');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Patients Dashboard$/);
    expect(await screen.findByText(QuestionTexts.patientEmpty)).toBeInTheDocument();
    expect(screen.getByLabelText('Search questions')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: QuestionTexts.askButton }));
    const dialog = await screen.findByRole('dialog', { name: QuestionTexts.askModalTitle });
    await userEvent.type(screen.getByLabelText('Question'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(Messages.validation.questionTooShort)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Question'), ' question about fasting');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/patient/questions/42'));
    expect(api.calls.find((c) => c.url === '/api/questions' && c.method === 'POST')?.body).toEqual({
      question_text: 'short question about fasting',
      cancer_type: 'General',
    });
    expect(toasts(store)).toContain(Messages.success.questionSubmitted);
    expect(await screen.findByRole('heading', { level: 1, name: 'Is fasting safe during chemotherapy?' })).toBeInTheDocument();
  });

  it("chooses the patient's own cancer type from their profile for a new question", async () => {
    const api = installFetchMock();
    api.reply(list('filter=all&page=1&per_page=10'), { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/patients/77', { status: 200, body: { id: '77', patient_id: '77', profile: { cancer_type: 'Lung Cancer' } } });
    api.reply('/api/questions', { status: 201, body: { id: 43 } });
    renderAt('/patient/questions');
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/patients/77')).toBe(true));
    await screen.findByText(QuestionTexts.patientEmpty);
    await userEvent.click(screen.getByRole('button', { name: QuestionTexts.askButton }));
    const dialog = await screen.findByRole('dialog', { name: QuestionTexts.askModalTitle });
    expect(within(dialog).getByTitle('Lung Cancer')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Question'), 'Does exercise help with fatigue?');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/questions' && c.method === 'POST')?.body).toEqual({
      question_text: 'Does exercise help with fatigue?', cancer_type: 'Lung Cancer',
    }));
  });

  it("says 'Failed to submit question. Please try again.' when the server fails", async () => {
    const api = installFetchMock();
    api.reply(list('filter=all&page=1&per_page=10'), { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/questions', { status: 500, body: { message: 'boom' } });
    const store = renderAt('/patient/questions');
    await userEvent.click(screen.getByRole('button', { name: QuestionTexts.askButton }));
    await userEvent.type(screen.getByLabelText('Question'), 'A long enough question?');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.submitQuestionFailed));
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/patient\/questions$/);
  });

  it('reads filter, search and page from the URL and keeps changes there, back at page 1', async () => {
    const api = installFetchMock();
    api.reply(list('filter=unanswered&cancer_type=Lung+Cancer&q=fatigue&page=2&per_page=10'), {
      status: 200,
      body: { items: [questionSummaryFixture({ question_text: 'Why am I so tired?' })], page: 2, per_page: 10 },
    });
    api.reply(list('filter=unanswered&cancer_type=Lung+Cancer&q=sleep&page=1&per_page=10'), { status: 200, body: { items: [], page: 1, per_page: 10 } });
    renderAt('/patient/questions?filter=unanswered&cancer_type=Lung+Cancer&q=fatigue&page=2');

    expect(await screen.findByRole('link', { name: 'Why am I so tired?' })).toHaveAttribute('href', '/patient/questions/10');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByLabelText('Search questions')).toHaveValue('fatigue');

    await userEvent.clear(screen.getByLabelText('Search questions'));
    await userEvent.type(screen.getByLabelText('Search questions'), 'sleep');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/patient/questions?filter=unanswered&cancer_type=Lung+Cancer&q=sleep'));
    expect(await screen.findByText(QuestionTexts.patientEmpty)).toBeInTheDocument();
    // Debounced: one request for the finished word, none for the letters typed on the way.
    expect(api.calls.filter((c) => c.url.includes('q=s&') || c.url.includes('q=sl&'))).toHaveLength(0);
  });

  it('lists only my questions with scope=mine in the URL, and goes back to all from the Whose questions control', async () => {
    const api = installFetchMock();
    api.reply(list('filter=all&scope=mine&page=1&per_page=10'), { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply(list('filter=all&page=1&per_page=10'), {
      status: 200,
      body: { items: [questionSummaryFixture({ question_text: 'Someone else asked this?' })], page: 1, per_page: 10 },
    });
    renderAt('/patient/questions?scope=mine');

    expect(await screen.findByText(QuestionTexts.mineEmpty)).toBeInTheDocument();
    const scope = screen.getByRole('combobox', { name: QuestionTexts.scopeLabel });
    await userEvent.click(scope);
    await userEvent.click(await screen.findByTitle(QuestionTexts.scopeLabels.all));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/patient\/questions$/));
    expect(await screen.findByRole('link', { name: 'Someone else asked this?' })).toBeInTheDocument();
  });
});
