import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { AiAnswerDetails } from '@cqa/contracts';
import { answerFixture } from '../testing/qa-fixtures';
import { AnswerCard } from './AnswerCard';
import { StatementQuotes } from './StatementQuotes';

const user = userEventLib.setup({ delay: null });

const sources: AiAnswerDetails['sources'] = [
  { number: 1, source: 'pubmed', pmid: '111', doi: '10.1/a', nctId: null, title: 'A trial', journal: 'J Test', year: 2021, url: 'https://pubmed.ncbi.nlm.nih.gov/111/', evidenceLevel: 'rct', retraction: 'clear' },
  { number: 2, source: 'ctgov', pmid: null, doi: null, nctId: 'NCT01234567', title: 'A registered trial', journal: null, year: 2024, url: 'https://clinicaltrials.gov/study/NCT01234567', evidenceLevel: 'trial_registration', retraction: 'unknown' },
];
const statements = [
  { text: 'Exercise reduced fatigue.', sources: [1], quotes: [{ source: 1, text: 'Exercise reduced fatigue compared with usual care.' }] },
  { text: 'A trial is recruiting.', sources: [2], quotes: [{ source: 2, text: 'This study is recruiting participants.' }] },
];

const statementButton = (name: RegExp) => screen.getByRole('button', { name });

describe('the quotes behind each published statement', () => {
  it('opens on click to the verbatim quotes as blockquotes with their source link and ids; aria-expanded follows', async () => {
    render(<StatementQuotes statements={statements} sources={sources} />);
    const button = statementButton(/Exercise reduced fatigue\. \(1 quote\)/);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    expect(screen.queryByText(/compared with usual care/)).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const quote = within(panel).getByText('“Exercise reduced fatigue compared with usual care.”');
    expect(quote.tagName).toBe('BLOCKQUOTE');
    const link = within(panel).getByRole('link', { name: '[1] A trial' });
    expect(link).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/111/');
    expect(panel).toHaveTextContent('PMID 111, DOI 10.1/a');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('shows the same quote of the same record once and counts distinct quotes; the same words of another record stay', async () => {
    const repeated = [{
      text: 'Exercise reduced fatigue.', sources: [1, 2], quotes: [
        { source: 1, text: 'Exercise reduced fatigue compared with usual care.' },
        { source: 1, text: 'Exercise reduced  fatigue compared with usual care. ' },
        { source: 2, text: 'Exercise reduced fatigue compared with usual care.' },
      ],
    }];
    render(<StatementQuotes statements={repeated} sources={sources} />);
    const button = statementButton(/Exercise reduced fatigue\. \(2 quotes\)/);
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('figure')).toHaveLength(2);
    expect(within(panel).getAllByRole('link').map((l) => l.textContent)).toEqual(['[1] A trial', '[2] A registered trial']);
  });

  it('is keyboard operable: Tab reaches each statement, Enter and Space toggle it', async () => {
    render(<StatementQuotes statements={statements} sources={sources} />);
    await user.tab();
    const first = statementButton(/Exercise reduced fatigue/);
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // the open statement's source link
    await user.tab();
    const second = statementButton(/A trial is recruiting/);
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: '[2] A registered trial' })).toHaveAttribute('href', 'https://clinicaltrials.gov/study/NCT01234567');
    expect(screen.getByText(/NCT01234567$/)).toBeInTheDocument();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows under an AI answer that has statements, and nothing for an older answer without them', () => {
    const details: AiAnswerDetails = {
      run_id: 1, status: 'answered', insufficient_evidence: false, sources, grade: 'moderate', model: 'm', generated_at: '2026-03-04T10:00:00.000Z',
      unsupported_claims: [], withheld_count: 1, excluded_sources: [], profile_fields_used: [], statements,
    };
    const { unmount } = render(<AnswerCard answer={answerFixture({ answer_type: 'ai', answer_text: 'Exercise reduced fatigue.', ai_details: details })} />);
    expect(screen.getByRole('list', { name: 'The evidence behind each statement' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(2);
    unmount();
    render(<AnswerCard answer={answerFixture({ answer_type: 'ai', answer_text: 'Old.', ai_details: { ...details, statements: undefined } })} />);
    expect(screen.queryByTestId('statement-quotes')).toBeNull();
  });
});
