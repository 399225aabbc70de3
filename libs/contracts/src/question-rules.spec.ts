import { displayCancerType, normalizeSources, roundRating } from './questions';

describe('normalizeSources', () => {
  it('turns a list, JSON text, a URL or lines into a list of non-blank lines', () => {
    expect(normalizeSources([' a ', '', 'b\nc'])).toEqual(['a', 'b', 'c']);
    expect(normalizeSources('["https://a.example", " "]')).toEqual(['https://a.example']);
    expect(normalizeSources('"https://quoted.example"')).toEqual(['https://quoted.example']);
    expect(normalizeSources('https://a.example')).toEqual(['https://a.example']);
    expect(normalizeSources('one\r\n\ntwo\n')).toEqual(['one', 'two']);
    expect(normalizeSources('[not json')).toEqual(['[not json']);
    expect(normalizeSources(null)).toEqual([]);
    expect(normalizeSources(undefined)).toEqual([]);
    expect(normalizeSources(42)).toEqual(['42']);
  });
});

describe('displayCancerType', () => {
  it("shows missing, empty and 'undefined' as General", () => {
    for (const value of [null, undefined, '', '  ', 'undefined']) expect(displayCancerType(value)).toBe('General');
    expect(displayCancerType(' Melanoma ')).toBe('Melanoma');
  });
});

describe('roundRating', () => {
  it('keeps one decimal', () => {
    expect(roundRating(13 / 3)).toBe(4.3);
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(5)).toBe(5);
    expect(roundRating(null)).toBeNull();
  });
});
