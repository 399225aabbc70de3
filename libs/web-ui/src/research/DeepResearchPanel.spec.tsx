import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { RULES_ONLY_NOTE, type ClaimCheckView, type ResearchLatest, type ResearchReport, type ResearchRunView } from '@cqa/contracts';
import { DeepResearchPanel } from './DeepResearchPanel';

const userEvent = userEventLib.setup({ delay: null });

const REF = 'https://pubmed.ncbi.nlm.nih.gov/11/';
const STUDY = 'https://doi.org/10.5555/study.2';

const report = (over: Partial<ResearchReport> = {}): ResearchReport => ({
  patientSummary: `Exercise eases fatigue [[1]](${REF}). More at https://spam.example/x or www.spam.example; ask info@spam.example. Study: ${STUDY}`,
  evidence: '',
  evidenceTable: [
    { number: null, title: 'Uncited study', url: STUDY, year: 2020, design: 'Cohort', sampleSize: '40', keyResult: 'Less fatigue', relevance: 7, evidenceLevel: 'observational', retraction: 'clear' },
  ],
  openTrials: '',
  limits: ['Few trials.'],
  references: [
    { number: 1, source: 'pubmed', pmid: '11', doi: null, nctId: null, title: 'Exercise trial', journal: 'J', year: 2021, url: REF, evidenceLevel: 'rct', retraction: 'clear' },
  ],
  counts: { found: 3, afterDedupe: 2, screened: 2, excluded: 0, excludedReasons: [], included: 2, extracted: 2 },
  queries: [],
  plan: { subQuestions: [], inclusionCriteria: [], yearFrom: 2000, yearTo: 2026 },
  unsearched: [],
  partial: false,
  partialReason: null,
  withheldClaims: 1,
  certainty: { grade: 'low', reasons: ['Starts high: randomised controlled trial', 'small sample (40 participants)', 'the source rates its own evidence as low certainty'] },
  support_check: 'rules_and_judge',
  markdown: '',
  generatedAt: '2026-03-04T10:00:00.000Z',
  ...over,
});

const checks: ClaimCheckView[] = [
  {
    position: 1, section: 'patient_summary', text: 'Exercise eases fatigue.', published: true, reasons: [],
    rules: [{ rule: 'numbers', passed: true, detail: null }], judge: { verdict: 'supported', reason: 'The quote says so.' },
  },
  {
    position: 2, section: 'evidence', text: 'Exercise cures 90% of fatigue.', published: false, reasons: ['a number is not in the quotes'],
    rules: [
      { rule: 'numbers', passed: false, detail: '90% does not appear in the quotes' },
      { rule: 'causal', passed: true, detail: null },
    ],
    judge: { verdict: 'contradicted', reason: 'The quote reports a small effect.' },
  },
];

const latest = (rep: ResearchReport, claimChecks: ClaimCheckView[] = []): ResearchLatest => ({
  mayControl: true,
  aiConfigured: true,
  run: {
    id: 3, questionId: 5, status: 'completed', stage: 'done', progress: { done: 9, total: 9 }, partial: false, partialReason: null, error: null,
    failedStep: null, plan: null, planApprovedAt: null, tokens: 0, costUsd: null, answerId: 8, report: rep, flags: [], steps: [], claimChecks,
    createdAt: '2026-03-04T10:00:00.000Z', finishedAt: '2026-03-04T10:05:00.000Z',
  } satisfies ResearchRunView,
});

const ok = async () => true;
const panel = (l: ResearchLatest) => <DeepResearchPanel latest={l} busy={false} start={ok} savePlan={ok} approve={ok} cancel={ok} retry={ok} />;

