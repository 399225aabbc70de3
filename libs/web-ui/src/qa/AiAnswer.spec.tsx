import { fireEvent, render, screen, within } from '@testing-library/react';
import { AI_ANSWER_DISCLAIMER, AiTexts, type AiAnswerDetails, type AiRunView } from '@cqa/contracts';
import { answerFixture } from '../testing/qa-fixtures';
import { AiRunPanel, aiSourceAnchor } from './AiAnswer';
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
    expect(screen.getByText(/Evidence grade/)).toHaveTextContent('Moderate');
    expect(screen.getByText(/Model: fake-model/)).toBeInTheDocument();
    expect(screen.getByText(/Generated: March 4, 2026/)).toBeInTheDocument();
    expect(screen.getByText(`${AiTexts.profileFieldsUsed} Age band, Cancer type`)).toBeInTheDocument();
    expect(screen.getByText(AI_ANSWER_DISCLAIMER)).toBeInTheDocument();
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
