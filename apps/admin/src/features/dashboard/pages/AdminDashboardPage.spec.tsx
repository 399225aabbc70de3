import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages, QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { questionSummaryFixture } from '@cqa/web-ui/testing';
import { AdminDashboardPage } from './AdminDashboardPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderAt(at: string) {
  const store = createAppStore({ auth: signedInState('admin') });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/admin/questions" element={<AdminDashboardPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const toasts = (store: ReturnType<typeof createAppStore>) => store.getState().toasts.map((t) => t.message);
const fullPage = Array.from({ length: 10 }, (_, i) => questionSummaryFixture({ id: 100 - i, question_text: `Question ${100 - i} about treatment?` }));

describe('AdminDashboardPage', () => {
  it('shows patients, experts and questions counts and a list paged by full pages', async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&page=1&per_page=10', { status: 200, body: { items: fullPage, page: 1, per_page: 10 } });
    api.reply('/api/questions?filter=all&page=2&per_page=10', { status: 200, body: { items: fullPage.slice(0, 3), page: 2, per_page: 10 } });
    api.reply('/api/stats', { status: 200, body: { totalPatients: 4, totalExperts: 2, totalQuestions: 13, totalAnswers: 9, waitingRegistrations: 3 } });
    renderAt('/admin/questions');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Admin Dashboard$/);
    const counts = within(screen.getByRole('region', { name: 'Counts' }));
    await waitFor(() => expect(counts.getByText('13')).toBeInTheDocument());
    expect(counts.getByText('Patients').nextSibling).toHaveTextContent('4');
    expect(counts.getByText('Experts').nextSibling).toHaveTextContent('2');
    expect(counts.getByText('Questions').nextSibling).toHaveTextContent('13');
    expect(counts.getByText('Registrations awaiting approval').nextSibling).toHaveTextContent('3');
    expect(counts.getByRole('link', { name: 'Review them in User Management' })).toHaveAttribute('href', '/admin/users');

    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2')).toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('creates a question manually', async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&page=1&per_page=10', { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/stats', { status: 200, body: { totalPatients: 0, totalExperts: 0, totalQuestions: 0 } });
    api.reply('/api/questions', { status: 201, body: { id: 5 } });
    const store = renderAt('/admin/questions');
    expect(await screen.findByText(Messages.errors.noQuestions)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: QuestionTexts.createQuestionManually }));
    const dialog = await screen.findByRole('dialog', { name: QuestionTexts.createQuestionManually });
    await userEvent.type(within(dialog).getByLabelText('Question'), 'What is proton therapy?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.questionSubmitted));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ question_text: 'What is proton therapy?', cancer_type: 'General' });
  });

  it('deletes a question after confirmation', async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&page=1&per_page=10', { status: 200, body: { items: fullPage.slice(0, 2), page: 1, per_page: 10 } });
    api.reply('/api/stats', { status: 200, body: {} });
    api.reply('/api/questions/100', { status: 500, body: {} }, { status: 204 });
    const store = renderAt('/admin/questions');
    const item = (await screen.findByRole('link', { name: 'Question 100 about treatment?' })).closest('li') as HTMLElement;

    await userEvent.click(within(item).getByRole('button', { name: /^Delete/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.errors.deleteQuestionFailed));

    dialog = screen.getByRole('dialog', { name: 'Delete Question' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts(store)).toContain(Messages.success.questionDeleted));
    expect(api.calls.filter((c) => c.url === '/api/questions/100' && c.method === 'DELETE')).toHaveLength(2);
  });
});
