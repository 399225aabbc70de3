/**
 * Numbers as claims and quotes state them, for the numbers rule: digits, percentages, number words, fractions in words
 * ("three-quarters", "half"), multiples ("twice", "10-fold") and rates ("1 in 2,000", "493 per million"), with the
 * words right around each number (its unit or the noun it counts), and without the digits inside names.
 */

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};
const FRACTION_WORDS: Record<string, number> = {
  half: 0.5, halves: 0.5, third: 1 / 3, thirds: 1 / 3, quarter: 0.25, quarters: 0.25, fourth: 0.25, fourths: 0.25, fifth: 0.2, fifths: 0.2,
  tenth: 0.1, tenths: 0.1,
};
const MULTIPLE_WORDS: Record<string, number> = { twice: 2, double: 2, doubled: 2, doubling: 2, triple: 3, tripled: 3, tripling: 3, halved: 0.5, halving: 0.5 };
const SCALE_WORDS: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };

export type NumberKind = 'count' | 'percent' | 'rate' | 'multiple';

export interface NumberMention {
  /** As written ('95%', '1,204', 'three', 'one in five'). */
  text: string;
  value: number;
  percent: boolean;
  kind: NumberKind;
  /** 'about 20', 'more than 75%': how far the text allows the value to be from another. */
  approx: 'about' | 'above' | 'below' | null;
  /** Decimal places as written (40 → 0, 2.81 → 2): a claim may round a quote's value to its own precision. */
  decimals: number;
  /** The word before and the word after (lower case), the number's context: 'hr' in 'HR 0.69', 'mg' in '10 mg'. */
  before: string;
  after: string;
  /** An effect ratio's value ('hazard ratio … 0.69', 'OR 1.4'): 0.69 is also a 31% reduction. */
  ratio: boolean;
  at: number;
}

const PERCENT = String.raw`(?:\s*(?:%|per\s?cent\b|percent\b))`;
// Units and the like that keep a hyphenated number a number ('12-week programme', '2-fold'); any other word after the
// hyphen makes it part of a name ('3-kinase', '5-fluorouracil').
const HYPHEN_UNITS = /^-(?:years?|months?|weeks?|days?|hours?|minutes?|min|h|fold|point|item|items|times|dose|doses|mg|g|kg|ml|mm|cm|m|km|gy|year-old|month-old|week-old|day-old|old|cycle|cycles|arm|arms|centre|center|site|step|level|grade|stage|phase|unit|units|fraction|fractions|session|sessions|%)\b/i;
// Statistics whose abbreviations stand right before their numbers ('HR 0.69', 'n = 240'): those numbers are numbers.
const STAT_ABBREVIATIONS = /^(?:HR|OR|RR|CI|IQR|SD|SE|SEM|BMI|AUC|ARR|NNT|MD|SMD|HbA1c|P|N|Gy|IU|USD|EUR|GBP|US|UK)$/;
// Words after which a number names a gene, protein, receptor or type ('factor 21', 'Forkhead 0', 'caspase 11').
const NAMING_WORDS = /\b(?:factors?|receptors?|proteins?|kinases?|types?|class|subunits?|isoforms?|domains?|genes?|chromosomes?|forkhead|interleukin|caspase|complex|clade|strains?|lineages?|serotypes?|genotypes?|cyclin|toll-like|cluster|sirtuin|member|family|variant)\s*$/i;
const APPROX_BEFORE = /\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|estimated|an estimated|close to|circa|ca\.|~|≈|up to|as many as|as much as|more than|over|at least|greater than|above|exceeding|less than|under|fewer than|below|at most|no more than|<|>|≤|≥)\s*$/i;

function approxOf(before: string): NumberMention['approx'] {
  const m = before.match(APPROX_BEFORE);
  if (!m) return null;
  if (/more than|over|at least|greater than|above|exceeding|>|≥/i.test(m[0])) return 'above';
  if (/less than|under|fewer than|below|at most|no more than|up to|as many as|as much as|<|≤/i.test(m[0])) return 'below';
  return 'about';
}

const wordBefore = (text: string, at: number) => (text.slice(Math.max(0, at - 30), at).match(/([\p{L}%][\p{L}\d%.-]*)[\s(:=,]*$/u)?.[1] ?? '').toLowerCase();
const wordAfter = (text: string, end: number) => (text.slice(end, end + 30).match(/^[\s)]*(?:of\s+|per\s+)?([\p{L}%][\p{L}-]*)/u)?.[1] ?? '').toLowerCase();

