import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PAGE_PENDING_CLASS } from '../components/LoadingState';
import { QuestionList } from './QuestionList';
import { questionSummaryFixture } from '../testing/qa-fixtures';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const many = (count: number) => Array.from({ length: count }, (_, i) => questionSummaryFixture({ id: i + 1, question_text: `Question number ${i + 1}?` }));

function renderList(props: Partial<Parameters<typeof QuestionList>[0]>) {
  const onPageChange = jest.fn();
  render(
    <MemoryRouter>
      <QuestionList
        items={[]}
        isLoading={false}
        isError={false}
        page={1}
        perPage={10}
        onPageChange={onPageChange}
        emptyText="No questions found. Be the first to ask!"
        linkTo={(id) => `/patient/questions/${id}`}
        {...props}
      />
    </MemoryRouter>,
  );
  return onPageChange;
}

describe('QuestionList', () => {
  it('marks the asker\'s questions with answers not seen yet as "New answers", and no others', () => {
    renderList({ items: [questionSummaryFixture({ id: 1, question_text: 'Seen?' }), questionSummaryFixture({ id: 2, question_text: 'Answered since?', has_new_answers: true })] });
    const [seen, fresh] = screen.getAllByRole('listitem');
    expect(within(seen!).queryByText('New answers')).not.toBeInTheDocument();
    expect(within(fresh!).getByText('New answers')).toBeInTheDocument();
  });

  it('enables Next only when the page came back full', async () => {
    const onPageChange = renderList({ items: many(10), page: 1 });
    const pager = screen.getByRole('navigation', { name: 'Question pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(within(pager).getByText('Page 1')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on a short page and goes back with Previous', async () => {
    const onPageChange = renderList({ items: many(4), page: 3 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('links each question, with its cancer type, count and the needs-expert badge where asked for', () => {
    renderList({
      items: [
        questionSummaryFixture({ id: 5, question_text: 'Unanswered one?', has_expert_answer: false, answers_count: 2 }),
        questionSummaryFixture({ id: 6, question_text: 'Answered one?', has_expert_answer: true, answers_count: 1, cancer_type: 'General' }),
      ],
      showNeedsExpertBadge: true,
    });
    expect(screen.getByRole('link', { name: 'Unanswered one?' })).toHaveAttribute('href', '/patient/questions/5');
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByText('Needs expert answer')).toBeInTheDocument();
    expect(within(first).getByText('2 answers')).toBeInTheDocument();
    expect(within(second).queryByText('Needs expert answer')).not.toBeInTheDocument();
    expect(within(second).getByText('General')).toBeInTheDocument();
  });

  it('shows the empty text, the loading state and the spec error text', () => {
    renderList({ items: [] });
    expect(screen.getByText('No questions found. Be the first to ask!')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows loading and error states', () => {
    const { unmount } = render(
      <MemoryRouter>
        <QuestionList items={undefined} isLoading isError={false} page={1} perPage={10} onPageChange={jest.fn()} emptyText="" linkTo={String} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading questions...');
    // The list is the dashboard's main content: the layout keeps a screen for it (no footer pushed down on arrival).
    expect(screen.getByRole('status')).toHaveClass(PAGE_PENDING_CLASS);
    unmount();
    renderList({ items: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading questions. Please try again later.');
  });
});
