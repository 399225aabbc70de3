import type { SupportRuleResult } from '@cqa/contracts';
import type { LiteratureRecord } from '../literature/literature-record';
import { designOf } from './certainty';

/**
 * The deterministic half of the support check: does a claim say only what its quotes say? Five rules, each small
 * and explainable; a claim fails when any rule fails. They look at the claim, the quotes it gave, and the cited
 * records (for the study's population and design). They are tuned on the labelled set in `eval/`
 * (`npm run eval:answers`): a rule change that publishes a misrepresenting claim or drops a fair paraphrase shows there.
 */
type RuleRecord = Pick<LiteratureRecord, 'title' | 'text' | 'publicationTypes' | 'source'>;

export interface SupportRuleInput {
  /** The claim without its citation markers. */
  claim: string;
  /** The claim's accepted citations: each cited record with the verbatim quotes taken from it. */
  sources: ReadonlyArray<{ record: RuleRecord; quotes: readonly string[] }>;
}

interface RuleContext {
  claim: string;
  quotes: readonly string[];
  records: readonly RuleRecord[];
  sources: SupportRuleInput['sources'];
}

export function checkSupportRules(input: SupportRuleInput): SupportRuleResult[] {
  const ctx: RuleContext = { ...input, quotes: input.sources.flatMap((s) => s.quotes), records: input.sources.map((s) => s.record) };
  return [numbersRule(ctx), strongWordsRule(ctx), directionRule(ctx), populationRule(ctx), causalRule(ctx)];
}

const pass = (rule: SupportRuleResult['rule']): SupportRuleResult => ({ rule, passed: true, detail: null });
const fail = (rule: SupportRuleResult['rule'], detail: string): SupportRuleResult => ({ rule, passed: false, detail });

// ---------------------------------------------------------------------------------------------------------------
// Numbers

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};

export interface NumberMention {
  /** As written ('95%', '1,204', 'three'). */
  text: string;
  value: number;
  percent: boolean;
}

/**
 * Every number a text states: digits (thousands separators and decimal points understood, each end of a range such as
 * '10–20'), percentages ('95%', '95 percent', '95 per cent') and number words up to a hundred. Digits inside names
 * (HER2, COVID-19, 5-FU, BRCA1) are not numbers of the claim.
 */
export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  const digits = /(?<![\p{L}\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\p{L}\d])(\s*(?:%|per\s?cent\b|percent\b))?/gu;
  for (const m of text.matchAll(digits)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 1), m.index);
    const after = text.slice((m.index ?? 0) + m[0].length);
    if (/^[-‐]/.test(before) && /[A-Za-z]/.test(text.slice(Math.max(0, (m.index ?? 0) - 2), (m.index ?? 0) - 1))) continue; // COVID-19, IL-6
    if (/^-[A-Z]{2,}/.test(after)) continue; // 5-FU
    const value = Number(`${m[1].replace(/,/g, '')}${m[2] ?? ''}`);
    out.push({ text: m[0].trim(), value, percent: Boolean(m[3]) });
  }
  const tens = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
  const units = 'one|two|three|four|five|six|seven|eight|nine';
  const compound = new RegExp(`\\b(${tens})[-\\s](${units})\\b(\\s*(?:%|per\\s?cent\\b|percent\\b))?`, 'gi');
  const taken: Array<[number, number]> = [];
  for (const m of text.matchAll(compound)) {
    taken.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
    out.push({ text: m[0].trim(), value: NUMBER_WORDS[m[1].toLowerCase()] + NUMBER_WORDS[m[2].toLowerCase()], percent: Boolean(m[3]) });
  }
  const words = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})\\b(\\s*(?:%|per\\s?cent\\b|percent\\b))?`, 'gi');
  for (const m of text.matchAll(words)) {
    if (taken.some(([from, to]) => (m.index ?? 0) >= from && (m.index ?? 0) < to)) continue;
    if (/^one$/i.test(m[1]) && !m[2]) continue; // 'one study', 'one of': rarely a stated count
    out.push({ text: m[0].trim(), value: NUMBER_WORDS[m[1].toLowerCase()], percent: Boolean(m[2]) });
  }
  return out;
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

function numberStated(claimed: NumberMention, stated: readonly NumberMention[]): boolean {
  return stated.some((s) =>
    close(s.value, claimed.value) ||
    // 95% is 0.95, and the reverse.
    (claimed.percent && !s.percent && close(s.value * 100, claimed.value)) ||
    (s.percent && !claimed.percent && close(claimed.value * 100, s.value)),
  );
}

function numbersRule({ claim, quotes }: RuleContext): SupportRuleResult {
  const stated = quotes.flatMap(numbersIn);
  const missing = numbersIn(claim).filter((n) => !numberStated(n, stated));
  if (missing.length === 0) return pass('numbers');
  return fail('numbers', `${[...new Set(missing.map((n) => n.text))].map((t) => `"${t}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the quotes`);
}

