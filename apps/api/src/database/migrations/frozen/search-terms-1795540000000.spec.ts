import { termsOf } from './search-terms-1795540000000';

// The frozen copy keeps the terms the migration indexed with, whatever the live tokeniser does later.
describe('the search terms as migration 1795540000000 indexed them', () => {
  it('indexes words of two letters and more, lower case, without function words', () => {
    expect([...termsOf(['Is the ER status of a CT scan relevant? HER2 and BRCA1, x'])].sort()).toEqual(
      ['brca1', 'ct', 'er', 'her2', 'relevant', 'scan', 'status'],
    );
  });

  it('indexes a hyphenated compound whole, each of its tails and its parts, at most six tails', () => {
    expect([...termsOf(['anti-PD-L1 therapy'])].sort()).toEqual(['anti', 'anti-pd-l1', 'l1', 'pd', 'pd-l1', 'therapy']);
    expect([...termsOf(['aa-bb-cc-dd-ee-ff-gg-hh'])].filter((t) => t.includes('-')).length).toBe(6);
  });

  it('reads NFKC and drops terms longer than 64 characters', () => {
    expect([...termsOf(['Ｃhemo'])]).toEqual(['chemo']);
    expect([...termsOf(['a'.repeat(65)])]).toEqual([]);
  });
});
