import type { EvidenceCertainty } from '@cqa/contracts';
import type { LiteratureRecord } from '../literature/literature-record';
import { certaintyLabel as certaintyText } from '@cqa/contracts';
import { CertaintyInput, gradeCertainty, participantCount } from './certainty';

const record = (over: Partial<LiteratureRecord>): LiteratureRecord => ({
  source: 'pubmed',
  pmid: null,
  doi: null,
  nctId: null,
  title: 'Untitled',
  journal: 'J Test',
  year: 2022,
  publicationTypes: ['Journal Article'],
  text: '',
  url: 'https://example.org/',
  retraction: 'clear',
  ...over,
});
const grade = (records: LiteratureRecord[], extra: Omit<CertaintyInput, 'supports'> = {}) =>
  gradeCertainty({ supports: records.map((r) => ({ record: r, quotes: [] })), ...extra });

// Realistic structured PubMed abstracts (written for these tests unless a comment names where one comes from).
const RCT_400 = record({
  pmid: '2001',
  title: 'Supervised aerobic and resistance exercise during adjuvant chemotherapy for breast cancer: a multicentre randomised controlled trial',
  publicationTypes: ['Journal Article', 'Multicenter Study', 'Randomized Controlled Trial'],
  text:
    'BACKGROUND: Cancer-related fatigue is common during adjuvant chemotherapy, and the effect of supervised exercise on it is uncertain. ' +
    'METHODS: In this multicentre trial, 400 women with stage I-III breast cancer were randomly assigned (1:1) to a 16-week supervised ' +
    'exercise programme or usual care. The primary outcome was fatigue (FACIT-F) at 16 weeks. ' +
    'RESULTS: Of the 400 women randomised (n = 200 per group), 371 (93%) completed follow-up. Exercise reduced fatigue compared with usual ' +
    'care (mean difference 4.1 points, 95% CI 2.0 to 6.2; p < 0.001). Serious adverse events were rare and similar between groups. ' +
    'CONCLUSIONS: Supervised exercise during adjuvant chemotherapy reduces fatigue in women with breast cancer.',
});
const RCT_620 = record({
  pmid: '2002',
  title: 'Yoga versus health education for insomnia in breast cancer survivors: a randomized clinical trial',
  publicationTypes: ['Journal Article', 'Randomized Controlled Trial'],
  text:
    'IMPORTANCE: Insomnia is frequent after breast cancer treatment. OBJECTIVE: To compare yoga with health education for insomnia. ' +
    'DESIGN, SETTING, AND PARTICIPANTS: A total of 620 breast cancer survivors were enrolled at 12 community oncology practices. ' +
    'RESULTS: Yoga improved the Insomnia Severity Index more than health education (difference -1.9; 95% CI, -2.7 to -1.1). ' +
    'CONCLUSIONS AND RELEVANCE: Yoga is an effective option for insomnia in breast cancer survivors.',
});
const PILOT_40 = record({
  pmid: '2003',
  title: 'Mindfulness-based stress reduction for fear of recurrence after breast cancer: a pilot randomised controlled trial',
  publicationTypes: ['Journal Article', 'Randomized Controlled Trial'],
  text:
    'BACKGROUND: Fear of cancer recurrence is common among breast cancer survivors. ' +
    'METHODS: We randomly assigned 40 breast cancer survivors to an 8-week mindfulness programme (n = 20) or a wait-list (n = 20). ' +
    'RESULTS: Recruitment took 5 months and 36 participants completed follow-up. Fear of recurrence fell more with mindfulness ' +
    '(mean difference -6.2, 95% CI -11.0 to -1.4). CONCLUSIONS: The programme was acceptable and showed a promising effect.',
});
const COCHRANE_LOW = record({
  pmid: '2004',
  title: 'Acupuncture for cancer-related fatigue in adults',
  journal: 'Cochrane Database Syst Rev',
  publicationTypes: ['Journal Article', 'Meta-Analysis', 'Review', 'Systematic Review'],
  text:
    'BACKGROUND: Fatigue is one of the most distressing symptoms of cancer. OBJECTIVES: To assess the effects of acupuncture on ' +
    'cancer-related fatigue in adults. SEARCH METHODS: We searched CENTRAL, MEDLINE, Embase and CINAHL to March 2022. ' +
    'SELECTION CRITERIA: Randomised controlled trials (RCTs) of acupuncture compared with sham, usual care or no treatment. ' +
    'MAIN RESULTS: We included 14 RCTs with 1,236 participants. Acupuncture may reduce fatigue compared with usual care ' +
    '(SMD -0.52, 95% CI -0.82 to -0.22; 6 studies, 628 participants; low-certainty evidence). Most trials were at high or unclear risk ' +
    'of bias for blinding. AUTHORS\' CONCLUSIONS: Acupuncture may reduce cancer-related fatigue.',
});
const COHORT = record({
  pmid: '2005',
  title: 'Post-diagnosis physical activity and survival after breast cancer: a prospective cohort study',
  publicationTypes: ['Journal Article', 'Observational Study'],
  text:
    'PURPOSE: To examine physical activity after diagnosis and mortality in women with breast cancer. ' +
    'METHODS: A total of 2,987 women with stage I-III breast cancer were followed for a median of 8.2 years. ' +
    'RESULTS: Women reporting 9 or more MET-hours per week had lower breast cancer mortality (HR 0.64, 95% CI 0.50-0.83). ' +
    'Inactive women more often reported low quality of life. CONCLUSIONS: Physical activity after diagnosis was associated with longer survival.',
});
const SMALL_COHORT = record({
  pmid: '2006',
  title: 'Ginger and chemotherapy-induced nausea: a retrospective review',
  publicationTypes: ['Journal Article'],
  text:
    'BACKGROUND: Ginger is widely used for nausea. METHODS: We conducted a retrospective cohort study of 56 patients receiving ' +
    'highly emetogenic chemotherapy for breast cancer, of whom 28 took ginger capsules. RESULTS: Nausea scores were lower with ' +
    'ginger (p = 0.04). CONCLUSIONS: Ginger was associated with less nausea.',
});
const MICE = record({
  pmid: '2007',
  title: 'Metformin suppresses the growth of triple-negative breast cancer xenografts',
  publicationTypes: ['Journal Article'],
  text:
    'BACKGROUND: Metformin has been proposed as an adjunct to cancer therapy. METHODS: Female nude mice bearing MDA-MB-231 xenografts ' +
    'received metformin 200 mg/kg or vehicle daily for 28 days (n = 10 per group). RESULTS: Metformin reduced tumour volume by 48% ' +
    '(p < 0.01). CONCLUSIONS: Metformin inhibits breast tumour growth in mice.',
});
// Real abstract (Oh M et al., Mol Biol Cell 2023, PMID 37195739), excerpt; from biopython/biopython Tests/Medline/pubmed_result4.txt.
// PubMed types it 'Journal Article' only and it names neither mice nor cell lines: its "breast cancer cells" say laboratory.
const IN_VITRO = record({
  pmid: '37195739',
  title:
    'High extracellular glucose promotes cell motility by modulating cell deformability and contractility via cAMP-RhoA-ROCK axis ' +
    'in human breast cancer cells.',
  publicationTypes: ['Journal Article'],
  text:
    'In this study, using novel high-throughput mechanotyping assays, we show that human breast cancer cells become less deformable ' +
    'and more contractile with increased extracellular glucose levels (>5 mM). These altered cell mechanotypes are due to increased ' +
    'F-actin rearrangement and non-muscle myosin II (NMII) activity.',
});
// Real abstract (Witlox L et al., BMC Med 2018;16:86, doi 10.1186/s12916-018-1075-x), excerpt; from
// eranroseman/research-assistant kb_data/papers/paper_2087.md. Typed 'Journal Article' only here: its words make it an RCT.
const PACT = record({
  doi: '10.1186/s12916-018-1075-x',
  title: 'Four-year effects of exercise on fatigue and physical activity in patients with cancer',
  publicationTypes: ['Journal Article'],
  text:
    'Background: In the earlier randomized controlled Physical Activity during Cancer Treatment (PACT) study, we found beneficial effects ' +
    'of an 18-week supervised exercise program on fatigue in patients with newly diagnosed breast or colon cancer undergoing adjuvant ' +
    'treatment.\nMethods: The original study was a two-armed, multicenter randomized controlled trial comparing an 18-week supervised ' +
    'exercise program to usual care among 204 breast cancer patients and 33 colon cancer patients undergoing adjuvant treatment. Of the ' +
    '237 PACT participants, 197 participants were eligible and approached to participate in the 4-year post-baseline measurements, and ' +
    '128 patients responded.',
});
const PROSTATE_RCT = record({
  pmid: '2008',
  title: 'Resistance exercise and fatigue during androgen deprivation therapy for prostate cancer: a randomized controlled trial',
  publicationTypes: ['Journal Article', 'Randomized Controlled Trial'],
  text:
    'BACKGROUND: Androgen deprivation therapy causes fatigue in men with prostate cancer. METHODS: 612 men starting androgen ' +
    'deprivation therapy were randomized to 24 weeks of resistance exercise or usual care. RESULTS: Fatigue improved with exercise ' +
    '(difference 3.2 points, 95% CI 1.4 to 5.0). CONCLUSIONS: Resistance exercise reduces fatigue during androgen deprivation.',
});
const MIXED_SITES_RCT = record({
  pmid: '2009',
  title: 'Home-based walking for fatigue in adults receiving chemotherapy: a randomised trial',
  publicationTypes: ['Journal Article'],
  text:
    'METHODS: Adults receiving chemotherapy for breast, prostate or colorectal cancer were randomised to a home-based walking ' +
    'programme or usual care (N=312). RESULTS: Walking reduced fatigue at 12 weeks. CONCLUSIONS: Walking is a simple option.',
});
const PHASE2_SINGLE_ARM = record({
  pmid: '2010',
  title: 'Olanzapine for breakthrough nausea in breast cancer: a phase II study',
  publicationTypes: ['Clinical Trial, Phase II', 'Journal Article'],
  text:
    'METHODS: In this single-arm phase II trial, 118 patients with breast cancer and breakthrough nausea received olanzapine 5 mg daily ' +
    'for 3 days. RESULTS: Nausea resolved in 71%. CONCLUSIONS: Olanzapine warrants comparison in a randomized setting.',
});
const REGISTRATION = record({
  source: 'ctgov',
  nctId: 'NCT05000001',
  title: 'Tai Chi for Fatigue in Breast Cancer Survivors',
  publicationTypes: [],
  text: 'This randomized trial will compare tai chi with stretching for persistent fatigue in breast cancer survivors.',
});

