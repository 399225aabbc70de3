import { CANCER_TYPES } from '@cqa/contracts';
import type { LiteratureQueries } from '../../src/modules/ai/retrieval/fallback-query';
import { containsFocus, evaluate, EvalQuestion, fallbackPlan, leakedDetails, loadQuestions, missedTargets, summarise } from './eval-retrieval';

const question = (over: Partial<EvalQuestion> = {}): EvalQuestion => ({ id: 'q', message: 'Is letrozole safe?', focus: ['letrozole'], cancerType: null, ...over });
const queries = (pubmed: string, over: Partial<LiteratureQueries> = {}): LiteratureQueries => ({
  pubmed,
  europepmc: pubmed,
  ctgov: pubmed,
  focus: [],
  aspect: null,
  source: 'fallback',
  ...over,
});

describe('the retrieval evaluation', () => {
  it('fails a target when the focus is missing from too many first queries, or one query is personal', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => question({ id: `q${i}` }));
    const good = summarise(await evaluate(ten, async () => [queries('letrozole AND safety')]));
    expect(missedTargets(good, 'fallback')).toEqual([]);
    expect(missedTargets(good, 'planner')).toEqual([]);

    let n = 0;
    const threeMissed = summarise(await evaluate(ten, async () => [queries(n++ < 3 ? 'aromatase inhibitors' : 'letrozole')]));
    expect(missedTargets(threeMissed, 'fallback')).toEqual(['focus in the first PubMed query: 7 of 10 (70.0 %), target ≥ 80 %']);

    let m = 0;
    const oneMissed = summarise(await evaluate(ten, async () => [queries(m++ < 1 ? 'aromatase inhibitors' : 'letrozole')]));
    expect(missedTargets(oneMissed, 'fallback')).toEqual([]);
    expect(missedTargets(oneMissed, 'planner')).toEqual(['focus in the first PubMed query: 9 of 10 (90.0 %), target ≥ 95 %']);

    const personal = summarise(await evaluate([question({ personal: ['Sarah'] })], async () => [queries('letrozole'), queries('letrozole', { ctgov: 'letrozole Sarah' })]));
    expect(missedTargets(personal, 'fallback')).toEqual(['queries with personal content: 1 of 6, target 0']);
    const flagged = summarise(await evaluate([question()], async () => [queries('letrozole husband')]));
    expect(flagged.personal).toBe(3);
  });

  it('counts a refused plan as a miss', async () => {
    const outcomes = await evaluate([question()], async () => {
      throw new Error('The search plan was refused: pubmed: empty');
    });
    expect(outcomes[0]).toMatchObject({ focusInFirst: false, error: 'The search plan was refused: pubmed: empty' });
    expect(missedTargets(summarise(outcomes), 'planner')).toHaveLength(1);
  });

  it('matches the focus as words, case-insensitively, a hyphen as a space', () => {
    expect(containsFocus('("liver cancer" OR "Liver Neoplasms"[mh]) AND survival', ['liver cancer'])).toBe(true);
    expect(containsFocus('("gastrointestinal stromal tumor" OR GIST)', ['gist'])).toBe(true);
    expect(containsFocus('"non hodgkin lymphoma"', ['non-hodgkin lymphoma'])).toBe(true);
    expect(containsFocus('"liver cancers"', ['liver cancer'])).toBe(false);
    expect(containsFocus('prednisolone', ['prednisone'])).toBe(false);
    expect(leakedDetails('letrozole ohio', ['Ohio', 'Sarah'])).toEqual(['Ohio']);
  });

  it('has at least 60 questions, 40 about cancer, each with a focus and a valid cancer type', () => {
    const set = loadQuestions();
    expect(set.length).toBeGreaterThanOrEqual(60);
    expect(set.filter((q) => q.cancerRelated).length).toBeGreaterThanOrEqual(40);
    expect(new Set(set.map((q) => q.id)).size).toBe(set.length);
    for (const q of set) {
      expect(q.focus.length).toBeGreaterThan(0);
      expect(q.message.trim()).not.toBe('');
      if (q.cancerType !== null) expect(CANCER_TYPES).toContain(q.cancerType);
      expect(`${q.subject ?? ''} ${q.message}`).not.toMatch(/\[(?:NAME|LOCATION|CONTACT|DATE)\]/);
    }
  });

  it('the rule builder meets its targets on the set', async () => {
    const summary = summarise(await evaluate(loadQuestions(), fallbackPlan));
    expect(missedTargets(summary, 'fallback')).toEqual([]);
  });
});
