import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { SimilarQuestion } from '@cqa/contracts';
import { QuestionFormModal } from './QuestionFormModal';
import { SearchBox } from './SearchBox';
import { answerCountsLine, type UseSimilarQuestions } from './SimilarQuestions';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
/** The lookup waits for a pause in typing; typing into antd's form is slow on a busy machine. */
const SLOW = { timeout: 8000 };

const counts = (ai: number, quora: number, expert: number, deep_research: number) => ({ ai, quora, expert, deep_research });
const FOUND: SimilarQuestion[] = [
  { id: 7, question_text: 'Is fasting safe during chemotherapy?', answer_counts: counts(1, 2, 1, 0) },
  { id: 9, question_text: 'Can chemotherapy cause neuropathy?', answer_counts: counts(0, 0, 3, 1) },
];
/** The data source the pages pass (web-core's useSimilarQuestions), answering 'chemo…' texts; it records what it was asked. */
const asked: string[] = [];
const useFound: UseSimilarQuestions = (text) => {
  if (text) asked.push(text);
  return { items: /chemo/i.test(text) ? FOUND : [], isFetching: false };
};

function QuestionPage() {
  return <p>Question page {useParams().id}</p>;
}

const inRouter = (ui: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/dash']}>
      <Routes>
        <Route path="/dash" element={ui} />
        <Route path="/q/:id" element={<QuestionPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  asked.length = 0;
});

describe('similar questions (combobox)', () => {
  it('lists answered questions under the ask box after a pause, with their counts per source, and announces how many', async () => {
    const onClose = jest.fn();
    inRouter(<QuestionFormModal open title="Ask a New Question" onSubmit={jest.fn()} onClose={onClose} useSimilar={useFound} similarHref={(id) => `/q/${id}`} />);
    const box = screen.getByRole('combobox', { name: 'Question' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'Should I fast on chemo days?');
    const list = await screen.findByRole('listbox', { name: 'Already answered and may be related: choose one to open it' }, SLOW);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // Debounced: only the finished text was looked up, not every keystroke.
    expect(asked.every((text) => text === 'Should I fast on chemo days?')).toBe(true);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Is fasting safe during chemotherapy?OpenAI O1 1 · From Community 2 · Expert Answers 1',
      'Can chemotherapy cause neuropathy?Expert Answers 3 · Deep Research 1',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 answered questions like this: use the arrow keys to choose one');
    expect(screen.getByTestId('similar-questions-popup')).toHaveStyle({ maxHeight: 'min(300px, 22vh)' });
    expect(screen.getByTestId('similar-questions')).toHaveStyle({ overflowY: 'auto' });
  });

  it('moves with the arrow keys (focus stays in the box), closes with Escape (not the dialog), and opens the chosen one with Enter', async () => {
    const onClose = jest.fn();
    inRouter(<QuestionFormModal open title="Ask a New Question" onSubmit={jest.fn()} onClose={onClose} useSimilar={useFound} similarHref={(id) => `/q/${id}`} />);
    const box = screen.getByRole('combobox', { name: 'Question' });
    await userEvent.type(box, 'chemo and fasting');
    await screen.findByRole('listbox', {}, SLOW);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    const [first, second] = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
    // Past the last option back to the box; Up from the box goes to the last.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
    expect(box).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    expect(box).not.toHaveAttribute('aria-controls');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Ask a New Question' })).toBeInTheDocument();

    // Arrow Down opens it again; Enter opens the active question instead of asking.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Question page 7', {}, SLOW)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Enter a new line while no option is active, and says when nothing matches', async () => {
    inRouter(<QuestionFormModal open title="Ask a New Question" onSubmit={jest.fn()} onClose={jest.fn()} useSimilar={useFound} similarHref={(id) => `/q/${id}`} />);
    const box = screen.getByRole('combobox', { name: 'Question' });
    await userEvent.type(box, 'About radiotherapy');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No answered questions like this yet'), SLOW);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, '{Enter}next line');
    expect(box).toHaveValue('About radiotherapy\nnext line');
  });

  it("serves the dashboard's search box: Enter searches unless an option is active, a click opens the question", async () => {
    const onSearch = jest.fn();
    inRouter(<SearchBox id="s" value="" onSearch={onSearch} delay={0} useSimilar={useFound} similarHref={(id) => `/q/${id}`} />);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'chemo');
    await screen.findByRole('listbox', {}, SLOW);
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('chemo');
    expect(screen.getByRole('listbox')).toBeVisible();
    await userEvent.click(screen.getAllByRole('option')[1]!);
    expect(await screen.findByText('Question page 9', {}, SLOW)).toBeInTheDocument();
  });

  it("says 'Failed to fetch questions. Please try again.' when the lookup fails", async () => {
    const failing: UseSimilarQuestions = (text) => ({ items: undefined, isFetching: false, isError: !!text });
    inRouter(<SearchBox id="s" value="" onSearch={jest.fn()} delay={0} useSimilar={failing} similarHref={(id) => `/q/${id}`} />);
    await userEvent.type(screen.getByRole('combobox'), 'chemo');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Failed to fetch questions. Please try again.'), SLOW);
    expect(screen.getByRole('status')).toBeVisible();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a plain field when no source is given (the admin creating a question)', () => {
    render(<QuestionFormModal open title="Create Question Manually" onSubmit={jest.fn()} onClose={jest.fn()} />);
    expect(screen.queryByRole('combobox', { name: 'Question' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeInTheDocument();
  });

  it('names only the sources that answered, in tab order', () => {
    expect(answerCountsLine(FOUND[1]!)).toBe('Expert Answers 3 · Deep Research 1');
  });
});
