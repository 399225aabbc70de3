import type { AnswerView } from '@cqa/contracts';
import { render, screen, within } from '@testing-library/react';
import { answerFixture } from '../testing/qa-fixtures';
import { AnswerCard } from './AnswerCard';
import { QaUiTexts } from './texts';

describe('AnswerCard', () => {
  it('shows no retraction flag when nothing cited is retracted', () => {
    render(<AnswerCard answer={answerFixture({ answer_type: 'deep_research', answer_text: 'A report.' })} />);
    expect(screen.getByText('A report.')).toBeInTheDocument();
    expect(screen.queryByTestId('retraction-flag')).toBeNull();
  });

  it('flags an answer whose cited papers were retracted since, naming each one', () => {
    render(
      <AnswerCard
        answer={answerFixture({ answer_type: 'deep_research', answer_text: 'A report.', retracted_sources: ['Exercise trial A', 'Cohort B'] })}
      />,
    );
    const flag = screen.getByTestId('retraction-flag');
    expect(flag).toHaveTextContent(QaUiTexts.retracted(2));
    expect(within(flag).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Retracted: Exercise trial A', 'Retracted: Cohort B']);
    expect(QaUiTexts.retracted(1)).toBe('This answer cites a paper that has since been retracted.');
  });
});

describe('AnswerCard: a deep research report', () => {
  it('links its references and evidence table only; bare URLs, www. hosts and e-mail addresses in model text stay text', () => {
    const text = [
      'Exercise helps. See https://evil.example/cure or www.miracle.example, write to doctor@example.com. [[1]](https://pubmed.ncbi.nlm.nih.gov/1/)',
      '',
      '| Study |',
      '|---|',
      '| [A cohort](https://pubmed.ncbi.nlm.nih.gov/2/) |',
      '',
      'Escaped model text: \\[click\\](https://evil.example/escaped)',
      '',
      '[1] A trial. PMID 1. https://pubmed.ncbi.nlm.nih.gov/1/',
    ].join('\n');
    render(
      <AnswerCard
        answer={answerFixture({ answer_type: 'deep_research', answer_text: text, sources: ['[1] A trial. PMID 1. https://pubmed.ncbi.nlm.nih.gov/1/'] })}
      />,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['https://pubmed.ncbi.nlm.nih.gov/1/', 'https://pubmed.ncbi.nlm.nih.gov/2/']));
    expect(hrefs.filter((h) => /evil|miracle|mailto/.test(h ?? ''))).toEqual([]);
    expect(screen.getByText(/https:\/\/evil\.example\/cure/)).toBeInTheDocument();
  });
});

describe('AnswerCard ratings and author', () => {
  it("shows each role's average and count, and the feedback the server sent", () => {
    render(
      <AnswerCard
        answer={answerFixture({
          answer_type: 'ai', average_rating: 3.5, rating_count: 4,
          ratings_by_role: { expert: { average: 3.5, count: 2 }, patient: { average: 3.5, count: 2 } },
          feedback: [{ role: 'expert', author: 'Olu Ade', rating: 4, feedback: 'Cites one old trial.', created_at: '2026-03-05T10:00:00.000Z' }],
        })}
      />,
    );
    expect(screen.getByTestId('role-rating-expert')).toHaveTextContent('Experts: 3.5 (2 ratings)');
    expect(screen.getByTestId('role-rating-patient')).toHaveTextContent('Patients: 3.5 (2 ratings)');
    const feedback = screen.getByTestId('answer-feedback');
    expect(feedback).toHaveTextContent('Expert feedback by Olu Ade');
    expect(feedback).toHaveTextContent('Cites one old trial.');
  });

  it('says when a role has not rated, and shows no feedback block without feedback', () => {
    render(<AnswerCard answer={answerFixture({ ratings_by_role: { expert: { average: null, count: 0 }, patient: { average: 5, count: 1 } } })} />);
    expect(screen.getByTestId('role-rating-expert')).toHaveTextContent(`Experts: ${QaUiTexts.noRatings}`);
    expect(screen.getByTestId('role-rating-patient')).toHaveTextContent('Patients: 5.0 (1 rating)');
    expect(screen.queryByTestId('answer-feedback')).toBeNull();
  });

  it("shows an expert answer under the verified name, with a custom label only beside it", () => {
    render(<AnswerCard answer={answerFixture({ answer_type: 'expert', expert_id: 'e2', expert_name: 'Olu Ade', expert_label: 'Eli' })} />);
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent('by Olu Ade');
    expect(heading).toHaveTextContent(QaUiTexts.authorLabel('Eli'));
    expect(heading.textContent?.indexOf('Olu Ade')).toBeLessThan(heading.textContent!.indexOf('Eli'));
  });

  it("shows the expert's specialty and institution after the name, 'Dr' only for a physician's specialty (issue 44 item 7)", () => {
    const byline = (fields: Partial<AnswerView>) => {
      const { unmount } = render(<AnswerCard answer={answerFixture({ answer_type: 'expert', expert_id: 'e2', expert_name: 'Ann Lee', ...fields })} />);
      const text = screen.getByRole('heading', { level: 3 }).textContent;
      unmount();
      return text;
    };
    expect(byline({ expert_specialty: 'medical oncologist', expert_institution: 'Royal Hospital' })).toContain('by Dr Ann Lee — medical oncologist, Royal Hospital');
    expect(byline({ expert_specialty: 'oncology nurse', expert_institution: null })).toContain('by Ann Lee — oncology nurse');
    expect(byline({ expert_specialty: null, expert_institution: 'Royal Hospital' })).toContain('by Ann Lee — Royal Hospital');
    expect(byline({ expert_specialty: null, expert_institution: null })).toMatch(/by Ann Lee$/);
  });
});