// ---------------------------------------------------------------------------------------------------------------
// Certainty: strong words, and settled statements from hedged quotes

/** Each strong-certainty word with the forms of it a quote may use to justify it. */
const STRONG_WORDS: ReadonlyArray<[RegExp, RegExp]> = [
  [/\bcur(?:e|es|ed|ing)\b/i, /\bcur(?:e|es|ed|ing|ative)\b/i],
  [/\bprov(?:en|es|ed|e)\b/i, /\bprov(?:en|es|ed|e)\b/i],
  [/\bproof\b/i, /\bproof\b/i],
  [/\beliminat(?:e|es|ed|ing)\b/i, /\beliminat(?:e|es|ed|ing|ion)\b/i],
  [/\bguarantee(?:s|d)?\b/i, /\bguarantee(?:s|d)?\b/i],
  [/\balways\b/i, /\balways\b/i],
  [/\bnever\b/i, /\bnever\b/i],
  [/\b100\s*(?:%|per\s?cent|percent)/i, /\b100\s*(?:%|per\s?cent|percent)|\ball (?:patients|participants)\b/i],
  [/\b(?:definitely|certainly|undoubtedly|conclusively)\b/i, /\b(?:definitely|certainly|undoubtedly|conclusively)\b/i],
  [/\bcompletely\b/i, /\bcomplete(?:ly)?\b/i],
  [/\bmiracle\b/i, /\bmiracle\b/i],
];

/** Words by which a text says its finding is tentative. */
const HEDGES = /\b(?:may|might|could|can|suggests?|suggested|suggesting|preliminary|feasib\w*|pilot|potential(?:ly)?|possibl[ey]|promising|appears?|appeared|seems?|warrant\w*|further (?:\w+ ){0,2}(?:research|studies|trials?|investigation)|needs? to be confirmed|larger (?:\w+ ){0,2}(?:studies|trials?)|hypothes\w*|early|tends?|trend|limited)\b/i;
const PILOT_STUDY = /\b(?:pilot|feasibility)\b/i;
/** Words by which a claim keeps the tentativeness (or names the kind of study it reports). */
const CLAIM_HEDGES = /\b(?:may|might|could|can|suggests?|suggested|preliminary|pilot|feasib\w*|small|early|possibl[ey]|potential(?:ly)?|appears?|appeared|seems?|tends?|promising|limited|uncertain|unclear|not yet|more research|further (?:research|studies|trials?)|larger|one study|a study|in (?:a|one|this|that) (?:small )?(?:study|trial)|(?:researchers|authors|investigators) (?:found|reported|suggest)|reported|was associated|were associated|associated with|linked)\b/i;

function strongWordsRule({ claim, quotes, sources }: RuleContext): SupportRuleResult {
  const joined = quotes.join(' ');
  const unstated = STRONG_WORDS.filter(([inClaim, inQuote]) => inClaim.test(claim) && !inQuote.test(joined)).map(([re]) => claim.match(re)![0]);
  if (unstated.length > 0) return fail('strong_words', `says ${unstated.map((w) => `"${w}"`).join(', ')}, which no quote says`);
  if (CLAIM_HEDGES.test(claim)) return pass('strong_words');
  if (quotes.length > 0 && quotes.every((q) => HEDGES.test(q))) return fail('strong_words', 'states as settled what the quotes only suggest');
  // One tentative source among several still needs its tentativeness said.
  const tentative = sources.find((s) => PILOT_STUDY.test(`${s.record.title}\n${s.record.text}`) || (s.quotes.length > 0 && s.quotes.every((q) => HEDGES.test(q))));
  if (tentative) return fail('strong_words', 'states as settled what a pilot or tentative finding only suggests');
  return pass('strong_words');
}

// ---------------------------------------------------------------------------------------------------------------
// Direction and negation