/** Is the number at [at, end) part of a name: 'PI 3-kinase', 'MEK 1/2', 'BRCA 1', 'factor 21', '1,000 Genomes', 'COVID-19'? */
function isName(text: string, at: number, end: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(end);
  if (/[\p{L}][-‐]$/u.test(before)) return true; // COVID-19, IL-6, SARS-CoV-2
  if (/^-[A-Z]{2,}/.test(after)) return true; // 5-FU
  if (/^[-‐][\p{L}]/u.test(after) && !HYPHEN_UNITS.test(after)) return true; // 3-kinase, 5-fluorouracil
  const prev = before.match(/([\p{L}][\p{L}\d]*)\s$/u)?.[1];
  // An acronym right before ('MEK 1/2', 'BRCA 1', 'PI 3-kinase'), unless it is a statistic's.
  if (prev && /^(?=[\p{L}\d]*\p{Lu}[\p{L}\d]*\p{Lu})[\p{L}\d]+$/u.test(prev) && !STAT_ABBREVIATIONS.test(prev)) return true;
  if (NAMING_WORDS.test(before)) return true;
  if (/^\/\d/.test(after) && prev && /^\p{Lu}/u.test(prev)) return true; // 'MEK 1/2'
  if (/\p{L}\d*\/$|\p{Lu}[\p{L}\d]*\s?\d+\/$/u.test(before)) return true; // 'OCT3/4', 'G2/M', the 2 of 'MEK 1/2'
  // A capitalised word after a number inside a sentence names something ('the 1,000 Genomes Project').
  if (/^\s+\p{Lu}\p{Ll}+/u.test(after) && /\p{Ll}[\s,]*$/u.test(before) && !/^\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(after)) return true;
  return false;
}

// A ratio's name with no other number between it and the value: 'hazard ratio for cardiovascular events of 0.69'.
const RATIO_BEFORE = /(?:\b(?:[Hh]azard|[Oo]dds|[Rr]isk|[Rr]ate) ratios?|\b[Rr]elative risks?|\b(?:a?HR|a?OR|a?RR|IRR))\b[^\d;]*$/;

const decimalsOf = (digits: string) => digits.match(/\.(\d+)$/)?.[1].length ?? 0;

/**
 * Every number a text states. Ranges give both ends ('10–20'); 'N in M', 'N per M' and 'N out of M' are one rate.
 * Digits inside names are not numbers of the claim.
 */