describe('gradeCertainty', () => {
  it('rates a well-sized randomised trial high, with its design as the only reason', () => {
    expect(grade([RCT_400])).toEqual({ grade: 'high', reasons: ['Starts high: randomised controlled trial'] });
  });

  it('reads an RCT from the abstract when the record is typed Journal Article only (real abstract)', () => {
    expect(grade([PACT])).toEqual({ grade: 'high', reasons: ['Starts high: randomised controlled trial'] });
  });

  it('downgrades a pilot trial of 40 to moderate for its small sample', () => {
    expect(grade([PILOT_40])).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: randomised controlled trial', 'small sample (40 participants)'],
    });
  });

  it('names a pilot or feasibility study when the abstract gives no count', () => {
    const pilot = record({ ...PILOT_40, text: 'METHODS: A pilot randomised trial of mindfulness versus wait-list in breast cancer survivors.' });
    expect(grade([pilot]).reasons).toEqual(['Starts high: randomised controlled trial', 'pilot or feasibility study']);
  });

  it('takes a review\'s own low-certainty rating, naming the phrase', () => {
    expect(grade([COCHRANE_LOW])).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: systematic review of trials', 'the review rates its own evidence as low certainty ("low-certainty evidence")'],
    });
  });

  it('reads other phrasings of a source\'s own doubt, but not "low quality of life"', () => {
    const says = (sentence: string) => grade([record({ ...RCT_400, text: `${RCT_400.text} ${sentence}` })]).reasons[1];
    expect(says('Further large randomised trials are needed.')).toBe(
      'the trial rates its own evidence as low certainty ("Further large randomised trials are needed")',
    );
    expect(says('More research is needed before this can be recommended.')).toContain('("More research is needed")');
    expect(says('Two centres were at high risk of bias.')).toContain('("high risk of bias")');
    expect(says('This is based on very low certainty evidence.')).toContain('("very low certainty evidence")');
    expect(grade([COHORT]).reasons).toEqual(['Starts low: observational study']);
  });

  it('starts a cohort low', () => {
    expect(grade([COHORT])).toEqual({ grade: 'low', reasons: ['Starts low: observational study'] });
  });

  it('takes a small cohort down to very low', () => {
    expect(grade([SMALL_COHORT])).toEqual({ grade: 'very_low', reasons: ['Starts low: observational study', 'small sample (56 participants)'] });
  });

  it('starts a single-arm phase II trial low', () => {
    expect(grade([PHASE2_SINGLE_ARM])).toEqual({ grade: 'low', reasons: ['Starts low: observational study'] });
  });

  it('rates a mouse study typed Journal Article very low', () => {
    expect(grade([MICE])).toEqual({ grade: 'very_low', reasons: ['Starts very low: animal or laboratory study'] });
  });

  it('rates a cell study very low (real abstract)', () => {
    expect(grade([IN_VITRO])).toEqual({ grade: 'very_low', reasons: ['Starts very low: animal or laboratory study'] });
  });

  it('rates a trial registration very low: a registered trial, not results', () => {
    expect(grade([REGISTRATION])).toEqual({ grade: 'very_low', reasons: ['Starts very low: a registered trial, not results'] });
  });

  it('lets the strongest design lead the body of evidence', () => {
    expect(grade([COHORT, RCT_400, REGISTRATION])).toEqual({ grade: 'high', reasons: ['Starts high: randomised controlled trial'] });
  });

  it('downgrades an RCT for indirectness when a mouse study also supports the answer', () => {
    expect(grade([RCT_400, MICE])).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: randomised controlled trial', 'indirect: some evidence is from animal or laboratory studies'],
    });
  });

  it('downgrades a trial about another cancer than the question\'s', () => {
    expect(grade([PROSTATE_RCT], { questionCancer: 'Breast Cancer' })).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: randomised controlled trial', 'indirect: about prostate cancer, not breast cancer'],
    });
    expect(grade([PROSTATE_RCT], { questionCancer: 'Prostate Cancer' }).grade).toBe('high');
    expect(grade([PROSTATE_RCT]).grade).toBe('high');
    expect(grade([PROSTATE_RCT], { questionCancer: 'Other' }).grade).toBe('high');
  });

  it('does not call a study indirect when it also names the question\'s cancer', () => {
    expect(grade([MIXED_SITES_RCT], { questionCancer: 'Breast Cancer' }).grade).toBe('high');
    expect(grade([PACT], { questionCancer: 'Colorectal Cancer' }).grade).toBe('high');
    expect(grade([PACT], { questionCancer: 'Lung Cancer' }).reasons[1]).toBe('indirect: about breast cancer and colorectal cancer, not lung cancer');
  });

  it('counts two indirectness problems once', () => {
    expect(grade([PROSTATE_RCT, MICE], { questionCancer: 'Breast Cancer' })).toEqual({
      grade: 'moderate',
      reasons: [
        'Starts high: randomised controlled trial',
        'indirect: about prostate cancer, not breast cancer, and some evidence is from animal or laboratory studies',
      ],
    });
  });

  it('downgrades for outcomes the studies disagree on', () => {
    expect(grade([RCT_400, RCT_620], { inconsistentOutcomes: ['fatigue'] })).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: randomised controlled trials', 'inconsistent: studies disagree on fatigue'],
    });
    expect(grade([RCT_400], { inconsistentOutcomes: ['fatigue', ' sleep ', 'fatigue', 'pain'] }).reasons[1]).toBe(
      'inconsistent: studies disagree on fatigue, sleep and pain',
    );
  });

  it('downgrades when a source\'s retraction status could not be checked', () => {
    expect(grade([{ ...RCT_400, retraction: 'unknown' }])).toEqual({
      grade: 'moderate',
      reasons: ['Starts high: randomised controlled trial', 'retraction status of 1 source could not be checked'],
    });
    expect(grade([{ ...RCT_400, retraction: 'unknown' }, { ...COHORT, retraction: 'unknown' }]).reasons[1]).toBe(
      'retraction status of 2 sources could not be checked',
    );
  });

  it('adds one level per kind of problem', () => {
    const result = grade([PILOT_40, { ...MICE, retraction: 'unknown' }], { inconsistentOutcomes: ['fatigue'] });
    expect(result).toEqual({
      grade: 'very_low',
      reasons: [
        'Starts high: randomised controlled trial',
        'small sample (40 participants)',
        'indirect: some evidence is from animal or laboratory studies',
        'inconsistent: studies disagree on fatigue',
      ],
    });
  });

  it('never goes below very low, giving only the downgrades that moved the grade', () => {
    const result = grade([{ ...SMALL_COHORT, retraction: 'unknown' }], { inconsistentOutcomes: ['nausea'] });
    expect(result).toEqual({ grade: 'very_low', reasons: ['Starts low: observational study', 'small sample (56 participants)'] });
    expect(grade([MICE], { inconsistentOutcomes: ['tumour growth'] }).reasons).toEqual(['Starts very low: animal or laboratory study']);
  });

  it('rates a review by the designs it pools, from its words when it is typed loosely', () => {
    const text = COCHRANE_LOW.text.replace('low-certainty evidence', 'moderate-certainty evidence');
    const crossref = record({ ...COCHRANE_LOW, source: 'crossref', publicationTypes: ['journal-article'], text });
    expect(grade([crossref]).reasons).toEqual(['Starts high: systematic review of trials']);
    const ofCohorts = record({
      title: 'Soy intake and breast cancer recurrence: a systematic review and meta-analysis of cohort studies',
      publicationTypes: ['Journal Article', 'Meta-Analysis', 'Systematic Review'],
      text: 'METHODS: We searched PubMed and Embase for prospective cohort studies. RESULTS: Nine cohorts (n = 21,453) were pooled.',
    });
    expect(grade([ofCohorts])).toEqual({ grade: 'low', reasons: ['Starts low: systematic review of non-randomised studies'] });
    expect(grade([COCHRANE_LOW, RCT_400]).reasons[0]).toBe('Starts high: systematic review of trials and randomised controlled trial');
  });

  it('does not take randomised mice for a trial', () => {
    const randomisedMice = record({ ...MICE, text: 'METHODS: Tumour-bearing mice were randomized to metformin or vehicle (n = 8 per group).' });
    expect(grade([randomisedMice]).reasons).toEqual(['Starts very low: animal or laboratory study']);
  });

  it('is insufficient with no supports', () => {
    expect(grade([])).toEqual({ grade: 'insufficient', reasons: ['No source supports a published statement.'] });
  });
});