type Change = 'up' | 'down' | 'good' | 'bad' | 'assoc';
/** What a sentence says happened: a change in a direction, a null result, or nothing we can read. */
export type Effect = { kind: 'change'; change: Change; outcome: string | null } | { kind: 'null'; outcome: string | null };

const CHANGE_WORDS: ReadonlyArray<[Change, RegExp]> = [
  ['good', /\b(?:improv\w*|benefit\w*|better|eas(?:e|ed|es|ing)|relie(?:f|ve|ved|ves)|alleviat\w*|helped|helps?|effective)\b/i],
  ['bad', /\b(?:wors(?:e|en|ened|ening|ens)|deteriorat\w*|harm\w*|poorer)\b/i],
  ['up', /\b(?:increas\w*|higher|greater|rais(?:e|ed|es)|elevat\w*|boost\w*|enhanc\w*|more|longer|prolong\w*|extend\w*|rose|rise)\b/i],
  ['down', /\b(?:reduc\w*|decreas\w*|lower(?:ed|s|ing)?|less|lessen\w*|fewer|declin\w*|diminish\w*|shorter|prevent\w*|cut|drop(?:ped|s)?|fell|halved|smaller)\b/i],
  // Time to an event: 'sooner' and 'delayed' point opposite ways.
  ['up', /\b(?:later|delay\w*|slower|postpon\w*)\b/i],
  ['down', /\b(?:sooner|earlier|faster|quicker|hasten\w*)\b/i],
  ['assoc', /\b(?:associat\w*|linked|correlat\w*)\b/i],
];

/** Outcomes where less is better; a fall in them is good news. */
const LOWER_IS_BETTER = /\b(?:fatigue|tired\w*|pain|nausea|vomit\w*|mortality|death|deaths|die|dying|risk|recurrence|relapse|toxicit\w*|side effects?|adverse|anxiety|depress\w*|distress|symptoms?|incidence|hospitali[sz]\w*|insomnia|neuropathy|mucositis|lymphoedema|lymphedema|progression|hot flash\w*|hot flush\w*|weight loss|complications?|infections?)\b/i;
const HIGHER_IS_BETTER = /\b(?:survival|surviv\w*|quality of life|qol|response|remission|function\w*|well-being|wellbeing|sleep quality|fitness|strength|adherence|appetite|lifespan|life expectancy|efficacy|effectiveness|work better|activity of)\b/i;
const OUTCOME_SYNONYMS: ReadonlyArray<[string, RegExp]> = [
  ['fatigue', /\b(?:fatigue|tired\w*|exhaustion|energy)\b/i],
  ['nausea', /\b(?:nausea|vomit\w*|sickness|emesis)\b/i],
  ['survival', /\b(?:survival|surviv\w*|mortality|death|deaths|die|dying|lifespan|life expectancy)\b/i],
  ['pain', /\bpain\w*\b/i],
  ['quality of life', /\b(?:quality of life|qol|well-being|wellbeing)\b/i],
  ['recurrence', /\b(?:recurrence|relapse|recur\w*|came back)\b/i],
  ['risk', /\b(?:risk|incidence|odds)\b/i],
  ['response', /\b(?:response|remission|shrink\w*|tumou?r (?:size|growth|volume))\b/i],
  ['anxiety', /\b(?:anxiety|depress\w*|distress|mood)\b/i],
  ['sleep', /\b(?:sleep|insomnia)\b/i],
];

