import { EVIDENCE_GRADE_LABELS } from '@cqa/contracts';
import type { EvidenceCertainty, EvidenceGrade } from '@cqa/contracts';
import type { LiteratureRecord } from '../literature/literature-record';
import { evidenceLevelOf } from './evidence-level';

export interface CertaintySupport {
  record: LiteratureRecord;
  /** quotes the published claims took from it */
  quotes: readonly string[];
}

export interface CertaintyInput {
  /** Records that support the published claims (retracted ones already excluded). */
  supports: readonly CertaintySupport[];
  /** Outcomes on which the cited records point in opposite directions (computed by the caller), e.g. ['fatigue']. */
  inconsistentOutcomes?: readonly string[];
  /** The question's cancer type when known ('Breast Cancer'), for indirectness. */
  questionCancer?: string | null;
}

export type Design =
  | 'meta_analysis' | 'guideline' | 'rct' | 'observational' | 'observational_review' | 'review'
  | 'case_report' | 'laboratory' | 'registration' | 'other';

/** Where each design starts, and how a reason names it (one record, several) and refers to it. */
const DESIGNS: Record<Design, { start: EvidenceGrade; one: string; many: string; it: string }> = {
  meta_analysis: { start: 'high', one: 'systematic review of trials', many: 'systematic reviews of trials', it: 'the review' },
  guideline: { start: 'high', one: 'guideline', many: 'guidelines', it: 'the guideline' },
  rct: { start: 'high', one: 'randomised controlled trial', many: 'randomised controlled trials', it: 'the trial' },
  observational: { start: 'low', one: 'observational study', many: 'observational studies', it: 'the study' },
  observational_review: {
    start: 'low', one: 'systematic review of non-randomised studies', many: 'systematic reviews of non-randomised studies', it: 'the review',
  },
  review: { start: 'low', one: 'narrative review', many: 'narrative reviews', it: 'the review' },
  case_report: { start: 'very_low', one: 'case report', many: 'case reports', it: 'the report' },
  laboratory: { start: 'very_low', one: 'animal or laboratory study', many: 'animal or laboratory studies', it: 'the study' },
  registration: { start: 'very_low', one: 'a registered trial, not results', many: 'registered trials, not results', it: 'the registration' },
  other: { start: 'very_low', one: 'study of unclear design', many: 'studies of unclear design', it: 'the source' },
};
const LADDER: readonly EvidenceGrade[] = ['high', 'moderate', 'low', 'very_low'];
const SMALL_SAMPLE = 100;

// What an abstract says of its own design. Publication types come first; these words rate the records that are typed
// loosely or not at all ('Journal Article', 'Review', Crossref's 'journal-article'), as recent PubMed records are.
const SYSTEMATIC_TITLE = /\b(?:systematic review|meta-analys[ie]s|meta-analytic)\b/i;
const SYSTEMATIC_TEXT = /\b(?:we (?:systematically )?searched|systematically searched|search methods|prisma)\b/i;
const TRIALS = /\b(?:trials?|rcts?)\b/i;
// The words must belong together: "warrants comparison in a randomized setting" does not make a phase II trial an RCT.
const RANDOMISED_TRIAL =
  /(?<!\bnot |\bnon-?|\bnon )\b(?:randomi[sz]ed(?:,? [\w-]+){0,4},? trials?|rcts?|(?:were|was|been|being) randomi[sz]ed|randomly (?:assigned|allocated))\b/i;
const NOT_RANDOMISED = /\b(?:single[- ]arm|non-?randomi[sz]ed|uncontrolled)\b/i;
const OBSERVATIONAL =
  /\b(?:cohort|case-control|cross-sectional|registry|retrospective(?:ly)?|prospective(?:ly)?|population-based|observational|phase (?:i{1,2}|[12])(?![i\d]))\b/i;
const CASE_REPORT = /\b(?:case report|we (?:report|describe|present) (?:a|an|the|two|three) (?:\w+ )?cases?)\b/i;
const LABORATORY =
  /\b(?:mice|mouse|murine|rats?|xenografts?|in vitro(?! fertili[sz]ation)|cell lines?|cultured cells|cell cultures?|(?:cancer|tumou?r) cells)\b/i;
