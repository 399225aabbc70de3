import { importUrlLines, importUrlsProblem, isImportableUrl, isImportRowUnfinished } from './import';

describe('the URL box rules', () => {
  it('trims lines and drops blank ones', () => {
    expect(importUrlLines('  https://a.example/x \n\n\t\r\nhttps://b.example/y\r\n   ')).toEqual(['https://a.example/x', 'https://b.example/y']);
  });

  it("says 'Please enter a Link URL' for nothing and 'Please enter a valid URL' for any bad line", () => {
    expect(importUrlsProblem([])).toBe('Please enter a Link URL');
    expect(importUrlsProblem(importUrlLines('   \n '))).toBe('Please enter a Link URL');
    expect(importUrlsProblem(['https://a.example/x', 'reddit.com/r/cancer'])).toBe('Please enter a valid URL');
    expect(importUrlsProblem(['https://a.example/x', 'http://b.example/y'])).toBeNull();
  });

  it('accepts absolute http and https links only', () => {
    for (const bad of ['ftp://a.example/', 'javascript:alert(1)', 'https://', 'a b', 'https://a.example/x y', `https://a.example/${'x'.repeat(2000)}`]) {
      expect(isImportableUrl(bad)).toBe(false);
    }
    expect(isImportableUrl('https://www.reddit.com/r/cancer/comments/abc/slug/')).toBe(true);
  });

  it('knows which rows are still moving', () => {
    expect(['queued', 'fetching', 'answering'].every((s) => isImportRowUnfinished(s as 'queued'))).toBe(true);
    expect(['saved', 'failed', 'paste_needed'].some((s) => isImportRowUnfinished(s as 'saved'))).toBe(false);
  });
});