describe('DeepResearchPanel report', () => {
  it('shows the certainty of the evidence with its reasons, in words', () => {
    render(panel(latest(report())));
    expect(screen.getByTestId('evidence-certainty')).toHaveTextContent(
      'Evidence certainty: Low — small sample (40 participants); the source rates its own evidence as low certainty',
    );
    expect(screen.queryByText(RULES_ONLY_NOTE)).toBeNull();
  });

  it('names the searches that could not be run while their databases answered others, and nothing when every one ran', () => {
    const { rerender } = render(panel(latest(report({ failedSearches: [{ subQuestion: 2, database: 'pubmed' }, { subQuestion: 2, database: 'europepmc' }] }))));
    expect(screen.getByText('Some searches could not be run (sub-question 2: PubMed, Europe PMC): the report uses only the records the other searches found.'))
      .toBeInTheDocument();
    rerender(panel(latest(report())));
    expect(screen.queryByText(/Some searches could not be run/)).toBeNull();
  });

  it('says when only the rules checked the statements, and leaves out the certainty of older reports', () => {
    render(panel(latest(report({ certainty: undefined, support_check: 'rules_only' }))));
    expect(screen.getByText(RULES_ONLY_NOTE)).toBeInTheDocument();
    expect(screen.queryByTestId('evidence-certainty')).toBeNull();
  });

  it("links only to the report's references and studies in its text", () => {
    const { container } = render(panel(latest(report())));
    const summary = container.querySelector('.cqa-markdown') as HTMLElement;
    expect(within(summary).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([REF, STUDY]);
    expect(summary).toHaveTextContent('More at https://spam.example/x or www.spam.example; ask info@spam.example.');
  });

  it('lets staff open every checked statement: section, Published or Withheld, failed rules and the judge', async () => {
    render(panel(latest(report(), checks)));
    const toggle = screen.getByRole('button', { name: /Statement checks \(staff only\): 2 checked, 1 withheld/ });
    expect(toggle.closest('h3')).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Checked statements' });
    const [published, withheld] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(published).toHaveTextContent(/^Published\s*Summary for patients: Exercise eases fatigue\./);
    expect(published).toHaveTextContent('Judge: Supported — The quote says so.');
    expect(published).not.toHaveTextContent('Rule checks');
    expect(withheld).toHaveTextContent(/^Withheld\s*Evidence: Exercise cures 90% of fatigue\./);
    expect(withheld).toHaveTextContent(/Why it was withheld:\s*a number is not in the quotes/);
    expect(withheld).toHaveTextContent('Numbers appear in the quotes: failed — 90% does not appear in the quotes');
    expect(withheld).not.toHaveTextContent('No causal wording');
    expect(withheld).toHaveTextContent('Judge: Contradicted — The quote reports a small effect.');
  });

  it('opens each published statement to its verbatim quotes; marks the model-written table cells and shows each row\'s quote', async () => {
    const statements = [{ text: 'Exercise eases fatigue.', sources: [1], quotes: [{ source: 1, text: 'Exercise reduced fatigue in the trial.' }], section: 'patient_summary' }];
    const table = [{ ...report().evidenceTable[0], quote: 'Fatigue was lower in active patients.' }];
    render(panel(latest(report({ statements, evidenceTable: table }))));
    const toggle = screen.getByRole('button', { name: /Summary for patients: Exercise eases fatigue\. \(1 quote\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const quotes = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(quotes).getByText('“Exercise reduced fatigue in the trial.”').tagName).toBe('BLOCKQUOTE');
    expect(within(quotes).getByRole('link', { name: '[1] Exercise trial' })).toHaveAttribute('href', REF);
    for (const name of ['Design (AI)', 'Participants (AI)', 'Key result (AI)', 'Quote from the study']) {
      expect(screen.getAllByRole('columnheader', { name }).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('cell', { name: '“Fatigue was lower in active patients.”' })).toContainHTML('<blockquote');
  });

  it('gives patients (no control) only the quotes behind the published statements; nothing when there are none', async () => {
    const statements = [{ text: 'Exercise eases fatigue.', sources: [1], quotes: [{ source: 1, text: 'Exercise reduced fatigue in the trial.' }], section: 'evidence' }];
    const { unmount } = render(panel({ ...latest(report({ statements })), mayControl: false }));
    expect(screen.queryByRole('button', { name: /Start/ })).toBeNull();
    expect(screen.queryByTestId('evidence-certainty')).toBeNull();
    const toggle = screen.getByRole('button', { name: /Evidence: Exercise eases fatigue\./ });
    expect(toggle.closest('h3')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'The evidence behind each statement' })).toBeInTheDocument();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: '[1] Exercise trial' })).toHaveAttribute('href', REF);
    unmount();
    const { container } = render(panel({ ...latest(report()), mayControl: false }));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows no statement checks to anyone the server sent none (patients)', () => {
    render(panel(latest(report(), [])));
    expect(screen.queryByRole('button', { name: /Statement checks/ })).toBeNull();
  });
});