const PILOT = /\b(?:pilot|feasibility)(?: and (?:pilot|feasibility))? (?:study|trial|rct|randomi[sz]ed)/i;
const SELF_RATED_LOW = new RegExp(
  [
    String.raw`(?:very[- ])?low[- ]certainty(?: (?:of )?(?:the )?evidence)?`,
    // "low quality of life" is an outcome, not a rating: the words must be about evidence.
    String.raw`(?:very[- ])?low[- ]quality (?:of (?:the )?)?evidence`,
    String.raw`(?:limited|insufficient) evidence`,
    String.raw`(?:further|more) (?:[\w-]+ ){0,3}?(?:trials|research) (?:is |are )?(?:needed|required|warranted)`,
    String.raw`high risk of bias`,
  ].join('|'),
  'i',
);

type DesignedRecord = Pick<LiteratureRecord, 'source' | 'title' | 'text' | 'publicationTypes'>;
const words = (record: DesignedRecord) => `${record.title}\n${record.text}`;

/** The study design a record reports, from its publication types first and its own words second (shared with the support rules). */
export function designOf(record: DesignedRecord): Design {
  const level = evidenceLevelOf(record);
  const text = words(record);
  if (level === 'trial_registration') return 'registration';
  if (level === 'guideline') return 'guideline';
  if (level === 'rct') return 'rct';
  if (level === 'case_report') return 'case_report';
  // A review is only as strong as the designs it pools.
  if (level === 'meta_analysis' || SYSTEMATIC_TITLE.test(record.title) || SYSTEMATIC_TEXT.test(record.text)) {
    return TRIALS.test(text) ? 'meta_analysis' : 'observational_review';
  }
  if (level === 'review') return 'review';
  // Human studies mention mice or cell lines in their background too; an animal or laboratory study counts no people.
  if (LABORATORY.test(text) && counts(COUNTED, text).length === 0) return 'laboratory';
  // Typed observational by the indexer: a cohort nested in a trial, or one that calls for randomised trials, stays one.
  if (record.publicationTypes.some((t) => /^observational study$/i.test(t.trim()))) return 'observational';
  if (NOT_RANDOMISED.test(text)) return 'observational';
  if (RANDOMISED_TRIAL.test(text)) return 'rct';
  if (level === 'observational' || OBSERVATIONAL.test(text)) return 'observational';
  if (CASE_REPORT.test(text)) return 'case_report';
  return 'other';
}

interface Rated {
  record: LiteratureRecord;
  design: Design;
  participants: number | null;
}

const andList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function startReason(start: EvidenceGrade, leading: readonly Rated[]): string {
  const designs = [...new Set(leading.map((r) => r.design))];
  const named = designs.map((d) => (leading.filter((r) => r.design === d).length === 1 ? DESIGNS[d].one : DESIGNS[d].many));
  return `Starts ${EVIDENCE_GRADE_LABELS[start].toLowerCase()}: ${andList(named)}`;
}

function imprecision(leading: readonly Rated[]): string | null {
  const small = leading.map((r) => r.participants).filter((n): n is number => n !== null && n < SMALL_SAMPLE);
  if (small.length === 1) return `small sample (${small[0]} participants)`;
  if (small.length > 1) return `small samples (${andList(small.map(String))} participants)`;
  return leading.some((r) => PILOT.test(words(r.record))) ? 'pilot or feasibility study' : null;
}

function selfRatedLow(leading: readonly Rated[]): string | null {
  for (const { record, design } of leading) {
    const phrase = SELF_RATED_LOW.exec(words(record))?.[0].replace(/\s+/g, ' ');
    if (phrase) return `${DESIGNS[design].it} rates its own evidence as low certainty ("${phrase}")`;
  }
  return null;
}

