import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ResearchRequestTexts, type AnswerKind, type AnswerView, type SourceGlance } from '@cqa/contracts';
import { answerFixture } from '../testing/qa-fixtures';
import { AnswerTabs } from './AnswerTabs';
import { glanceFromAnswers, SourcesAtAGlance } from './SourcesAtAGlance';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const none: SourceGlance = { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 };
const byKind = (answers: Partial<Record<AnswerKind, AnswerView[]>>) => ({ ai: [], quora: [], expert: [], deep_research: [], ...answers });

describe('SourcesAtAGlance', () => {
  it("shows each source's state (with the running stage), its evidence grade and its average rating", () => {
    const answers = byKind({
      expert: [answerFixture({ id: 1, answer_type: 'expert' }), answerFixture({ id: 2, answer_type: 'expert' })],
      deep_research: [answerFixture({ id: 3, answer_type: 'deep_research' })],
    });
    render(
      <SourcesAtAGlance
        answers={answers}
        glance={{
          ai: { ...none, state: 'working', stage: 'verifying' },
          quora: none,
          expert: { ...none, state: 'answered', average_rating: 3.7, rating_count: 3 },
          deep_research: { ...none, state: 'answered', grade: 'moderate' },
        }}
      />,
    );
    const strip = screen.getByRole('region', { name: 'The sources at a glance' });
    const item = (kind: AnswerKind) => within(strip).getByTestId(`glance-${kind}`);
    expect(item('ai')).toHaveTextContent('OpenAI O1Working on it: Checking every claim against its sourcesNo ratings yet');
    expect(item('quora')).toHaveTextContent('From CommunityNot yet answeredNo ratings yet');
    expect(item('expert')).toHaveTextContent('Expert AnswersAnswered (2 answers)Average rating 3.7 (3 ratings)');
    expect(item('deep_research')).toHaveTextContent('Deep ResearchAnswered (1 answer)Evidence: ModerateNo ratings yet');
    expect(item('ai')).toHaveAttribute('data-state', 'working');
  });

  it("shows the asker's deep research request until its report is published (issue 38)", () => {
    const { rerender } = render(<SourcesAtAGlance answers={byKind({})} glance={{ ai: none, quora: none, expert: none, deep_research: { ...none, request: 'screening' } }} />);
    const cell = screen.getByTestId('glance-deep_research');
    expect(cell).toHaveAttribute('data-request', 'screening');
    expect(cell).toHaveTextContent(ResearchRequestTexts.glance.screening);
    rerender(<SourcesAtAGlance answers={byKind({})} glance={{ ai: none, quora: none, expert: none, deep_research: { ...none, request: 'declined' } }} />);
    expect(screen.getByTestId('glance-deep_research')).toHaveTextContent(ResearchRequestTexts.glance.declined);
    rerender(<SourcesAtAGlance answers={byKind({})} glance={{ ai: none, quora: none, expert: none, deep_research: { ...none, request: 'not_completed' } }} />);
    expect(screen.getByTestId('glance-deep_research')).toHaveTextContent('Could not be completed');
    const answers = byKind({ deep_research: [answerFixture({ id: 3, answer_type: 'deep_research' })] });
    rerender(<SourcesAtAGlance answers={answers} glance={{ ai: none, quora: none, expert: none, deep_research: { ...none, state: 'answered', request: 'published' } }} />);
    expect(screen.getByTestId('glance-deep_research')).not.toHaveAttribute('data-request');
  });

  it('falls back to what the answers tell: answered or not, the AI grade, the average over all ratings', () => {
    const glance = glanceFromAnswers(
      byKind({
        ai: [answerFixture({ answer_type: 'ai', ai_details: { grade: 'low' } as AnswerView['ai_details'] })],
        expert: [
          answerFixture({ id: 1, answer_type: 'expert', average_rating: 5, rating_count: 1 }),
          answerFixture({ id: 2, answer_type: 'expert', average_rating: 3, rating_count: 2 }),
        ],
      }),
    );
    expect(glance.ai).toMatchObject({ state: 'answered', grade: 'low' });
    expect(glance.expert).toEqual({ state: 'answered', stage: null, grade: null, average_rating: 3.7, rating_count: 3 });
    expect(glance.quora).toEqual(none);
  });
});

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

describe('AnswerTabs', () => {
  const renderTabs = () =>
    render(
      <MemoryRouter initialEntries={['/q/1']}>
        <AnswerTabs
          answers={byKind({ expert: [answerFixture({ id: 5, answer_type: 'expert', answer_text: 'Expert words' })] })}
          renderAnswer={(answer) => <article>{answer.answer_text}</article>}
          renderEmpty={(_kind, label) => <p>No {label} answers yet.</p>}
        />
        <Where />
      </MemoryRouter>,
    );

  it('shows all four tabs with their counts in one tablist, the open panel holding its content', () => {
    renderTabs();
    const tablist = screen.getByRole('tablist');
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['OpenAI O1 (0)', 'From Community (0)', 'Expert Answers (1)', 'Deep Research (0)']);
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected).toHaveTextContent('OpenAI O1 (0)');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', selected.id);
    expect(selected).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('No OpenAI O1 answers yet.');
    // Grid of equal columns that wraps: no tab is ever moved into a "more" menu.
    expect(tablist.style.gridTemplateColumns).toBe('repeat(auto-fit, minmax(128px, 1fr))');
  });

  it('follows the tabs pattern from the keyboard: one tab stop, arrows wrap, Home and End, the choice kept in the URL', async () => {
    renderTabs();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('OpenAI O1 (0)')).toHaveAttribute('tabindex', '0');
    expect(tab('Expert Answers (1)')).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(tab('OpenAI O1 (0)')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Deep Research (0)')).toHaveFocus();
    expect(tab('Deep Research (0)')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('OpenAI O1 (0)')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Deep Research (0)')).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(tab('Expert Answers (1)')).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=expert');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Expert words');
    await userEvent.click(tab('From Community (0)'));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No From Community answers yet.');
  });
});
