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