/** Cancer sites: `site` words need a cancer noun after them to name a cancer ('breast cancer'); `names` name one alone. */
const SITE_WORDS: ReadonlyArray<{ label: string; site?: string; names?: string }> = [
  { label: 'breast cancer', site: 'breast' },
  { label: 'prostate cancer', site: 'prostate|prostatic' },
  { label: 'lung cancer', site: 'lung', names: 'nsclc|sclc' },
  { label: 'colorectal cancer', site: 'colorectal|colon|rectal|bowel' },
  { label: 'pancreatic cancer', site: 'pancreatic' },
  { label: 'ovarian cancer', site: 'ovarian' },
  { label: 'cervical cancer', site: 'cervical' },
  { label: 'uterine cancer', site: 'endometrial|uterine' },
  { label: 'bladder cancer', site: 'bladder|urothelial' },
  { label: 'kidney cancer', site: 'kidney|renal' },
  { label: 'liver cancer', site: 'liver|hepatocellular', names: 'hcc' },
  { label: 'stomach cancer', site: 'stomach|gastric' },
  { label: 'oesophageal cancer', site: 'o?esophageal' },
  { label: 'head and neck cancer', site: 'head (?:and|&) neck|oral|oropharyngeal|laryngeal' },
  { label: 'thyroid cancer', site: 'thyroid' },
  // Before melanoma, so that the option 'Non-Melanoma Skin Cancer' is read as skin cancer.
  { label: 'skin cancer', site: 'skin', names: 'basal cell carcinomas?' },
  { label: 'melanoma', names: '(?<!non-)melanomas?' },
  { label: 'brain tumour', site: 'brain', names: 'gliomas?|glioblastomas?' },
  { label: 'leukaemia', names: 'leuka?emias?' },
  { label: 'lymphoma', names: 'lymphomas?|(?:non-)?hodgkin' },
  { label: 'myeloma', names: 'myelomas?' },
  { label: 'sarcoma', names: 'sarcomas?' },
  { label: 'testicular cancer', site: 'testicular' },
];
const CANCER_SITES = SITE_WORDS.map(({ label, site, names }) => {
  const named = [
    site && String.raw`(?:${site})(?: cell| ductal| squamous cell)? (?:cancers?|carcinomas?|adenocarcinomas?|tumou?rs?|neoplasms?|malignanc(?:y|ies))`,
    names,
  ].filter(Boolean);
  const mentioned = [site, names].filter(Boolean);
  return { label, named: new RegExp(String.raw`\b(?:${named.join('|')})\b`, 'i'), mentioned: new RegExp(String.raw`\b(?:${mentioned.join('|')})\b`, 'i') };
});

/**
 * A record is about another cancer when it clearly names one ('prostate cancer') and does not so much as mention the
 * question's site: a study of "breast, prostate and colorectal cancer" is not indirect for breast cancer.
 */
function otherCancer(record: LiteratureRecord, questionCancer: string): string | null {
  const wanted = CANCER_SITES.find((s) => s.mentioned.test(questionCancer));
  if (!wanted || wanted.mentioned.test(words(record))) return null;
  const named = CANCER_SITES.filter((s) => s !== wanted && s.named.test(words(record)));
  return named.length > 0 ? `about ${andList(named.map((s) => s.label))}, not ${wanted.label}` : null;
}

function indirectness(rated: readonly Rated[], leading: readonly Rated[], questionCancer: string | null): string | null {
  const problems: string[] = [];
  const elsewhere = questionCancer ? leading.map((r) => otherCancer(r.record, questionCancer)).find((p) => p !== null) : null;
  if (elsewhere) problems.push(elsewhere);
  if (rated.some((r) => r.design === 'laboratory') && leading.some((r) => r.design !== 'laboratory')) {
    problems.push('some evidence is from animal or laboratory studies');
  }
  return problems.length > 0 ? `indirect: ${problems.join(', and ')}` : null;
}

function inconsistency(outcomes: readonly string[]): string | null {
  const named = [...new Set(outcomes.map((o) => o.trim()).filter(Boolean))];
  return named.length > 0 ? `inconsistent: studies disagree on ${andList(named)}` : null;
}

function uncheckedRetraction(supports: readonly CertaintySupport[]): string | null {
  const n = new Set(supports.filter((s) => s.record.retraction === 'unknown').map((s) => s.record)).size;
  return n > 0 ? `retraction status of ${n} ${n === 1 ? 'source' : 'sources'} could not be checked` : null;
}