export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  const taken: Array<[number, number]> = [];
  const free = (from: number, to: number) => !taken.some(([a, b]) => from < b && to > a);
  const add = (m: Omit<NumberMention, 'before' | 'after' | 'approx' | 'ratio'> & { end: number; words?: boolean }) => {
    taken.push([m.at, m.end]);
    const { end, words, ...rest } = m;
    // 'a third', 'three-quarters' are round by nature: as loose as 'about'.
    const approx = approxOf(text.slice(Math.max(0, m.at - 25), m.at)) ?? (words ? 'about' : null);
    const ratio = !rest.percent && rest.value > 0 && rest.value < 10 && RATIO_BEFORE.test(text.slice(Math.max(0, m.at - 60), m.at));
    out.push({ ...rest, before: wordBefore(text, m.at), after: wordAfter(text, end), approx, ratio });
  };
  const num = (s: string) => Number(s.replace(/[,\s]/g, ''));
  const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;

  // Rates: '1 in 2,000', '493 per million', '4 out of 5', 'one in five'.
  const wordNum = Object.keys(NUMBER_WORDS).join('|');
  const rate = new RegExp(String.raw`(?<![\p{L}\d.,])(?:${NUM}|(${wordNum}))\s+(?:in|out of|per)\s+(?:${NUM}|(${wordNum})|(a |one )?(hundred|thousand|million|billion))(?:\s+(hundred|thousand|million|billion))?\b`, 'giu');
  for (const m of text.matchAll(rate)) {
    const at = m.index ?? 0;
    const n = m[1] ? num(m[1]) : NUMBER_WORDS[m[2].toLowerCase()];
    let d = m[3] ? num(m[3]) : m[4] ? NUMBER_WORDS[m[4].toLowerCase()] : SCALE_WORDS[m[6].toLowerCase()];
    if (m[7]) d *= SCALE_WORDS[m[7].toLowerCase()];
    if (!d || isName(text, at, at + m[0].length)) continue;
    add({ text: m[0], value: n / d, percent: false, kind: 'rate', decimals: 6, at, end: at + m[0].length });
  }
  // Fractions in words: 'three-quarters', 'two thirds', 'half' (not 'half-life').
  const fraction = new RegExp(String.raw`\b(?:(${wordNum})[-\s])?(${Object.keys(FRACTION_WORDS).join('|')})\b(?!-life)`, 'gi');
  for (const m of text.matchAll(fraction)) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    if (!m[1] && !/^half$/i.test(m[2]) && !/\b(?:a|one)\s+$/i.test(text.slice(Math.max(0, at - 5), at))) continue; // 'the third week'
    const value = (m[1] ? NUMBER_WORDS[m[1].toLowerCase()] : 1) * FRACTION_WORDS[m[2].toLowerCase()];
    add({ text: m[0], value: value * 100, percent: true, kind: 'percent', decimals: 6, at, end: at + m[0].length, words: true });
  }
  // Multiples: 'twice', '10-fold', 'ten times', '3 times'.
  // Not 'double-blind', 'double-strand', 'triple-negative': names, not multiples.
  const multiple = new RegExp(String.raw`\b(?:(${Object.keys(MULTIPLE_WORDS).join('|')})(?![-‐])|(?:${NUM}|(${wordNum}))[-\s](?:fold|times)\b)`, 'gi');
  for (const m of text.matchAll(multiple)) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    const value = m[1] ? MULTIPLE_WORDS[m[1].toLowerCase()] : m[2] ? num(m[2]) : NUMBER_WORDS[m[3].toLowerCase()];
    add({ text: m[0], value, percent: false, kind: 'multiple', decimals: m[2] ? decimalsOf(m[2]) : 0, at, end: at + m[0].length });
  }
  // Digits (thousands separators and decimal points understood), with a percent sign or word.
  const digits = new RegExp(String.raw`(?<![\p{L}\d.,])${NUM}(?![\p{L}\d])(${PERCENT})?`, 'gu');
  for (const m of text.matchAll(digits)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    if (!free(at, end) || isName(text, at, at + m[1].length)) continue;
    add({ text: m[0].trim(), value: num(m[1]), percent: Boolean(m[2]), kind: m[2] ? 'percent' : 'count', decimals: decimalsOf(m[1]), at, end });
  }
  // Number words up to a hundred ('forty-eight', 'three'); 'one' alone is rarely a stated count ('one study').
  const tens = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
  const units = 'one|two|three|four|five|six|seven|eight|nine';
  const compound = new RegExp(String.raw`\b(${tens})[-\s](${units})\b(${PERCENT})?`, 'gi');
  for (const m of text.matchAll(compound)) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    add({ text: m[0].trim(), value: NUMBER_WORDS[m[1].toLowerCase()] + NUMBER_WORDS[m[2].toLowerCase()], percent: Boolean(m[3]), kind: m[3] ? 'percent' : 'count', decimals: 0, at, end: at + m[0].length });
  }
  const words = new RegExp(String.raw`\b(${wordNum})\b(${PERCENT})?`, 'gi');
  for (const m of text.matchAll(words)) {
    const at = m.index ?? 0;
    if (!free(at, at + m[0].length)) continue;
    if (/^one$/i.test(m[1]) && !m[2]) continue;
    if (/^hundred$/i.test(m[1]) && /\b(?:several|a few|few|many|some|a|hundreds of)\s+$/i.test(text.slice(Math.max(0, at - 12), at))) continue; // 'several hundred'
    add({ text: m[0].trim(), value: NUMBER_WORDS[m[1].toLowerCase()], percent: Boolean(m[2]), kind: m[2] ? 'percent' : 'count', decimals: 0, at, end: at + m[0].length });
  }
  return out.sort((a, b) => a.at - b.at);
}

const CONTEXT_STOP = /^(?:the|a|an|of|in|on|at|to|for|with|by|from|and|or|was|were|is|are|be|been|than|vs|versus|that|which|after|before|about|approximately|around|nearly|over|under|more|less|only|all|each|per|to|as|respectively|and|but|among|between|within|during|up|at|least|most)$/;
const meaningful = (word: string) => word !== '' && !CONTEXT_STOP.test(word);

const MONTH = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/;
/** A year, and a day of a month ('April 1', '23 January'): each checked only against quotes that give one of its kind. */
const YEAR = (n: NumberMention) => n.kind === 'count' && n.decimals === 0 && !n.approx && n.value >= 1900 && n.value <= 2100;
const DAY = (n: NumberMention) => n.kind === 'count' && n.decimals === 0 && n.value <= 31 && (MONTH.test(n.before) || MONTH.test(n.after));

