import { fireEvent, render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { AI_ANSWER_DISCLAIMER, AiTexts, failedSearchesText, RULES_ONLY_NOTE, withheldClaimsText, type AiAnswerDetails, type AiRunView } from '@cqa/contracts';
import { answerFixture } from '../testing/qa-fixtures';
import { AiAnswerBody, AiRunPanel, aiSourceAnchor } from './AiAnswer';
import { AnswerCard } from './AnswerCard';

const details: AiAnswerDetails = {
  run_id: 3,
  status: 'answered',
  insufficient_evidence: false,
  sources: [
    { number: 1, source: 'pubmed', pmid: '1', doi: null, nctId: null, title: 'A trial', journal: 'J Test', year: 2021, url: 'https://pubmed.ncbi.nlm.nih.gov/1/', evidenceLevel: 'rct', retraction: 'clear' },
    { number: 2, source: 'europepmc', pmid: null, doi: '10.1/x', nctId: null, title: 'A preprint', journal: null, year: 2024, url: 'https://doi.org/10.1/x', evidenceLevel: 'other', retraction: 'unknown' },
  ],
  grade: 'moderate',
  model: 'fake-model',
  generated_at: '2026-03-04T10:00:00.000Z',
  unsupported_claims: [{ text: 'A diet cures it.', reasons: ['[3] is retracted'] }],
  excluded_sources: [{ title: 'A retracted paper', url: 'https://pubmed.ncbi.nlm.nih.gov/3/', retraction: 'retracted', reason: 'retracted' }],
  profile_fields_used: ['age_band', 'cancer_type'],
};

const run = (over: Partial<AiRunView>): AiRunView => ({
  id: 1, question_id: 9, status: 'running', stage: 'generating', done: 1, total: 4, error: null, answer_id: null, created_at: '2026-03-04T10:00:00.000Z', finished_at: null, ...over,
});

describe('a generated AI answer', () => {
  it('links each citation to its numbered source and badges evidence and retraction in words', () => {
    const answer = answerFixture({ id: 42, answer_type: 'ai', answer_text: 'Exercise helps. [[1]](https://pubmed.ncbi.nlm.nih.gov/1/)', ai_details: details, sources: ['[1] A trial'] });
    render(<AnswerCard answer={answer} />);
    expect(screen.getByRole('link', { name: '[1]' })).toHaveAttribute('href', `#${aiSourceAnchor(42, 1)}`);
    const sources = screen.getAllByRole('listitem');
    expect(sources[0]).toHaveAttribute('id', aiSourceAnchor(42, 1));
    expect(sources[0]).toHaveTextContent('A trial — J Test, 2021 Randomised controlled trial Not retracted');
    expect(sources[1]).toHaveTextContent('Retraction status unknown');
    expect(sources[1]).not.toHaveTextContent('Not retracted');
    expect(screen.getByText('Sources not used').parentElement).toHaveTextContent('A retracted paper Retracted');
    expect(screen.getByTestId('evidence-certainty')).toHaveTextContent(/^Evidence certainty: Moderate$/);
    expect(screen.getByText(/Model: fake-model/)).toBeInTheDocument();
    expect(screen.getByText(/Generated: March 4, 2026/)).toBeInTheDocument();
    expect(screen.getByText(`${AiTexts.profileFieldsUsed} Age band, Cancer type`)).toBeInTheDocument();
    expect(screen.getByText(AI_ANSWER_DISCLAIMER)).toBeInTheDocument();
  });
});

const userEvent = userEventLib.setup({ delay: null });
const SMALL = 'small sample (40 participants)';
const OWN_WORDS = 'the source rates its own evidence as low certainty';

describe('a generated AI answer: certainty, withheld statements, links', () => {
  it('shows the certainty grade with its reasons in words', () => {
    render(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={{ ...details, grade: 'low', grade_reasons: ['Starts high: randomised controlled trial', SMALL, OWN_WORDS] }} />);
    expect(screen.getByTestId('evidence-certainty')).toHaveTextContent(`Evidence certainty: Low — ${SMALL}; ${OWN_WORDS}`);
  });

  it("a patient sees how many statements were withheld, not which, and the rules-only note when no judge ran", () => {
    const patient: AiAnswerDetails = { ...details, unsupported_claims: [], withheld_count: 2, support_check: 'rules_only' };
    const { rerender } = render(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={patient} />);
    expect(screen.getByText(withheldClaimsText(2))).toBeInTheDocument();
    expect(screen.getByText(RULES_ONLY_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withheld statements/ })).toBeNull();
    expect(screen.queryByText('A diet cures it.')).toBeNull();
    rerender(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={{ ...patient, withheld_count: 0, support_check: 'rules_and_judge' }} />);
    expect(screen.queryByText(/left out/)).toBeNull();
    expect(screen.queryByText(RULES_ONLY_NOTE)).toBeNull();
  });

  it('says in words when some literature searches could not be run, and nothing when every one ran', () => {
    const failed = [{ step: 1, database: 'pubmed' as const }, { step: 1, database: 'europepmc' as const }, { step: 2, database: 'pubmed' as const }];
    const { rerender } = render(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={{ ...details, failed_searches: failed }} />);
    expect(screen.getByTestId('failed-searches')).toHaveTextContent(
      'Some literature searches could not be run (PubMed, Europe PMC): this answer uses only the records the other searches found.',
    );
    expect(screen.getByText(failedSearchesText(failed))).toBeInTheDocument();
    rerender(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={details} />);
    expect(screen.queryByTestId('failed-searches')).toBeNull();
  });

  it('staff open, by keyboard, the withheld statements with their reasons and the judge verdict', async () => {
    const staff: AiAnswerDetails = {
      ...details,
      support_check: 'rules_and_judge',
      unsupported_claims: [
        { text: 'A diet cures it.', reasons: ['[3] is retracted'], judge: null },
        { text: 'Exercise doubles survival.', reasons: ['judge: not supported'], judge: { verdict: 'not_supported', reason: 'The quote reports fatigue, not survival.' } },
      ],
    };
    render(<AiAnswerBody answer={answerFixture({ id: 5, answer_type: 'ai' })} details={staff} />);
    // Older answers have no withheld_count: the list's length is the count.
    expect(screen.getByText(withheldClaimsText(2))).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Withheld statements \(staff only\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.closest('h4')).not.toBeNull();
    expect(screen.queryByText('Exercise doubles survival.')).toBeNull();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Withheld statements (staff only)' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') as string)).toContainElement(list);
    const items = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('A diet cures it.');
    expect(items[0]).toHaveTextContent(/Why it was withheld:\s*\[3\] is retracted/);
    expect(items[0]).not.toHaveTextContent('Judge');
    expect(items[1]).toHaveTextContent('Judge: Not supported — The quote reports fatigue, not survival.');
    expect(within(list).queryByText('Withheld')).toBeNull();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Exercise doubles survival.')).toBeNull();
  });

  it('links only to its own sources: a bare URL, a www. host and an e-mail address in the answer stay text', () => {
    const text = 'Exercise helps [[1]](https://pubmed.ncbi.nlm.nih.gov/1/). Buy at https://shop.example/cure, www.cure.example or sales@cure.example. Source: https://doi.org/10.1/x';
    render(<AnswerCard answer={answerFixture({ id: 42, answer_type: 'ai', answer_text: text, ai_details: details })} />);
    const answerText = document.querySelector('.cqa-markdown') as HTMLElement;
    expect(within(answerText).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`#${aiSourceAnchor(42, 1)}`, 'https://doi.org/10.1/x']);
    expect(answerText).toHaveTextContent('Buy at https://shop.example/cure, www.cure.example or sales@cure.example.');
  });
});