const EFFECT_AFTER_NOT = String.raw`(?:significantly |statistically significantly |meaningfully |substantially )?(?:differ\w*|associated|improv\w*|reduc\w*|increas\w*|chang\w*|affect\w*|benefit\w*|related|linked|lower\w*|effective|significant\w*|prolong\w*|extend\w*|alter\w*|decreas\w*|result\w*|lead\w*|translate\w*|impact\w*|help\w*|prevent\w*|protect\w*)`;
const NULL_RESULT = new RegExp(
  String.raw`\b(?:no (?:significant |statistically significant |clear |meaningful |clinically meaningful |overall )?(?:difference|differences|effect|effects|benefit|improvement|change|association|reduction|increase|impact|evidence)` +
    String.raw`|(?:not|n't|never) ${EFFECT_AFTER_NOT}` +
    String.raw`|had no|failed to|neither|similar (?:between|in|across|to)|comparable|non-?significant|insignificant|no longer|none of the|no (?:sub)?groups?|no patients?|no participants?)\b`,
  'i',
);
const NEGATION = /\b(?:not|no|never|neither|nor|without|didn't|doesn't|don't|isn't|wasn't|weren't|cannot|can't|failed to)\b/i;

const outcomeOf = (text: string): string | null => OUTCOME_SYNONYMS.find(([, re]) => re.test(text))?.[0] ?? null;

/**
 * The effect a sentence states: a null result, or the change word that governs its outcome (the one nearest to the
 * outcome's words: in 'higher intake was associated with lower risk' it is 'lower', not 'higher').
 */
export function effectOf(sentence: string): Effect | null {
  const outcome = outcomeOf(sentence);
  if (NULL_RESULT.test(sentence)) return { kind: 'null', outcome };
  const changes = CHANGE_WORDS.flatMap(([change, re]) =>
    [...sentence.matchAll(new RegExp(re.source, 'gi'))].map((m) => ({ change, at: m.index ?? 0 })));
  if (changes.length === 0) return null;
  // 'associated with a higher rate': the direction word says more than the association word.
  const directed = changes.filter((c) => c.change !== 'assoc');
  if (directed.length > 0) changes.splice(0, changes.length, ...directed);
  const outcomeAt = outcome
    ? [...sentence.matchAll(new RegExp(OUTCOME_SYNONYMS.find(([name]) => name === outcome)![1].source, 'gi'))].map((m) => m.index ?? 0)
    : [];
  const distance = (at: number) => (outcomeAt.length ? Math.min(...outcomeAt.map((o) => Math.abs(o - at))) : at);
  changes.sort((a, b) => distance(a.at) - distance(b.at) || a.at - b.at);
  const nearest = changes[0];
  // 'not reduce' in the words before the change word (same clause) makes it a null result.
  const before = sentence.slice(Math.max(0, nearest.at - 30), nearest.at);
  if (NEGATION.test(before) && !/[;:]/.test(before)) return { kind: 'null', outcome };
  return { kind: 'change', change: valence(nearest.change, sentence.slice(nearest.at, nearest.at + 60), sentence), outcome };
}

/**
 * 'reduced fatigue' and 'improved fatigue' both say good news: compare by valence when the outcome tells it, read
 * first in the words right after the change word ('enhanced the efficacy'), then in the whole sentence.
 */
function valence(change: Change, near: string, sentence: string): Change {
  if (change !== 'up' && change !== 'down') return change;
  for (const text of [near, sentence]) {
    const lower = LOWER_IS_BETTER.test(text);
    const higher = HIGHER_IS_BETTER.test(text);
    if (lower && !higher) return change === 'down' ? 'good' : 'bad';
    if (higher && !lower) return change === 'up' ? 'good' : 'bad';
  }
  return change;
}

const opposite: Record<Change, Change> = { up: 'down', down: 'up', good: 'bad', bad: 'good', assoc: 'assoc' };
/** An association has no direction to reverse; up/down compare with up/down, good/bad with good/bad. */
const comparable = (a: Change, b: Change) => a !== 'assoc' && b !== 'assoc' && (a === 'good' || a === 'bad') === (b === 'good' || b === 'bad');

function directionRule({ claim, quotes }: RuleContext): SupportRuleResult {
  const said = effectOf(claim);
  if (!said) return pass('direction');
  const effects = quotes.map(effectOf).filter((e): e is Effect => e !== null);
  if (effects.length === 0) return pass('direction');
  const sameOutcome = effects.filter((e) => !said.outcome || !e.outcome || e.outcome === said.outcome);
  const relevant = sameOutcome.length > 0 ? sameOutcome : effects;
  const about = said.outcome ? ` for ${said.outcome}` : '';
  if (said.kind === 'change') {
    if (relevant.every((e) => e.kind === 'null')) return fail('direction', `claims an effect${about}, but the quotes report no effect or no difference`);
    const changes = relevant.filter((e): e is Extract<Effect, { kind: 'change' }> => e.kind === 'change');
    const agrees = changes.some((e) => e.change === said.change || !comparable(e.change, said.change));
    if (!agrees && said.change !== 'assoc' && changes.some((e) => e.change === opposite[said.change])) {
      return fail('direction', `says ${describe(said.change)}${about}, the quotes say ${describe(opposite[said.change])}`);
    }
    return pass('direction');
  }
  if (relevant.every((e) => e.kind === 'change')) return fail('direction', `claims no effect${about}, but the quotes report one`);
  return pass('direction');
}

function describe(change: Change): string {
  return { up: 'an increase', down: 'a decrease', good: 'an improvement', bad: 'a worsening', assoc: 'an association' }[change];
}

// ---------------------------------------------------------------------------------------------------------------
// Population

const NON_HUMAN = /\b(?:mice|mouse|murine|rats?|rodents?|in vitro|cell lines?|cultured cells|xenografts?|animal models?|zebrafish|dogs|canine|primates|organoids?|in vivo models?|tumou?r-bearing)\b/i;
const HUMAN = /\b(?:patients?|participants?|women|men|adults|children|people|subjects|volunteers|survivors|individuals|persons)\b/i;
// Not bare 'cells': 'apoptotic cancer cells in patients' still claims a human result.
const CLAIM_NAMES_NON_HUMAN = /\b(?:mice|mouse|murine|rats?|rodents?|animals?|laboratory|lab|lab-grown|in vitro|cell lines?|cultured|cell cultures?|xenografts?|test tubes?|dish(?:es)?|preclinical|pre-clinical|zebrafish|dogs|organoids?)\b/i;

function populationRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const nonHuman = records.filter((r) => {
    const whole = `${r.title}\n${r.text}`;
    if (!NON_HUMAN.test(whole)) return false;
    // A trial in patients that mentions earlier mouse work is a human study; its quotes decide.
    return NON_HUMAN.test(r.title) || quotes.some((q) => NON_HUMAN.test(q)) || !HUMAN.test(whole);
  });
  if (nonHuman.length === 0 || CLAIM_NAMES_NON_HUMAN.test(claim)) return pass('population');
  const what = `${nonHuman[0].title}\n${nonHuman[0].text}`.match(NON_HUMAN)![0].toLowerCase();
  return fail('population', `the study is in ${what}; the claim does not say so`);
}

