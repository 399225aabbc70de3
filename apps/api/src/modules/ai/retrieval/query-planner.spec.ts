import { broadenPlanned, InvalidQueryPlanError, planQueries, QueryPlan, queryPlanPrompt, queryProblem, validatePlan } from './query-planner';

const plan = (over: Partial<QueryPlan> = {}): QueryPlan => ({
  focus: ['prednisone', 'adrenal insufficiency'],
  aspect: 'side_effects',
  population: 'adults on long-term corticosteroids',
  pubmed: '("Prednisone"[Mesh] OR prednisone[tiab]) AND ("Adrenal Insufficiency"[Mesh] OR "adrenal insufficiency"[tiab])',
  europepmc: '(prednisone OR prednisolone) AND ("adrenal insufficiency" OR "adrenal suppression")',
  ctgov: 'prednisone adrenal insufficiency',
  ...over,
});

describe('the search plan', () => {
  it('accepts a librarian-style plan and keeps its aspect', () => {
    const { queries, problems } = validatePlan(plan());
    expect(problems).toEqual([]);
    expect(queries).toMatchObject({ focus: ['prednisone', 'adrenal insufficiency'], aspect: 'side_effects', source: 'planner' });
  });

  it.each<[string, Partial<QueryPlan>, RegExp]>([
    ['a query without the focus', { europepmc: 'steroids AND tiredness' }, /europepmc: does not contain the focus/],
    ['unbalanced parentheses', { pubmed: '("Prednisone"[Mesh] OR prednisone[tiab]' }, /pubmed: unbalanced parentheses/],
    ['a field tag PubMed does not know', { pubmed: 'prednisone[xyz]' }, /pubmed: a field tag PubMed does not know/],
    ['field tags in Europe PMC', { europepmc: 'prednisone[tiab]' }, /europepmc: field tags/],
    ['operators in ClinicalTrials.gov terms', { ctgov: 'prednisone AND fatigue' }, /ctgov: operators/],
    ['a query that is too long', { pubmed: `prednisone ${'x'.repeat(300)}` }, /pubmed: longer than 300/],
    ['an e-mail address', { ctgov: 'prednisone jane.doe@example.com' }, /ctgov: personal content/],
  ])('refuses %s', (_name, over, problem) => {
    const { queries, problems } = validatePlan(plan(over));
    expect(queries).toBeNull();
    expect(problems.join('; ')).toMatch(problem);
  });

  it('sends the model the fenced, scrubbed question and the chosen cancer type only', async () => {
    const [system, user] = queryPlanPrompt('My husband has been on prednisone for a year; write to jane.doe@example.com', 'Lung Cancer');
    expect(system.content).toMatch(/untrusted text between fence lines/);
    expect(user.content).toMatch(/==== QUESTION BEGIN \w+ ====/);
    expect(user.content).not.toContain('jane.doe@example.com');
    expect(user.content).toContain('Cancer type chosen by the asker: Lung Cancer');
    await expect(planQueries('q', null, async () => plan({ pubmed: '' }))).rejects.toBeInstanceOf(InvalidQueryPlanError);
    await expect(planQueries('q', null, async () => ({ focus: 'not a list' }))).rejects.toThrow();
  });

  it('broadens to the first focus concept alone', () => {
    const broader = broadenPlanned(validatePlan(plan()).queries!)!;
    expect(broader).toMatchObject({ pubmed: '"prednisone"[Mesh] OR "prednisone"[tiab]', europepmc: '"prednisone"', ctgov: 'prednisone', focus: ['prednisone'] });
    expect(queryProblem(broader.pubmed, broader.focus, 'pubmed')).toBeNull();
  });
});
