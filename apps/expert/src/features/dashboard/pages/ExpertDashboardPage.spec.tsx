import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QuestionTexts } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { questionSummaryFixture } from '@cqa/web-ui/testing';
import { ExpertDashboardPage } from './ExpertDashboardPage';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderAt(at: string) {
  render(
    <Provider store={createAppStore({ auth: signedInState('expert') })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/expert/questions" element={<ExpertDashboardPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

const tiles = () => within(screen.getByRole('region', { name: 'Counts' }));

describe('ExpertDashboardPage', () => {
  it("starts on 'All Questions', marks questions without an expert answer, and shows the counts", async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&page=1&per_page=10', {
      status: 200,
      body: {
        items: [
          questionSummaryFixture({ id: 1, question_text: 'Needs one?', has_expert_answer: false }),
          questionSummaryFixture({ id: 2, question_text: 'Has one?', has_expert_answer: true }),
        ],
        page: 1,
        per_page: 10,
      },
    });
    api.reply('/api/stats', { status: 200, body: { totalPatients: 12, totalQuestions: 34 } });
    renderAt('/expert/questions');

    expect(screen.getByRole('combobox', { name: 'Show' }).closest('.ant-select')).toHaveTextContent('All Questions');
    const needs = (await screen.findByRole('link', { name: 'Needs one?' })).closest('li') as HTMLElement;
    expect(within(needs).getByText(QuestionTexts.needsExpertAnswerBadge)).toBeInTheDocument();
    const has = screen.getByRole('link', { name: 'Has one?' }).closest('li') as HTMLElement;
    expect(within(has).queryByText(QuestionTexts.needsExpertAnswerBadge)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Needs one?' })).toHaveAttribute('href', '/expert/questions/1');
    await waitFor(() => expect(tiles().getByText('12')).toBeInTheDocument());
    expect(tiles().getByText('Patients')).toBeInTheDocument();
    expect(tiles().getByText('Questions')).toBeInTheDocument();
    expect(tiles().getByText('34')).toBeInTheDocument();
  });

  it('offers the three filters in the spec order, and labels the question count with the chosen cancer type', async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&cancer_type=Breast+Cancer&page=3&per_page=10', { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/questions?filter=unanswered&cancer_type=Breast+Cancer&page=1&per_page=10', { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/stats?cancer_type=Breast%20Cancer', { status: 200, body: { totalPatients: 3, totalQuestions: 5 } });
    renderAt('/expert/questions?cancer_type=Breast+Cancer&page=3');
    expect(await screen.findByText(QuestionTexts.expertEmpty)).toBeInTheDocument();
    await waitFor(() => expect(tiles().getByText('Breast Cancer Questions')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await screen.findByTitle('Needs Expert Answer');
    // antd lists the visible options as .ant-select-item-option (its role=option nodes carry the values).
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options).toEqual(['Needs Expert Answer', 'All Questions', 'Answered by Expert']);
    await userEvent.click(screen.getByTitle('Needs Expert Answer'));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/expert/questions?cancer_type=Breast+Cancer&filter=unanswered'));
  });

  it('shows zeros when the counts fail to load', async () => {
    const api = installFetchMock();
    api.reply('/api/questions?filter=all&page=1&per_page=10', { status: 200, body: { items: [], page: 1, per_page: 10 } });
    api.reply('/api/stats', { status: 500, body: {} });
    renderAt('/expert/questions');
    await screen.findByText(QuestionTexts.expertEmpty);
    expect(tiles().getAllByText('0')).toHaveLength(2);
  });
});