/** Units a claim may convert a quote's figure into: each pair with the factor from the second to the first. */
const UNITS: ReadonlyArray<[RegExp, RegExp, number]> = [
  [/^(?:feet|foot|ft)$/, /^(?:m|metres?|meters?)$/, 3.28084],
  [/^(?:inch|inches|in)$/, /^(?:cm|centimetres?|centimeters?)$/, 1 / 2.54],
  [/^(?:miles?|mi)$/, /^(?:km|kilometres?|kilometers?)$/, 1 / 1.609344],
  [/^(?:pounds?|lbs?)$/, /^(?:kg|kilograms?|kilos?)$/, 2.20462],
];

/** The values a stated number stands for, on the claim's scale: 0.95 for a claimed 95% is 95; a rate of 1 in 5 is 20%. */
function valuesOf(stated: NumberMention, claimed: NumberMention): number[] {
  for (const [a, b, factor] of UNITS) {
    if (a.test(claimed.after) && b.test(stated.after)) return [stated.value * factor];
    if (b.test(claimed.after) && a.test(stated.after)) return [stated.value / factor];
  }
  // A ratio of 0.69 is a 31% reduction, one of 1.4 a 40% increase.
  if (stated.ratio && claimed.percent) return [stated.value, Math.abs(1 - stated.value) * 100];
  if (stated.kind === 'rate') return [stated.value, stated.value * 100, stated.value * 1e6];
  if (stated.kind === 'multiple') return [stated.value, stated.value * 100 - 100]; // 'twice' is also '100% more'
  if (claimed.percent && !stated.percent && stated.value <= 1) return [stated.value, stated.value * 100];
  if (stated.percent && !claimed.percent && claimed.value <= 1) return [stated.value, stated.value / 100];
  return [stated.value];
}

/** Does `stated` (from a quote) say what `claimed` says, allowing the claim its own rounding and its 'about'? */
export function sameNumber(claimed: NumberMention, stated: NumberMention): boolean {
  const candidates = valuesOf(stated, claimed);
  const targets = claimed.kind === 'rate' ? [claimed.value, claimed.value * 100, claimed.value * 1e6] : [claimed.value];
  const rounding = 0.5 * 10 ** -claimed.decimals;
  return targets.some((t) =>
    candidates.some((v) => {
      if (Math.abs(v - t) < 1e-9) return true;
      if (claimed.decimals < 6 && Math.abs(v - t) < rounding + 1e-9) return true; // 2.8 for 2.81, 40 for 40.4
      if (claimed.approx === 'about') return Math.abs(v - t) <= 0.15 * Math.abs(t) || Math.abs(v - t) < 1;
      if (claimed.approx === 'above') return v >= t && v <= t * 1.5;
      if (claimed.approx === 'below') return v <= t && v >= t * 0.5;
      if (claimed.kind === 'rate' || stated.kind === 'rate' || claimed.kind === 'multiple') return Math.abs(v - t) <= 0.05 * Math.abs(t); // '1 in 2,000' for 493 per million
      if (claimed.kind === 'percent' && claimed.decimals === 0 && Math.abs(v - t) < 1) return true; // 40 percent for 40.7%
      return false;
    }),
  );
}

/**
 * The claim's numbers that neither its quotes nor the record they come from state. A number the record states
 * elsewhere is left to the judge unless a quote states another number in the same place (the same unit or the same
 * word before it: '20 mg' against '10 mg', 'HR 0.59' against 'HR 0.69'). A date counts only when the quotes give one.
 */
export function unstatedNumbers(claim: string, quotes: readonly string[], recordTexts: readonly string[]): NumberMention[] {
  const quoted = quotes.flatMap(numbersIn);
  const inRecord = recordTexts.flatMap(numbersIn);
  const quotesGive = { year: quoted.some(YEAR), day: quoted.some(DAY) };
  return numbersIn(claim).filter((n) => {
    if (quoted.some((s) => sameNumber(n, s))) return false;
    if ((YEAR(n) && !quotesGive.year) || (DAY(n) && !quotesGive.day)) return false;
    if (!inRecord.some((s) => sameNumber(n, s))) return true;
    const samePlace = (s: NumberMention) =>
      (meaningful(n.after) && s.after === n.after) ||
      (meaningful(n.before) && s.before === n.before) ||
      // Two effect sizes or two means written alike ('0.67' and '0.76', '13.3' and '10.3'): one figure changed.
      (n.kind === s.kind && n.decimals > 0 && n.decimals === s.decimals && Math.floor(Math.log10(n.value)) === Math.floor(Math.log10(s.value)));
    return quoted.some((s) => samePlace(s) && !sameNumber(n, s));
  });
}
