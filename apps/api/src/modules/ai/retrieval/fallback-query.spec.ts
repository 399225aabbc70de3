import { fallbackQueries, splitSubject } from './fallback-query';
import { personalContent } from './personal-data';

const first = (question: string, cancerType: string | null = null) => fallbackQueries(question, cancerType)[0];

describe('fallbackQueries', () => {
  it('drops the story, keeps the drug and the aspect asked (the issue\'s prednisone example)', () => {
    const q = first('SUBJECT: Prednisone\nMESSAGE: My husband has been on Prednisone for almost a year for a Cancer treatment he had. He started at 30mg. Now he is off it; how long does it stay in his system?');
    expect(q.focus[0]).toBe('prednisone');
    expect(q.aspect).toBe('withdrawal');
    expect(q.pubmed).not.toMatch(/husband|almost|30mg/);
  });

  it('maps misspellings and reads two drugs taken together as an interaction question', () => {
    const q = first('Gabamentine an hydrocodene together what will happen, I take them separately');
    expect(q.focus).toEqual(['gabapentin', 'hydrocodone']);
    expect(q.aspect).toBe('interaction');
    expect(q.pubmed).toBe('gabapentin AND hydrocodone AND "drug interactions"');
  });

  it('keeps "<organ> cancer" as a phrase with its MeSH heading, and the aspect', () => {
    const q = first('SUBJECT: liver cancer\nMESSAGE: how many percent of chance to survive if level 4');
    expect(q.focus).toEqual(['liver cancer']);
    expect(q.aspect).toBe('survival');
    expect(q.pubmed).toBe('("liver cancer" OR "Liver Neoplasms"[mh]) AND survival');
    expect(q.europepmc).toBe('"liver cancer" AND survival');
    expect(q.ctgov).toBe('liver cancer');
  });

  it('keeps the safety asked about, and "cancer of the esophagus" as esophageal cancer', () => {
    expect(first('SUBJECT: prostate cancer using seeds\nMESSAGE: is this a safe decision')).toMatchObject({ focus: ['prostate cancer'], aspect: 'safety' });
    expect(first('I am looking for information about Cancer of the Esophagus').focus).toEqual(['esophageal cancer']);
  });

  it('drops greetings and relatives and keeps an acronym, expanded', () => {
    const q = first('Hello, my dad, 68 years old, has gastritis. He had an endoscopic ultrasound and they found a GIST of 1cm. What should we do?');
    expect(q.focus[0]).toBe('gastrointestinal stromal tumor');
    expect(q.pubmed).toContain('GIST');
    expect(q.pubmed).not.toMatch(/hello|dad|old/);
  });

  it('keeps short medical terms: GI, ED, vitamin D, stage numbers, HER2', () => {
    expect(first('Can liver cancer be detected in an upper GI?').pubmed).toContain('"upper gi"');
    expect(first('Is ED common after prostatectomy?').pubmed).toContain('"erectile dysfunction"');
    expect(first('Is a high vitamin D level a problem?').focus).toContain('vitamin d');
    expect(first('HER2 positive, what does it mean for treatment?').focus).toContain('HER2');
    expect(first('Pancreatic cancer stage 4', null).focus[0]).toBe('pancreatic cancer');
  });

  it('maps lay terms and brand names to what the literature says', () => {
    const chemoBrain = first('Does chemo brain go away?');
    expect(chemoBrain.focus[0]).toBe('cancer-related cognitive impairment');
    expect(chemoBrain.pubmed).toContain('"chemo brain"');
    expect(first('Side effects of Arimidex?').focus[0]).toBe('anastrozole');
  });

  it('reads misspelt medical words as the word they stand for, and keeps chemical names', () => {
    expect(first('Where can I get thahlidomide treatments?').focus[0]).toBe('thalidomide');
    expect(first('I was told I have an Optic Giloma. Do they go away?').focus[0]).toBe('optic glioma');
    expect(first('What does L-Leucine do against cancer?').focus[0]).toBe('l-leucine');
    expect(fallbackQueries('Is this malignant?', null)).toEqual([]);
  });

  it('reads two-word concepts the lexicon does not list', () => {
    expect(first('SUBJECT: Pyloric Stenosis\nMESSAGE: can it cause problems later?').focus[0]).toBe('pyloric stenosis');
    expect(first('Where can I find information on Ledderhose Disease?').focus[0]).toBe('ledderhose disease');
    expect(first('I have stiff person syndrome, what is new?').focus[0]).toBe('stiff person syndrome');
    expect(first('I have fibroid tumors on my spine, what causes them?').focus[0]).toBe('fibroid tumor');
    expect(first('Is this PTEN gene in me? My father had kidney cancer.').focus[0]).toBe('PTEN');
    expect(first('Where can I learn about congenital adrenal hyperplasia?').focus[0]).toBe('congenital adrenal hyperplasia');
  });

  it('searches a short subject line the vocabulary does not know as a phrase, and a rare word alone', () => {
    expect(first('SUBJECT: pseudogout\nMESSAGE: what are the other problems that cause it?').focus[0]).toBe('pseudogout');
    expect(first('I have been dealing with trimethylaminuria since I was a child').focus[0]).toBe('trimethylaminuria');
  });

  it('adds the chosen cancer type as a phrase unless the question names it', () => {
    const q = first('Is letrozole safe for my bones?', 'Breast Cancer');
    expect(q.focus).toEqual(['letrozole', 'breast cancer']);
    expect(q.pubmed).toBe('letrozole AND ("breast cancer" OR "Breast Neoplasms"[mh]) AND safety');
    expect(first('Metastatic breast cancer and letrozole', 'Breast Cancer').focus).not.toContain('breast cancer');
  });

  it('broadens: fewer terms, the aspect dropped', () => {
    const ladder = fallbackQueries('Is letrozole safe for my bones?', 'Breast Cancer');
    expect(ladder.map((q) => q.pubmed)).toEqual([
      'letrozole AND ("breast cancer" OR "Breast Neoplasms"[mh]) AND safety',
      'letrozole AND ("breast cancer" OR "Breast Neoplasms"[mh])',
      'letrozole',
    ]);
    expect(ladder.map((q) => q.aspect)).toEqual(['safety', null, null]);
  });

  it('sends nothing personal, whatever the question holds', () => {
    const ladder = fallbackQueries(
      "Hi, I'm Sarah Whitfield from Ohio (sarah@example.com, 555-201-3344). My 92 year old mother, Dorothy, was diagnosed on 03/12/2021 with breast cancer. Is tamoxifen safe?\nThanks, Sarah",
      null,
    );
    expect(ladder.length).toBeGreaterThan(0);
    for (const q of ladder) {
      for (const text of [q.pubmed, q.europepmc, q.ctgov]) {
        expect(personalContent(text)).toEqual([]);
        expect(text).not.toMatch(/sarah|whitfield|ohio|dorothy|mother|92|2021|555/i);
      }
    }
  });

  it('returns no query for a question without a medical word', () => {
    expect(fallbackQueries('Hello, can you help me please?', null)).toEqual([]);
    expect(fallbackQueries('Hello, can you help me please?', 'Lung Cancer')[0].focus).toEqual(['lung cancer']);
  });
});

describe('splitSubject', () => {
  it('reads a labelled subject, or a short first line', () => {
    expect(splitSubject('SUBJECT: Letrozole\nMESSAGE: is it safe')).toEqual({ subject: 'Letrozole', message: 'is it safe' });
    expect(splitSubject('Letrozole\nis it safe')).toEqual({ subject: 'Letrozole', message: 'is it safe' });
    expect(splitSubject('is letrozole safe')).toEqual({ subject: '', message: 'is letrozole safe' });
  });
});
