import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CaseOutcome, EvalCase, evaluate, loadCases, missedTargets, summarise } from './eval-answers';
import { evaluateExternal, ExternalClaim, ExternalOutcome, externalTargets, loadExternalSets, summariseExternal } from './external-eval';

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

describe('the external claim-verification sets', () => {
  const external = (label: ExternalClaim['label'], published: boolean): ExternalOutcome => ({
    claim: { dataset: 'X', id: `${label}-${published}`, label, claim: '', record: { id: '1', title: '', text: '' }, quotes: [], part: 'tune' },
    published,
    reasons: [],
  });

  it('counts, per label, what was published, with the precision of "published ⇒ supported" and the false-withhold rate', () => {
    const summary = summariseExternal([external('SUPPORT', true), external('SUPPORT', true), external('SUPPORT', false), external('REFUTE', true), external('NEI', false)]);
    expect(summary.rows).toEqual([
      { label: 'SUPPORT', claims: 3, published: 2, withheld: 1 },
      { label: 'REFUTE', claims: 1, published: 1, withheld: 0 },
      { label: 'NEI', claims: 1, published: 0, withheld: 1 },
      { label: 'all', claims: 5, published: 3, withheld: 2 },
    ]);
    expect(summary.precision).toBeCloseTo(2 / 3);
    expect(summary.falseWithholdRate).toBeCloseTo(1 / 3);
    expect(externalTargets(summary).map((t) => t.met)).toEqual([false, false, true]);
  });

  it('holds training splits only, every quote verbatim in its record, split by abstract into a tuning part and a part kept aside', async () => {
    const sets = loadExternalSets();
    expect(sets.map((s) => [s.dataset, s.split])).toEqual([['Check-COVID', 'train'], ['SciFact', 'train']]);
    const claims = sets.flatMap((s) => s.claims);
    expect(claims.length).toBeGreaterThan(1000);
    for (const part of ['tune', 'aside'] as const) expect(claims.filter((c) => c.part === part).length).toBeGreaterThan(300);
    // Every claim about one abstract lands on the same side.
    const sides = new Map<string, Set<string>>();
    for (const c of claims) sides.set(`${c.dataset}:${c.record.id}`, new Set([...(sides.get(`${c.dataset}:${c.record.id}`) ?? []), c.part]));
    expect([...sides.values()].every((s) => s.size === 1)).toBe(true);
    const outcomes = await evaluateExternal(claims, { mode: 'rules_only' });
    expect(outcomes.flatMap((o) => o.reasons).filter((r) => !/^(numbers|strong words|direction|population|causal|topic):/.test(r))).toEqual([]);
  });

  it('refuses a test split', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'external-'));
    writeFileSync(path.join(dir, 'x.json'), JSON.stringify({ dataset: 'X', split: 'test', licence: 'MIT', records: {}, claims: [] }));
    expect(() => loadExternalSets(dir)).toThrow(/test split/);
  });
});