/**
 * GRADE-like certainty: the body of evidence starts at its strongest design, then loses one level for each kind of
 * problem (small samples, the source's own low rating, indirectness, inconsistency, unchecked retraction), never below
 * very low. Only the downgrades that moved the grade are given as reasons.
 */
export function gradeCertainty(input: CertaintyInput): EvidenceCertainty {
  const { supports, inconsistentOutcomes = [], questionCancer = null } = input;
  if (supports.length === 0) return { grade: 'insufficient', reasons: ['No source supports a published statement.'] };
  const rated: Rated[] = supports.map(({ record }) => ({ record, design: designOf(record), participants: participantCount(words(record)) }));
  const start = Math.min(...rated.map((r) => LADDER.indexOf(DESIGNS[r.design].start)));
  // Sample size, self-rating and topic are judged on the records that set the level: the body is led by its strongest.
  const leading = rated.filter((r) => LADDER.indexOf(DESIGNS[r.design].start) === start);
  const downgrades = [
    imprecision(leading),
    selfRatedLow(leading),
    indirectness(rated, leading, questionCancer),
    inconsistency(inconsistentOutcomes),
    uncheckedRetraction(supports),
  ]
    .filter((reason): reason is string => reason !== null)
    .slice(0, LADDER.length - 1 - start);
  return { grade: LADDER[start + downgrades.length], reasons: [startReason(LADDER[start], leading), ...downgrades] };
}

// Participant counts: a number (thousands separated by commas or thin spaces, never part of a decimal) before up to
// four describing words ('newly diagnosed breast cancer') and a word for people. Units and prepositions end the run,
// so "5 years in patients" and "3 groups of patients" count nobody.
const NUMBER = String.raw`(?<![\d.,])(\d{1,3}(?:[,\u00a0\u2009\u202f]\d{3})+|\d+)(?!\.\d)`;
const DESCRIBED = String.raw`(?:(?!(?:years?|months?|weeks?|days?|hours?|of|in|with|per|and|or|to|from|at|for|vs|versus|mg|kg|ml)\b)[a-z][a-z-]*\s+){0,4}`;
const PEOPLE = String.raw`(?:participants|patients|subjects|women|men|adults|children|adolescents|survivors|individuals|people|persons|volunteers|respondents)\b`;
const ENROLLED = String.raw`(?:enrolled|enrolling|recruited|included|randomi[sz]ed|randomly (?:assigned|allocated))`;
const COUNTED = new RegExp(String.raw`${NUMBER}\s+${DESCRIBED}${PEOPLE}`, 'gi');
/** Phrasings that give the total enrolled or randomised, preferred over any other count. */
const TOTALS = [
  new RegExp(String.raw`\bn\s*=\s*${NUMBER}`, 'gi'),
  new RegExp(String.raw`\b(?:a total of|in total|overall|${ENROLLED})\s+(?:a total of\s+)?${NUMBER}\s+${DESCRIBED}${PEOPLE}`, 'gi'),
  new RegExp(
    String.raw`${NUMBER}\s+${DESCRIBED}${PEOPLE}(?:\s+with\b[^.;]{0,80}?)?\s+(?:(?:were|was|had been)\s+)?(?:randomly\s+)?(?:${ENROLLED}|assigned|allocated)`,
    'gi',
  ),
];

/** The numbers a pattern captures, without "From 2015 to 2019 patients were…": a bare year is not a count. */
const counts = (pattern: RegExp, text: string) =>
  [...text.matchAll(pattern)].map((m) => m[1]).filter((digits) => !/^(?:19|20)\d\d$/.test(digits)).map((digits) => Number(digits.replace(/\D/g, '')));

/** Participant count parsed from an abstract, or null: "n = 240", "240 patients were randomized", "A total of 1,204 women", "(N=85)", "enrolled 62 participants", "40 adults". Prefer the total enrolled/randomised. */
export function participantCount(text: string): number | null {
  const totals = TOTALS.flatMap((pattern) => counts(pattern, text));
  const found = totals.length > 0 ? totals : counts(COUNTED, text);
  return found.length > 0 ? Math.max(...found) : null;
}
