import { searchTerms } from './retrieval-query';

describe('searchTerms', () => {
  it('keeps the topic words of a question in order', () => {
    expect(searchTerms('Does exercise help with fatigue during chemotherapy?', 'Breast Cancer')).toEqual({
      literature: 'exercise fatigue chemotherapy',
      trials: 'breast cancer exercise fatigue chemotherapy',
    });
  });

  it('leaves the cancer type out of the trials search for General and Other', () => {
    expect(searchTerms('Is turmeric safe with tamoxifen?', null).trials).toBe('turmeric tamoxifen');
    expect(searchTerms('Is turmeric safe with tamoxifen?', 'Other').trials).toBe('turmeric tamoxifen');
  });

  it('drops duplicates, numbers and short words, and keeps at most six terms', () => {
    expect(searchTerms('Fatigue, fatigue and more fatigue after 12 rounds of FOLFOX: diet, sleep, yoga, walking, massage or vitamin D?', 'Colorectal Cancer').literature).toBe(
      'fatigue rounds folfox diet sleep yoga',
    );
  });

  it('answers empty terms for a question without topic words', () => {
    expect(searchTerms('What should I do now?', null)).toEqual({ literature: '', trials: '' });
  });
});