describe('participantCount', () => {
  it.each([
    ['Patients were randomized to exercise or usual care (n = 240).', 240],
    ['METHODS: 240 patients were randomized to exercise or usual care.', 240],
    ['A total of 1,204 women with early breast cancer completed the survey.', 1204],
    ['Survivors of colorectal cancer (N=85) wore accelerometers for 7 days.', 85],
    ['The trial enrolled 62 participants at three centres.', 62],
    ['We interviewed 40 adults after surgery.', 40],
    ['We randomly assigned 400 postmenopausal women to letrozole or anastrozole.', 400],
    ['A total of 12\u2009345 participants were followed for 10 years.', 12345],
    // The total, not the arms or those lost to follow-up.
    ['238 patients were randomised to exercise (n = 120) or usual care (n = 118); 30 patients withdrew.', 238],
  ])('reads %j as %d', (text, n) => {
    expect(participantCount(text)).toBe(n);
  });

  it('reads the abstracts above', () => {
    expect([RCT_400, PILOT_40, COCHRANE_LOW, COHORT, SMALL_COHORT, MICE, IN_VITRO].map((r) => participantCount(r.text))).toEqual([
      400, 40, 1236, 2987, 56, 10, null,
    ]);
  });

  it('takes the largest plain count when no total is marked (real abstract)', () => {
    expect(participantCount(PACT.text)).toBe(237);
  });

  it.each([
    'Female nude mice bearing xenografts received metformin 200 mg/kg for 28 days.',
    'Survival at 5 years in patients with stage III disease was 62%.',
    'Patients were split into 3 groups of patients by age.',
    'From 2015 to 2019 patients were recruited at one centre.',
    'Fatigue fell by 2.5 points in patients who exercised.',
    '',
  ])('finds no count in %j', (text) => {
    expect(participantCount(text)).toBeNull();
  });
});

describe('certaintyText', () => {
  it('gives the label and the downgrades', () => {
    const c: EvidenceCertainty = {
      grade: 'low',
      reasons: ['Starts high: systematic review of trials', 'small sample (40 participants)', 'the review rates its own evidence low certainty'],
    };
    expect(certaintyText(c)).toBe('Low — small sample (40 participants); the review rates its own evidence low certainty');
  });

  it('gives the label and the starting design when nothing was downgraded', () => {
    expect(certaintyText(grade([RCT_400, RCT_620]))).toBe('High — randomised controlled trials');
    expect(certaintyText(grade([COHORT]))).toBe('Low — observational study');
  });

  it('reads a graded answer end to end', () => {
    expect(certaintyText(grade([PILOT_40], { inconsistentOutcomes: ['fear of recurrence'] }))).toBe(
      'Low — small sample (40 participants); inconsistent: studies disagree on fear of recurrence',
    );
  });

  it('says why an answer is insufficient, and copes with no reasons', () => {
    expect(certaintyText(grade([]))).toBe('Insufficient — no source supports a published statement');
    expect(certaintyText({ grade: 'moderate', reasons: [] })).toBe('Moderate');
  });
});