// ---------------------------------------------------------------------------------------------------------------
// Causal wording from observational designs

const CAUSAL = /\b(?:caus\w*|leads? to|led to|leading to|results? in|resulted in|prevent\w*|protects?|protective|protected|reduc\w*|lower(?:s|ed|ing)?|decreas\w*|increas\w*|rais(?:e|es|ed)|cuts?|improv\w*|boosts?|halv\w*|stops?|makes?|triggers?|drives?|helps?|effect of|because)\b/i;
const TENTATIVE_CAUSE = /\b(?:may|might|could|possibly|suggests?|suggested)\b/i;
const ASSOCIATIVE = /\b(?:associat\w*|linked|link|correlat\w*|related to|relationship|observed|tended|more likely|less likely|higher rates?|lower rates?|had (?:a )?(?:higher|lower)|was seen)\b/i;

/** Cohort, case-control, cross-sectional and other non-randomised designs (the certainty rating's reading of the design). */
export function isObservational(record: RuleRecord): boolean {
  const design = designOf(record);
  return design === 'observational' || design === 'observational_review';
}

function causalRule({ claim, records }: RuleContext): SupportRuleResult {
  if (records.length === 0 || !records.every(isObservational)) return pass('causal');
  const verb = claim.match(CAUSAL);
  // 'may lower the risk' keeps the doubt an observational design leaves.
  if (!verb || ASSOCIATIVE.test(claim) || TENTATIVE_CAUSE.test(claim)) return pass('causal');
  return fail('causal', `"${verb[0]}" states cause and effect, but the cited ${records.length === 1 ? 'study is' : 'studies are'} observational ("associated with" would be fair)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Inconsistency, for the certainty rating

/**
 * Outcomes on which the records point in opposite directions: `quotesByRecord[i]` are the quotes published from one
 * record. Only good-versus-bad news on the same named outcome counts.
 */
export function inconsistentOutcomes(quotesByRecord: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Map<string, Set<string>>();
  quotesByRecord.forEach((quotes) => {
    const valences = new Set<string>();
    for (const q of quotes) {
      const e = effectOf(q);
      if (e?.kind === 'change' && e.outcome && (e.change === 'good' || e.change === 'bad')) valences.add(`${e.outcome}:${e.change}`);
    }
    for (const v of valences) {
      const [outcome, change] = v.split(':');
      seen.set(outcome, new Set([...(seen.get(outcome) ?? []), change]));
    }
  });
  return [...seen].filter(([, changes]) => changes.size > 1).map(([outcome]) => outcome);
}