describe('AiRunPanel', () => {
  it('announces the stage and progress of a running job', () => {
    render(<AiRunPanel run={run({})} configured isAdmin={false} hasGenerated={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Writing the answer… (Step 2 of 4)');
    expect(within(status).getByRole('progressbar', { name: 'AI answer progress' })).toBeInTheDocument();
  });

  it('shows why a run failed, with Retry for admins only', () => {
    const onGenerate = jest.fn();
    const failed = run({ status: 'failed', error: 'AI provider refused the credentials (401)' });
    const { rerender } = render(<AiRunPanel run={failed} configured isAdmin hasGenerated={false} onGenerate={onGenerate} />);
    expect(screen.getByRole('status')).toHaveTextContent('AI provider refused the credentials (401)');
    fireEvent.click(screen.getByRole('button', { name: AiTexts.retry }));
    expect(onGenerate).toHaveBeenCalledWith(true);
    rerender(<AiRunPanel run={{ ...failed, error: AiTexts.failed }} configured isAdmin={false} hasGenerated={false} />);
    expect(screen.getByRole('status')).toHaveTextContent(AiTexts.failed);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Generate, then Regenerate, to admins; says when no provider is configured', () => {
    const onGenerate = jest.fn();
    const { rerender } = render(<AiRunPanel run={null} configured isAdmin hasGenerated={false} onGenerate={onGenerate} />);
    fireEvent.click(screen.getByRole('button', { name: AiTexts.generate }));
    expect(onGenerate).toHaveBeenCalledWith(false);
    rerender(<AiRunPanel run={run({ status: 'succeeded', stage: 'done', done: 4 })} configured isAdmin hasGenerated onGenerate={onGenerate} />);
    fireEvent.click(screen.getByRole('button', { name: AiTexts.regenerate }));
    expect(onGenerate).toHaveBeenLastCalledWith(true);
    rerender(<AiRunPanel run={null} configured={false} isAdmin hasGenerated={false} onGenerate={onGenerate} />);
    expect(screen.getByText(AiTexts.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<AiRunPanel run={null} configured={false} isAdmin={false} hasGenerated={false} />);
    expect(screen.queryByText(AiTexts.notConfigured)).toBeNull();
  });
});
