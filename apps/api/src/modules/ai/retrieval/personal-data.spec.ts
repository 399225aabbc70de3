import { MAX_SCRUB_LENGTH, personalContent, scrubPersonal } from './personal-data';
import { cpuMs } from '../../../common/test/cpu-time';

describe('scrubPersonal', () => {
  it.each<[string, string, string[], string[]]>([
    // [what, text, must be gone, kinds]
    ['an e-mail address', 'Please write to jane.doe@example.com about tamoxifen', ['jane.doe@example.com'], ['email']],
    ['a URL and a bare domain', 'I read https://example.org/page?id=7 and mysite.com/x about chemo', ['https://example.org', 'mysite.com'], ['url']],
    ['phone numbers', 'Call me on (555) 123-4567 or +44 20 7946 0958 or 555-0199', ['555', '7946', '0199'], ['phone']],
    ['dates in common forms', 'Surgery on 12/03/2021, scan March 3, 2021, then the 3rd of March and 2021-03-04; biopsy in June', ['12/03/2021', 'March 3', '3rd of March', '2021-03-04', 'June'], ['date']],
    ['ages over 89', 'My grandmother is 94 years old; her friend aged 91 and a 102-year-old man', ['94', '91', '102'], ['age', 'relative']],
    ['relatives described', 'My husband has prostate cancer and her mom had it; my 8 year old daughter and my friends wife too', ['husband', 'mom', 'daughter', 'wife', 'friends'], ['relative']],
    ['a mother-in-law', 'My mother in law has lung cancer', ['mother', 'law'], ['relative']],
    ['names with titles', 'Dr Smith and Mrs. Jones said letrozole is fine', ['Smith', 'Jones'], ['name']],
    ['a greeting with a name', 'Hi, I\'m Sarah and my name is Priya Kumari. Is letrozole safe?', ['Sarah', 'Priya', 'Kumari'], ['name']],
    ['a signature', 'Is letrozole safe for bones?\nThank you,\nMarisol Quenby', ['Marisol', 'Quenby'], ['name']],
    ['places', 'I am from Ohio and moved to New York, now near Raigadh in India', ['Ohio', 'New York', 'Raigadh', 'India'], ['place']],
    ['id-like numbers', 'My MRN: 88213 and case 1-131188152, NDC 0115-0672-50', ['88213', '131188152', '0115-0672-50'], ['id']],
    ['a name nobody listed, capitalised', 'Kushumbi told me Tamoxifen causes hot flashes', ['Kushumbi'], ['name']],
    ['a shouted message', 'MY FRIENDS WIFE NAME KUSHUM AGARWALA IS TAKING PEMETREXED FOR LUNG CANCER', ['KUSHUM', 'AGARWALA', 'WIFE'], ['name', 'relative']],
  ])('removes %s', (_what, text, gone, kinds) => {
    const { text: out, removed } = scrubPersonal(text);
    for (const g of gone) expect(out).not.toContain(g);
    for (const k of kinds) expect(removed).toContain(k);
    expect(personalContent(out)).toEqual([]);
  });

  it('keeps medical words, eponyms, brand names, acronyms and short terms', () => {
    const text =
      'Does Hodgkin lymphoma differ from Crohn disease? My Gleason score is 7 after a Whipple; I take Tamoxifen, Arimidex and Herceptin. ' +
      "GIST, CML, HER2, ED and vitamin D, stage 4. Sheehan's Syndrome, Pott's puffy tumor, Gorlin Goltz syndrome. Gabamentine and hydrocodene. " +
      'Pyloric Stenosis, L-Leucine, D-Limonene, TDM-1, Optic Giloma.';
    const { text: out } = scrubPersonal(text);
    for (const kept of ['Hodgkin', 'Crohn', 'Gleason', 'Whipple', 'Tamoxifen', 'Arimidex', 'Herceptin', 'GIST', 'CML', 'HER2', 'ED', 'vitamin D', 'stage 4', 'Sheehan', 'Pott', 'Gorlin', 'Goltz', 'Gabamentine', 'hydrocodene', 'Pyloric', 'L-Leucine', 'D-Limonene', 'TDM-1', 'Giloma']) {
      expect(out).toContain(kept);
    }
  });

  it('keeps a population ("children", "a friend" without a story is no one in particular) and medical uses of relatives', () => {
    const { text } = scrubPersonal('Leukemia in children; daughter cells; mother-to-child transmission');
    expect(text).toContain('children');
    expect(text).toContain('daughter cells');
    expect(text).toContain('mother-to-child');
  });

  it('keeps a librarian query unchanged', () => {
    const query = '("Prednisone"[Mesh] OR prednisone[tiab]) AND ("Adrenal Insufficiency"[Mesh] OR "adrenal insufficiency"[tiab])';
    expect(scrubPersonal(query)).toEqual({ text: query, removed: [] });
  });

  it('keeps ages under 90, years and weekdays', () => {
    const { text, removed } = scrubPersonal('Breast cancer at 84, diagnosed in 2010, seen last Tuesday');
    expect(text).toBe('Breast cancer at 84, diagnosed in 2010, seen last Tuesday');
    expect(removed).toEqual([]);
  });

  it('is linear: a long hostile input is cut and scrubbed quickly', () => {
    const hostile = `${'a'.repeat(3000)}@${'b.'.repeat(3000)} ${'my '.repeat(2000)}${'1-'.repeat(3000)} ${'Aaaa '.repeat(3000)}`;
    let text = '';
    expect(cpuMs(() => ({ text } = scrubPersonal(hostile)))).toBeLessThan(1500);
    expect(text.length).toBeLessThanOrEqual(MAX_SCRUB_LENGTH);
  });
});

describe('personalContent', () => {
  it('is empty for clean queries, MeSH headings and drug names included', () => {
    for (const q of [
      '"liver cancer"[tiab] AND survival',
      '("Hodgkin Disease"[mh] OR "hodgkin lymphoma") AND "Breast Neoplasms"[Mesh] AND "Aromatase Inhibitors"[Mesh]',
      '(prednisone OR prednisolone) AND ("adrenal insufficiency" OR "adrenal suppression")',
      'gabapentin AND hydrocodone AND "drug interactions"',
      '"Aged, 80 and over"[Mesh] AND "Young Adult"[Mesh] AND Kadcyla',
    ]) {
      expect(personalContent(q)).toEqual([]);
    }
  });

  it('finds what is clearly personal', () => {
    expect(personalContent('prednisone husband almost treatment')).toEqual(['relative']);
    expect(personalContent('letrozole sarah')).toEqual(['name']);
    expect(personalContent('lung cancer Ohio')).toEqual(['place']);
    expect(personalContent('tamoxifen 03/12/2020')).toEqual(['date']);
    expect(personalContent('cancer 555-123-4567')).toEqual(['phone']);
    expect(personalContent('cancer 95 years old')).toEqual(['age']);
  });
});
