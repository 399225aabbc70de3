import { CaseOutcome, EvalCase, evaluate, loadCases, missedTargets, summarise } from './eval-answers';

const outcome = (cls: EvalCase['class'], published: boolean): CaseOutcome => ({
  case: { id: `${cls}-x`, class: cls, expected: cls.startsWith('supported') ? 'publish' : 'withhold', claim: '', records: [], quotes: [] },
  published,
  reasons: [],
});

describe('the claim-support evaluation', () => {
  it('fails a target when one misrepresenting claim is published or too few paraphrases are kept', () => {
    const paraphrases = Array.from({ length: 20 }, (_, i) => outcome('supported_paraphrase', i !== 0));
    expect(missedTargets(summarise([...paraphrases, outcome('number_changed', false)]))).toEqual([]);
    expect(missedTargets(summarise([...paraphrases, outcome('number_changed', true)]))).toEqual(['number_changed: 1 published, target 0']);
    const fewer = Array.from({ length: 20 }, (_, i) => outcome('supported_paraphrase', i > 1));
    expect(missedTargets(summarise(fewer))).toEqual(['supported_paraphrase: 18 of 20 kept, target ≥ 95 %']);
  });

  it('computes precision and recall of "published ⇒ supported"', () => {
    const all = summarise([outcome('supported', true), outcome('supported', false), outcome('over_generalised', true)]).find((r) => r.class === 'all')!;
    expect(all).toMatchObject({ cases: 3, published: 2, withheld: 1, precision: 0.5, recall: 0.5 });
  });

  it('every case quotes its records verbatim, so provenance never decides a case', async () => {
    const cases = loadCases();
    expect(cases.length).toBeGreaterThanOrEqual(80);
    const outcomes = await evaluate(cases, { mode: 'rules_only' });
    expect(outcomes.flatMap((o) => o.reasons).filter((r) => /quote|cites no record|identifier|retracted/.test(r) && !/^(numbers|strong words|direction|population|causal|topic):/.test(r))).toEqual([]);
  });
});
