import type { SupportRuleResult } from '@cqa/contracts';
import type { LiteratureRecord } from '../literature/literature-record';
import { designOf } from './certainty';
import { numbersIn, unstatedNumbers } from './claim-numbers';
import { topicProblem } from './claim-topic';

export { numbersIn };

/**
 * The deterministic half of the support check: does a claim say only what its quotes say? Six rules, each small and
 * explainable; a claim fails when any rule fails. A rule withholds only what it can show is unsupported (a number no
 * source gives, a word of certainty no quote has, an effect the quotes reverse or deny, a study in mice told of people,
 * a cause from an association, a subject the sources never name); everything else goes to the judge. They are measured
 * by `npm run eval:answers`, on the project's own cases and on public claim-verification data.
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
  // A claim that is a quote, word for word, says only what the quote says; who was studied and how still count.
  const flat = (t: string) => t.toLowerCase().replace(/[^\p{L}\d%.]+/gu, ' ').replace(/[.\s]+$/, '').trim();
  if (ctx.quotes.some((q) => flat(q).includes(flat(input.claim)))) {
    return [pass('numbers'), pass('strong_words'), pass('direction'), populationRule(ctx), causalRule(ctx), pass('topic')];
  }
  return [numbersRule(ctx), strongWordsRule(ctx), directionRule(ctx), populationRule(ctx), causalRule(ctx), topicRule(ctx)];
}

const pass = (rule: SupportRuleResult['rule']): SupportRuleResult => ({ rule, passed: true, detail: null });
const fail = (rule: SupportRuleResult['rule'], detail: string): SupportRuleResult => ({ rule, passed: false, detail });
const recordText = (r: RuleRecord) => `${r.title}\n${r.text}`;
const listed = (words: readonly string[]) => [...new Set(words)].map((w) => `"${w}"`).join(', ');

// ---------------------------------------------------------------------------------------------------------------
// Numbers

function numbersRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const missing = unstatedNumbers(claim, quotes, records.map(recordText));
  if (missing.length === 0) return pass('numbers');
  return fail('numbers', `${listed(missing.map((n) => n.text))} ${missing.length === 1 ? 'is' : 'are'} not in the quotes`);
}

// ---------------------------------------------------------------------------------------------------------------
// Certainty: strong words, and settled statements from hedged quotes

/** A word of denial right before (within three words): 'does not cure', 'not always', 'never proven'. */
const DENIED = /\b(?:not|no|never|n't|cannot|without|nor)\s+(?:\w+\s+){0,2}$/i;

/** Each strong-certainty word with the forms of it a quote may use to justify it. */
const STRONG_WORDS: ReadonlyArray<[RegExp, RegExp]> = [
  [/\bcur(?:e|es|ed|ing)\b/i, /\bcur(?:e|es|ed|ing|ative)\b/i],
  [/\bprov(?:en|es|ed|e)\b/i, /\bprov(?:en|es|ed|e)\b/i],
  [/\bproof\b/i, /\bproof\b/i],
  [/\beliminat(?:e|es|ed|ing)\b/i, /\beliminat(?:e|es|ed|ing|ion)\b/i],
  [/\bguarantee(?:s|d)?\b/i, /\bguarantee(?:s|d)?\b/i],
  [/\balways\b/i, /\balways\b/i],
  // 'never develop symptoms' is what 'asymptomatic' says.
  [/\bnever\b/i, /\b(?:never|asymptomatic|undocumented|unidentified|undetected|unrecogni[sz]ed|undiagnosed)\b/i],
  [/\b100\s*(?:%|per\s?cent|percent)/i, /\b100\s*(?:%|per\s?cent|percent)|\ball (?:patients|participants)\b/i],
  [/\b(?:definitely|certainly|undoubtedly|conclusively)\b/i, /\b(?:definitely|certainly|undoubtedly|conclusively)\b/i],
  [/\bcompletely\b/i, /\bcomplete(?:ly)?\b/i],
  [/\bmiracle\b/i, /\bmiracle\b/i],
  // 'Only' of exclusivity ('only symptomatic patients are infectious'), not of a small amount ('only a third', 'only 5%').
  [/\bonly\b(?!\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|about|around|some|half|\d|a few|few|slightly|modest\w*|marginal\w*|small|partial\w*|moderate\w*))/i, /\b(?:only|solely|exclusively|sole|alone|exclusive|restricted to|limited to)\b/i],
  [/\bsolely\b/i, /\b(?:only|solely|exclusively|sole|alone)\b/i],
  [/\bexclusively\b/i, /\b(?:only|solely|exclusively|sole|exclusive)\b/i],
  [/\bsafe(?:ly)?\b/i, /\bsafe(?:ly|ty)?\b|\bwell[- ]tolerated\b|\bno (?:serious |severe )?(?:adverse|side)/i],
];

/** Words by which a quote says its own finding is tentative (a study's way of reporting, 'we suggest', is not one). */
const HEDGES = /\b(?:may|might|could|possibly|preliminary|feasib\w*|pilot|hypothes\w*|needs? to be confirmed)\b/i;
/** A hedge of the quote's own finding: not one inside a clause about something else ('…, which may be crucial'). */
const hedged = (quote: string) =>
  [...quote.matchAll(new RegExp(HEDGES.source, 'gi'))].some((m) => !/\b(?:which|that|who|where|when|if|whether|so|and|although|though|while|whereas)\s+(?:\S+\s+){0,2}$/i.test(quote.slice(0, m.index)));
const PILOT_STUDY = /\b(?:pilot|feasibility)\b/i;
/** Words by which a claim keeps the tentativeness or reports it ('a study suggested'); 'can' and 'linked' are not. */
const CLAIM_HEDGES = /\b(?:may|might|could|suggests?|suggested|suggesting|preliminary|pilot|feasib\w*|small|early|possibl[ey]|potential(?:ly)?|appears?|appeared|seems?|seemed|tends?|promising|limited|uncertain|unclear|not yet|more research|further (?:research|studies|trials?)|larger|one study|a study|(?:un)?likely|probabl[ey]|estimated?|in (?:a|one|this|that) (?:small )?(?:study|trial)|(?:researchers|authors|investigators|scientists) (?:found|reported|suggest|think|believe))\b/i;

function strongWordsRule({ claim, quotes, sources }: RuleContext): SupportRuleResult {
  const joined = quotes.join(' ');
  const unstated = STRONG_WORDS.flatMap(([inClaim, inQuote]) => {
    const m = inClaim.exec(claim);
    if (!m || DENIED.test(claim.slice(0, m.index)) || inQuote.test(joined)) return [];
    return [m[0]];
  });
  if (unstated.length > 0) return fail('strong_words', `says ${listed(unstated)}, which no quote says`);
  if (CLAIM_HEDGES.test(claim)) return pass('strong_words');
  if (quotes.length > 0 && quotes.every(hedged)) return fail('strong_words', 'states as settled what the quotes only suggest');
  // One tentative source among several still needs its tentativeness said.
  const tentative = sources.find((s) => PILOT_STUDY.test(recordText(s.record)) || (s.quotes.length > 0 && s.quotes.every(hedged)));
  if (tentative) return fail('strong_words', 'states as settled what a pilot or tentative finding only suggests');
  return pass('strong_words');
}

// ---------------------------------------------------------------------------------------------------------------
// Direction and negation

type Direction = 'up' | 'down';
type Valence = 'good' | 'bad';
/**
 * What a sentence says happened: a change (its direction, and whether that is good or bad news when the outcome tells),
 * an association without a direction, or a null result.
 */
export type Effect =
  | { kind: 'change'; direction: Direction | null; valence: Valence | null; outcome: string | null }
  | { kind: 'assoc'; outcome: string | null }
  | { kind: 'null'; outcome: string | null };

/** Change words, most specific first: the first kind to match a stretch of text wins it. */
const CHANGE_WORDS: ReadonlyArray<{ direction: Direction | null; valence: Valence | null; re: RegExp }> = [
  { direction: null, valence: 'bad', re: /\b(?:negative (?:outcomes?|effects?|impacts?|consequences?)|more severe|severer|more serious|wors(?:e|en|ened|ening|ens)|deteriorat\w*|harm\w*|poorer|inferior|exacerbat\w*|aggravat\w*)\b/i },
  { direction: null, valence: 'good', re: /\b(?:positive (?:outcomes?|effects?|impacts?|consequences?)|less severe|milder|improv\w*|benefit\w*|better|eas(?:e|ed|es|ing)|relie(?:f|ve|ved|ves)|alleviat\w*|helped|helps?|effective|protect(?:s|ed|ing|ive)?|superior|rescu\w*|restor\w*|favou?rable)\b/i },
  // A process sped up is more of it ('faster progression'); one slowed or delayed is less of it.
  { direction: 'up', valence: null, re: /\b(?:faster|quicker|more rapid(?:ly)?|rapid|accelerat\w*|hasten\w*|sooner|earlier|speed(?:s|ed)? up)\b/i },
  { direction: 'down', valence: null, re: /\b(?:slow(?:s|ed|er|ing)?|delay\w*|postpon\w*|later)\b/i },
  {
    direction: 'up',
    valence: null,
    re: /\b(?:encourag\w*|facilitat\w*|increas\w*|higher|greater|rais(?:e|ed|es|ing)|elevat\w*|boost\w*|enhanc\w*|more|longer|prolong\w*|extend\w*|rose|rises?|risen|rising|induc\w*|promot\w*|activat\w*|stimulat\w*|up-?regulat\w*|amplif\w*|spiked?|doubl\w*|tripl\w*|grew|grow(?:s|n|th)?|expan\w*|gain(?:s|ed)?)\b/i,
  },
  {
    direction: 'down',
    valence: null,
    re: /\b(?:imped\w*|hinder\w*|hamper\w*|halt(?:s|ed|ing)?|reduc\w*|decreas\w*|lower(?:ed|s|ing)?|less|lessen\w*|fewer|declin\w*|diminish\w*|shorter|prevent(?:s|ed|ing)?|cut|drop(?:ped|s)?|fell|falls?|fallen|falling|halv\w*|smaller|inhibit\w*|suppress\w*|block(?:s|ed|ing|ade)?|attenuat\w*|down-?regulat\w*|impair\w*|abolish\w*|abrogat\w*)\b/i,
  },
];
const ASSOCIATION = /\b(?:associat\w*|linked|link|correlat\w*|related|relationship|involved|involvement|(?:plays?|has|have) (?:a |an )?(?:\w+ )?role|(?:a |an |the )?(?:key|major|important|crucial|essential|central|main|critical|leading) (?:factor|role|driver|cause|contributor|source|mediator|determinant)s?)\b/i;

/** Outcomes where less is better; a fall in them is good news. */
const LOWER_IS_BETTER = /\b(?:fatigue|tired\w*|pain|nausea|vomit\w*|mortality|death|deaths|die|died|dying|risk|recurrence|relapse|toxicit\w*|side effects?|adverse|anxiety|depress\w*|distress|symptoms?|incidence|hospitali[sz]\w*|admissions?|insomnia|neuropathy|mucositis|lymph(?:o)?edema|lymphoedema|progression|hot flash\w*|hot flush\w*|weight loss|complications?|infections?|strokes?|transmission|spread|severity|inflammation|fibrosis|atherosclerosis|viral load|tumou?r (?:growth|size|volume|burden)|metastas[ie]s|disability|morbidity|fractures?)\b/i;
const HIGHER_IS_BETTER = /\b(?:survival|surviv\w*|quality of life|qol|response|remission|function\w*|well-being|wellbeing|sleep quality|fitness|strength|adherence|appetite|lifespan|life expectancy|efficacy|effectiveness|work better|activity of|recovery|immunity|sensitivity|specificity|accuracy)\b/i;
const OUTCOME_SYNONYMS: ReadonlyArray<[string, RegExp]> = [
  ['fatigue', /\b(?:fatigue|tired\w*|exhaustion|energy)\b/i],
  ['nausea', /\b(?:nausea|vomit\w*|sickness|emesis)\b/i],
  ['survival', /\b(?:survival|surviv\w*|mortality|death|deaths|die|died|dying|lifespan|life expectancy)\b/i],
  ['pain', /\bpain\w*\b/i],
  ['quality of life', /\b(?:quality of life|qol|well-being|wellbeing)\b/i],
  ['recurrence', /\b(?:recurrence|relapse|recur\w*|came back)\b/i],
  ['risk', /\b(?:risk|incidence|odds)\b/i],
  ['response', /\b(?:response|remission|shrink\w*|tumou?r (?:size|growth|volume))\b/i],
  ['anxiety', /\b(?:anxiety|depress\w*|distress|mood)\b/i],
  ['sleep', /\b(?:sleep|insomnia)\b/i],
];

const EFFECT_AFTER_NOT = String.raw`(?:significantly |statistically significantly |meaningfully |substantially |appear to |seem to |)(?:differ\w*|associated|improv\w*|reduc\w*|increas\w*|chang\w*|affect\w*|benefit\w*|related|linked|lower\w*|effective|significant\w*|prolong\w*|extend\w*|alter\w*|decreas\w*|result\w*|lead\w*|translate\w*|impact\w*|help\w*|prevent\w*|protect\w*|emerge\w*|involved|required|necessary|needed|contribut\w*|influenc\w*|predict\w*|correlat\w*|cause\w*|induc\w*|promot\w*|found|detected|observed|seen)`;
const NULL_RESULT = new RegExp(
  String.raw`\b(?:no (?:significant |statistically significant |clear |meaningful |clinically meaningful |overall |consistent |apparent |such |)(?:difference|differences|effect|effects|benefit|improvement|change|association|reduction|increase|impact|evidence|link|links|involvement|role|relationship|correlation|connection|influence|contribution)` +
    String.raw`|(?:not|n't|never) ${EFFECT_AFTER_NOT}` +
    String.raw`|had no|failed to|unable to|ineffective|neither|similar (?:between|in|across|to)|comparable|non-?significant|insignificant|no longer|none of the|no (?:sub)?groups?|no patients?|no participants?|unrelated|independent(?:ly)? of|dispensable|did not emerge|was not observed|were not observed|not detected|undetectable|unaffected|unchanged|little or no|(?:remained|remains|remain|stayed|stays|stay|was|were) (?:stable|steady|constant|flat|level|unchanged)|(?:the )?same (?:rate|risk|level|odds|likelihood|amount|extent|frequency|incidence)\b[^.;]{0,40}\bas|equally (?:likely|effective|common|frequent))\b`,
  'i',
);
const NEGATION = /\b(?:not|no|never|neither|nor|without|didn't|doesn't|don't|isn't|wasn't|weren't|cannot|can't|failed to|unable to)\b/i;
// An effect size as a ratio: below 1 is less of the outcome, above 1 more; a confidence interval across 1 is no effect.
// The abbreviations are case-sensitive: '4 or 5' is no odds ratio.
const RATIO = /\b(?:[Hh]azard ratios?|[Oo]dds ratios?|[Rr]isk ratios?|[Rr]ate ratios?|[Rr]elative risks?|a?HR|a?OR|a?RR|IRR)\b[^\d;]{0,40}?(\d+(?:\.\d+)?)(?:[^\d]{0,12}?(?:95\s*%\s*)?(?:CI|[Cc]onfidence intervals?)?[^\d]{0,10}?(\d+(?:\.\d+)?)\s*(?:to|-|–|,)\s*(\d+(?:\.\d+)?))?/;

const outcomeOf = (text: string): string | null => OUTCOME_SYNONYMS.find(([, re]) => re.test(text))?.[0] ?? null;

function valenceOf(direction: Direction, texts: readonly string[]): Valence | null {
  for (const text of texts) {
    const lower = LOWER_IS_BETTER.test(text);
    const higher = HIGHER_IS_BETTER.test(text);
    if (lower && !higher) return direction === 'down' ? 'good' : 'bad';
    if (higher && !lower) return direction === 'up' ? 'good' : 'bad';
  }
  return null;
}

/** Words that say nothing of what changed, left out when matching what a claim and a quote are about. */
const FILLER = /^(?:the|a|an|of|in|on|at|to|for|with|by|from|and|or|but|is|are|was|were|be|been|being|has|have|had|do|does|did|this|that|these|those|it|its|their|than|as|which|who|not|no|can|may|might|could|would|should|will|also|more|less|most|very|such|into|over|under|between|among|after|before|during|about|both|each|other|any|all|some|significantly|significant|markedly|substantially|patients?|people|study|studies|group|groups|compared|levels?)$/i;
const stemOf = (word: string) => word.toLowerCase().replace(/[’']s$/, '').slice(0, 5);

/** One change word, with its direction and news, whether it is denied, and the words it acts on. */
interface Mention {
  direction: Direction | null;
  valence: Valence | null;
  denied: boolean;
  about: Set<string>;
  at: number;
}

/**
 * Every change word of a text, read in its own clause. Not those inside a name ('DNA damage-induced') nor a participle
 * that opens the sentence as its subject's adjective ('Activated Cdk5 regulates …').
 */
function mentionsIn(text: string): Mention[] {
  const taken: Array<[number, number]> = [];
  const out: Mention[] = [];
  // A longer time to an event is that event later, less of it so far: 'time to first relapse was longer' reads as
  // relapse delayed, and 'a shorter time to progression' as progression sooner. The change acts on the event.
  for (const m of text.matchAll(TIME_TO)) {
    const word = (m[1] ?? m[4]).toLowerCase();
    const event = m[2] ?? m[3];
    const at = (m.index ?? 0) + m[0].toLowerCase().indexOf(word);
    taken.push([at, at + word.length]);
    out.push({ direction: /^(?:longer|prolonged|extended|delayed|increased)$/.test(word) ? 'down' : 'up', valence: null, denied: NEGATION.test(text.slice(Math.max(0, (m.index ?? 0) - 30), m.index)), about: new Set(contentOf(event)), at });
  }
  for (const w of CHANGE_WORDS) {
    for (const m of text.matchAll(new RegExp(w.re.source, 'gi'))) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      if (taken.some(([a, b]) => at < b && end > a) || /[-‐]$/.test(text.slice(0, at))) continue;
      // The subject, not a change: 'Activated Cdk5 regulates …', 'Reduction of Rpl38 alters …'.
      if (/^\s*(?:\S+\s+)?$/.test(text.slice(0, at)) && (/^\s+of\b/i.test(text.slice(end)) || (/ed$/i.test(m[0]) && /^\s+(?:\p{Lu}|\S*\d)/u.test(text.slice(end))))) continue;
      taken.push([at, end]);
      const before = text.slice(Math.max(0, at - 40), at).split(/[;:,]/).pop()!;
      const after = text.slice(end, end + 60).split(/[;:,.]/)[0];
      // Its news from what it acts on; from the words before it only when nothing follows ('mortality was reduced').
      const acted = after.split(/\s+/).filter((x) => x.length > 2 && !FILLER.test(x));
      const valence = w.valence ?? (w.direction ? valenceOf(w.direction, acted.length > 0 ? [after] : [before]) : null);
      const words = (list: string[]) =>
        list.map((x) => x.replace(/[^\p{L}\d-]/gu, '')).filter((x) => x.length > 2 && !FILLER.test(x) && !CHANGE_WORDS.some((c) => c.re.test(x))).map(stemOf);
      // What it acts on, or what acts: the words after it ('reduced the risk of death') and before it ('deaths were reduced').
      const about = new Set([...words(before.split(/\s+/).filter(Boolean).slice(-3)), ...words(after.split(/\s+/).filter(Boolean).slice(0, 5))]);
      // Denied only by a negation in its own clause: not by 'but not naive,' before a comma.
      out.push({ direction: w.direction, valence, denied: NEGATION.test(text.slice(Math.max(0, at - 30), at).split(/[,;:]/).pop()!), about, at });
    }
  }
  // A ratio on one side of 1 (its interval too) is a change of the outcome it is for: 'HR 0.69 (0.53 to 0.90)' is less.
  for (const { direction, at, end } of ratiosIn(text)) {
    if (!direction) continue;
    const around = `${text.slice(Math.max(0, at - 60), at)} ${text.slice(end, end + 60)}`;
    const about = new Set(contentOf(around));
    out.push({ direction, valence: valenceOf(direction, [around]) ?? (direction === 'down' ? 'good' : 'bad'), denied: false, about, at });
  }
  return out.sort((a, b) => a.at - b.at);
}

const TIME_TO = /\b(?:(longer|shorter|prolonged|extended|delayed|increased|reduced)\s+(?:median\s+|mean\s+)?time\s+(?:to|until|before)\s+([^,;.()]{3,60}?)(?=[,;.()]|\s+(?:with|in|among|for|than|compared|versus|vs)\b|$)|time\s+(?:to|until|before)\s+([^,;.()]{3,60}?)\s+(?:was|were|is|are|being)\s+(?:\w+ly\s+)?(longer|shorter|prolonged|extended|delayed))/gi;

/** Effect ratios (hazard, odds, risk): the side of 1 they fall on, or null when their interval crosses 1. */
function ratiosIn(text: string): Array<{ direction: Direction | null; at: number; end: number }> {
  // Lancet's middle dot is a decimal point ('3·9').
  return [...text.replace(/(\d)·(\d)/g, '$1.$2').matchAll(new RegExp(RATIO.source, 'g'))].map((m) => {
    const [value, low, high] = [m[1], m[2], m[3]].map((v) => (v === undefined ? null : Number(v)));
    const at = m.index ?? 0;
    const end = at + m[0].length;
    if (value === null || value === 1 || (low !== null && high !== null && low <= 1 && high >= 1)) return { direction: null, at, end };
    return { direction: value < 1 ? 'down' : 'up', at, end };
  });
}

/**
 * The effect a sentence states: a null result, or the change word that governs its outcome (the one nearest to the
 * outcome's words: in 'higher intake was associated with lower risk' it is 'lower', not 'higher'), or a ratio's side of 1.
 */
export function effectOf(sentence: string): Effect | null {
  const outcome = outcomeOf(sentence);
  if (NULL_RESULT.test(sentence)) return { kind: 'null', outcome };
  const changes = mentionsIn(sentence);
  if (changes.length === 0) {
    const ratio = ratiosIn(sentence)[0];
    if (ratio?.direction === null) return { kind: 'null', outcome };
    return ASSOCIATION.test(sentence) ? { kind: 'assoc', outcome } : null;
  }
  const outcomeAt = outcome
    ? [...sentence.matchAll(new RegExp(OUTCOME_SYNONYMS.find(([name]) => name === outcome)![1].source, 'gi'))].map((m) => m.index ?? 0)
    : [];
  const distance = (at: number) => (outcomeAt.length ? Math.min(...outcomeAt.map((o) => Math.abs(o - at))) : at);
  changes.sort((a, b) => distance(a.at) - distance(b.at) || a.at - b.at);
  const nearest = changes[0];
  // 'not reduce' in the words before the change word (same clause) makes it a null result.
  const before = sentence.slice(Math.max(0, nearest.at - 30), nearest.at);
  if (NEGATION.test(before) && !/[;:]/.test(before)) return { kind: 'null', outcome };
  const valence = nearest.valence ?? (nearest.direction ? valenceOf(nearest.direction, [sentence.slice(nearest.at, nearest.at + 60), sentence]) : null);
  return { kind: 'change', direction: nearest.direction, valence, outcome };
}

type Sense = Pick<Mention, 'direction' | 'valence'>;
/** Two changes compare by their news when both tell it, else by their direction; null when they cannot be compared. */
function agree(a: Sense, b: Sense): boolean | null {
  if (a.valence && b.valence) return a.valence === b.valence;
  if (a.direction && b.direction) return a.direction === b.direction;
  return null;
}
const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((w) => b.has(w));

/**
 * A denial in the claim's main clause: 'has no genetic basis', 'cannot', 'unrelated'. Not one inside a clause that
 * describes ('people who did not know', 'if not for').
 */
const CLAIM_DENIAL = /\b(?:not|no|never|cannot|can't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|won't|unable|unrelated|impossible|none|nobody|neither|nor|without|lacks?|lacked|lacking|absent|absence|fails?|failed|unaffected|unchanged|insignificant|irrelevant|ineffective|unlikely|rarely)\b/gi;
const SUBORDINATE = /\b(?:who|that|which|if|although|though|whether|when|because|unless|before|after|while|whom|whose)\b(?:\s+\S+){0,3}\s*$/i;
/** Anything by which a quote denies, limits or opposes: such a quote may state a claim's denial in its own words. */
const QUOTE_DENIAL = /\b(?:not|no|never|cannot|\w+n't|unable|unrelated|impossible|none|neither|nor|without|lack\w*|absent|absence|fail(?:s|ed|ing)?|unaffected|unchanged|insignificant|non-?significant|ineffective|unlikely|rarely|little|similar|comparable|independent\w*|dispensable|inadequate|insufficient|free of|negative|undetectable|inactivated|limited|only|rather than|instead|lower|fewer|less|reduc\w*|decreas\w*|inhibit\w*|prevent\w*|suppress\w*|block\w*|abolish\w*|deficien\w*|asymptomatic|undocumented|presymptomatic|mild\w*|minor|low|poor\w*|unclear|uncertain|questioned|doubt\w*|contrary|mortality|died|death|inactiv\w*|incapable|inability|inconsistent|avirulent|(?:un|non)-?(?!der|til|it|iversal|ique|ion|iform|ited|ivers)[a-z]{4,})\b/i;

function claimDenies(claim: string): string | null {
  for (const m of claim.matchAll(CLAIM_DENIAL)) {
    if (!SUBORDINATE.test(claim.slice(0, m.index))) return m[0];
  }
  return null;
}

/** The words of a text that say what it is about, as stems. */
function contentOf(text: string): Set<string> {
  return new Set(
    text
      .split(/\s+/)
      .map((x) => x.replace(/[^\p{L}\d-]/gu, ''))
      .filter((x) => x.length > 2 && !FILLER.test(x) && !CHANGE_WORDS.some((c) => c.re.test(x)) && !NEGATION.test(x))
      .map(stemOf),
  );
}

/** Where a text states a null result: from the null words to the end of their clause. */
function nullSpans(text: string): Array<[number, number]> {
  const crossing = ratiosIn(text).filter((r) => r.direction === null).map((r): [number, number] => [Math.max(0, text.lastIndexOf(',', r.at) + 1), r.end]);
  return [...crossing, ...[...text.matchAll(new RegExp(NULL_RESULT.source, 'gi'))].map((m): [number, number] => {
    const at = m.index ?? 0;
    const rest = text.slice(at);
    const end = rest.search(/[;.]\s|\bbut\b|\bwhereas\b|\bhowever\b|\bwhile\b/i);
    return [Math.max(0, text.lastIndexOf(',', at) + 1), at + (end < 0 ? rest.length : end)];
  })];
}

/** A null result in the quote about something the claim speaks of (not 'no hemorrhage in any other tissues'). */
function nullOn(quote: string, claimWords: Set<string>): boolean {
  return nullSpans(quote).some(([from, to]) => overlaps(contentOf(quote.slice(Math.max(0, from - 50), to)), claimWords));
}

/** The change words a quote asserts: not denied, and not inside a null result ('no subgroup showed a benefit'). */
function assertedIn(quote: string): Mention[] {
  const spans = nullSpans(quote);
  return mentionsIn(quote).filter((m) => !m.denied && !spans.some(([a, b]) => m.at >= a && m.at < b));
}

/**
 * Words whose opposites a quote may use instead of a change word: 'positively associated' against 'negatively',
 * 'UCP1-dependent' against 'UCP1-independent', 'overestimates' against 'underestimates'.
 */
const ANTONYMS: ReadonlyArray<[string, string]> = [
  ['positively', 'negatively'],
  ['positive correlation', 'negative correlation'],
  ['over-?estimat\\w*', 'under-?estimat\\w*'],
  ['dependent', 'independent'],
  ['activates?', '(?:de|in)activates?'],
  ['accurate', 'inaccurate'],
  ['sufficient', 'insufficient'],
  ['necessary', '(?:unnecessary|dispensable)'],
  ['required', 'dispensable'],
  ['susceptible', 'resistant'],
  ['agonists?', 'antagonists?'],
  ['benign', 'malignant'],
  ['common', '(?:uncommon|rare)'],
  // Degree words with their opposites: 'a weak response' against 'a robust response', 'a trivial role' against 'a crucial one'.
  ['weak(?:ly)?', '(?:strong(?:ly)?|robust(?:ly)?|potent(?:ly)?|vigorous(?:ly)?)'],
  ['negligible', '(?:dramatic|substantial|marked|pronounced|considerable)'],
  ['trivial', '(?:crucial|essential|critical|key|major|central|pivotal)'],
  ['least', 'most'],
  ['minority', 'majority'],
  ['harmful', 'beneficial'],
  ['absent', 'present'],
  ['reliable', '(?:unreliable|inadequate|questioned)'],
];

/** An antonym pair the claim and the quotes take opposite sides of, on the same word ('UCP1-dependent'/'UCP1-independent'). */
function antonymSwap(claim: string, quotes: readonly string[]): [string, string] | null {
  const joined = quotes.join(' ');
  for (const [a, b] of ANTONYMS) {
    for (const [said, other] of [[a, b], [b, a]]) {
      const inClaim = new RegExp(`(?:([\\p{L}\\d]+)[-\\s])?\\b(${said})\\b`, 'iu').exec(claim);
      if (!inClaim || new RegExp(`\\b(?:${said})\\b`, 'iu').test(joined) || DENIED.test(claim.slice(0, inClaim.index))) continue;
      const inQuotes = new RegExp(`(?:([\\p{L}\\d]+)[-\\s])?\\b(${other})\\b`, 'giu');
      for (const m of joined.matchAll(inQuotes)) {
        // The same word before both ('UCP1-dependent'), or a quote that shares what the claim speaks of.
        // A compound ('UCP1-dependent') needs its own first word; a free-standing word ('a weak response') a shared subject.
        const compound = inClaim[1] !== undefined && /-$/.test(inClaim[0].slice(0, inClaim[0].length - inClaim[2].length));
        if ((inClaim[1] && m[1] && inClaim[1].toLowerCase() === m[1].toLowerCase()) || (!compound && overlaps(contentOf(claim), contentOf(joined)))) {
          return [inClaim[2], m[2]];
        }
      }
    }
  }
  return null;
}

function directionRule({ claim, quotes }: RuleContext): SupportRuleResult {
  const swapped = antonymSwap(claim, quotes);
  if (swapped) return fail('direction', `says "${swapped[0]}", the quotes say "${swapped[1]}"`);
  const denial = claimDenies(claim);
  if (denial && quotes.length > 0 && !quotes.some((q) => QUOTE_DENIAL.test(q))) {
    return fail('direction', `says "${denial}", but no quote denies or limits anything`);
  }
  const able = deniedAbility(claim, quotes);
  if (able) return fail('direction', `says "${able[0]}", the quotes say "${able[1]}"`);
  const claimWords = contentOf(claim);
  // A denied link or benefit against quotes that state one, in so many words, and report no null result anywhere.
  const affirmed = quotes.some((q) => nullSpans(q).length > 0) ? null : affirmedAgainstDenial(claim, quotes.filter((q) => overlaps(claimWords, contentOf(q))));
  if (affirmed) return fail('direction', `denies ${affirmed[0]}, the quotes say "${affirmed[1]}"`);
  const said = effectOf(claim);
  if (!said) return pass('direction');
  // The quotes that speak of what the claim speaks of; when none does by its words, all of them.
  const sharing = quotes.filter((q) => overlaps(claimWords, contentOf(q)));
  const relevant = sharing.length > 0 ? sharing : quotes;
  const nulls = relevant.filter((q) => nullOn(q, claimWords));
  const stated = relevant.flatMap(assertedIn);
  const claimed = mentionsIn(claim);
  const outcome = said.outcome ? ` for ${said.outcome}` : '';
  /** The quotes' change words that act on most of what `target` names (none when none shares a word). */
  const onTarget = (target: Set<string>) => {
    const shared = (m: Mention) => [...m.about].filter((w) => target.has(w)).length;
    const best = Math.max(0, ...stated.map(shared));
    return best > 0 ? stated.filter((m) => shared(m) === best) : [];
  };
  if (said.kind === 'assoc') {
    const stillSaid = stated.length > 0 || relevant.some((q) => ASSOCIATION.test(q) && nullSpans(q).length === 0);
    return nulls.length > 0 && !stillSaid ? fail('direction', `claims an association${outcome}, but the quotes report none`) : pass('direction');
  }
  if (said.kind === 'change') {
    const mainMention = claimed.find((m) => !m.denied && agree(m, said) !== false);
    const main: Sense = mainMention ?? said;
    const pool = onTarget(mainMention?.about ?? claimWords);
    const verdicts = pool.map((m) => agree(main, m));
    // A quote that reports the claim's change as well as a null result ('…, while no association was noted in
    // others') does not report no effect.
    const onlyNull = nulls.filter((q) => !assertedIn(q).some((m) => agree(main, m) === true));
    if (onlyNull.length > 0 && !verdicts.includes(true)) return fail('direction', `claims an effect${outcome}, but the quotes report no effect or no difference`);
    // Reversed only when the quotes, on what the claim's change acts on, say the opposite and nothing that agrees.
    if (verdicts.includes(false) && !verdicts.includes(true)) {
      return fail('direction', `says ${describe(main)}${outcome}, the quotes say ${describe(pool[verdicts.indexOf(false)])}`);
    }
    return pass('direction');
  }
  // The claim denies an effect. When it denies a change ('did not reduce'), the quotes reverse it by stating that very
  // change; when it denies any effect or association, by reporting a change in what it speaks of. Never beside a null.
  if (nulls.length > 0) return pass('direction');
  const denied = claimed.find((m) => m.denied);
  const pool = onTarget(denied?.about.size ? denied.about : claimWords);
  if (denied ? pool.some((m) => agree(denied, m) === true) : pool.length > 0) {
    return fail('direction', `claims no effect${outcome}, but the quotes report one`);
  }
  // A denied association or benefit ('is not linked to', 'is ineffective') against quotes that state one, in so many
  // words, about what the claim speaks of and report no null result anywhere.
  return pass('direction');
}

/**
 * A denied ability ('cannot detect', 'is unable to infect', 'incapable of producing') against quotes that state that
 * very verb, undenied, and deny nothing anywhere.
 */
function deniedAbility(claim: string, quotes: readonly string[]): [string, string] | null {
  const m = /\b(?:cannot|can't|can not|unable to|incapable of|not able to|never able to)\s+(?:\w+ly\s+)?([a-z]{4,})/i.exec(claim);
  if (!m || SUBORDINATE.test(claim.slice(0, m.index)) || quotes.some((q) => NEGATION.test(q) || NULL_RESULT.test(q))) return null;
  const stem = m[1].toLowerCase().replace(/(?:ing|ed|es|e|s)$/, '');
  if (stem.length < 4) return null;
  for (const q of quotes) {
    const hit = new RegExp(`\\b${stem}\\w*`, 'i').exec(q);
    if (hit) return [m[0], hit[0]];
  }
  return null;
}

/** Claims that deny a link or a benefit ('not associated', 'no relation', 'ineffective', 'does not improve'). */
const DENIED_LINK = /\b(?:(?:not|no|never|n't)\s+(?:\w+\s+){0,2}?(?:associat\w*|linked|link|links|relat\w*|correlat\w*|connect\w*|interact\w*|involved|involvement|role)|unrelated|unassociated)\b/i;
const DENIED_BENEFIT = /\b(?:(?:not|no|never|n't)\s+(?:\w+\s+){0,2}?(?:effective|improv\w*|benefit\w*|help\w*|work|works|useful|beneficial|efficacious)|ineffective|inefficacious|useless)\b/i;
const AFFIRMED_LINK = /\b(?:associated|linked|correlated|related to|interacts?|interaction|involved in|(?:plays?|has|have|had) (?:a |an )?(?:\w+ )?role)\b/gi;

/** The association or good news a quote states, not denied, outside its null results, against a claim denying one. */
function affirmedAgainstDenial(claim: string, quotes: readonly string[]): [string, string] | null {
  const link = DENIED_LINK.test(claim);
  const benefit = DENIED_BENEFIT.test(claim);
  if (!link && !benefit) return null;
  for (const q of quotes) {
    if (link) {
      for (const m of q.matchAll(AFFIRMED_LINK)) {
        if (!NEGATION.test(q.slice(Math.max(0, (m.index ?? 0) - 30), m.index))) return ['a link', m[0]];
      }
    }
    if (benefit) {
      // Not an aim ('to identify effective drugs'): what a study looked for is not what it found.
      const good = assertedIn(q).find((m) => m.valence === 'good' && !/\b(?:to|for)\s+(?:\w+\s+){0,2}$/i.test(q.slice(Math.max(0, m.at - 30), m.at)));
      if (good) return ['a benefit', q.slice(good.at, good.at + 40).split(/[\s,;.]/)[0]];
    }
  }
  return null;
}

function describe(e: Sense): string {
  if (e.valence) return e.valence === 'good' ? 'an improvement' : 'a worsening';
  return e.direction === 'up' ? 'an increase' : 'a decrease';
}

// ---------------------------------------------------------------------------------------------------------------
// Population: animal and laboratory studies, and who was studied

const NON_HUMAN = /\b(?:(?<!computer )mice|(?<!computer )mouse|murine|rats?|rodents?|in vitro|cell lines?|cultured cells|xenografts?|animal models?|zebrafish|dogs|canine|primates|organoids?|in vivo models?|tumou?r-bearing)\b/i;
const HUMAN = /\b(?:patients?|participants?|women|men|adults|children|people|subjects|volunteers|survivors|individuals|persons)\b/i;
/** A claim about people: it names them, or humans. */
const CLAIM_HUMAN = /\b(?:patients?|participants?|women|woman|men|man|adults?|children|child|kids|infants?|babies|baby|people|person|persons|humans?(?!\s+(?:[\w-]+\s+){0,2}(?:cells?|tissues?|samples?|organoids?|lines?|proteins?|genes?|genomes?|antibod\w+|enzymes?|receptors?|serum|plasma|blood))|individuals|survivors|volunteers|smokers|mothers|fathers|pregnant|elderly|teenagers|adolescents|girls|boys|population|clinical(?:ly)?|in the clinic)\b/i;
// Not bare 'cells': 'apoptotic cancer cells in patients' still claims a human result.
const CLAIM_NAMES_NON_HUMAN = /\b(?:mice|mouse|murine|rats?|rodents?|animals?|laboratory|lab|lab-grown|in vitro|ex vivo|cell lines?|cultured|cell cultures?|xenografts?|test tubes?|dish(?:es)?|preclinical|pre-clinical|zebrafish|dogs|cats?|ferrets?|pigs?|bats?|pangolins?|hamsters?|monkeys?|macaques?|(?:non-?human )?primates|rabbits?|flies|drosophila|worms?|c\. elegans|caenorhabditis|yeast|organoids?|model organisms?)\b/i;
/** Groups a claim and its quotes may swap: a finding in women told of men, in adults told of children. */
const GROUPS: ReadonlyArray<[string, RegExp, string, RegExp]> = [
  ['men', /\b(?:men|man|males?|boys?|fathers?)\b/i, 'women', /\b(?:women|woman|females?|girls?|mothers?)\b/i],
  ['children', /\b(?:children|child|kids?|paediatric|pediatric|infants?|adolescents?|teenagers?|newborns?|neonates?)\b/i, 'adults', /\b(?:adults?|elderly|older (?:people|patients|adults))\b/i],
];

const COMPARED_UP = /\b(?:more|higher|greater|increased|elevated|larger)\b/i;
const COMPARED_DOWN = /\b(?:less|lower|fewer|reduced|decreased|smaller)\b/i;
const comparedDirection = (text: string): Direction | null => {
  const up = COMPARED_UP.exec(text);
  const down = COMPARED_DOWN.exec(text);
  if (up && (!down || up.index < down.index)) return 'up';
  return down ? 'down' : null;
};

/**
 * Swapped groups in a comparison: the claim says one group has more (or less) of something than the other ('men are
 * more at risk than women'), the quotes say it of the other group ('women were at increased risk') and never of the
 * claim's. Each group is read with the comparison word within the eight words after it.
 */
function swappedComparison(claim: string, quotes: readonly string[]): [string, string] | null {
  const compared = /\b(?:than|compared (?:to|with)|versus|vs\.?|relative to)\b/i.exec(claim);
  if (!compared) return null;
  for (const [a, inA, b, inB] of GROUPS) {
    const first = [inA.exec(claim.slice(0, compared.index)), inB.exec(claim.slice(0, compared.index))];
    const after = claim.slice(compared.index);
    const [said, other, inOther, inSaid] = first[0] && !first[1] && inB.test(after) ? [a, b, inB, inA] : first[1] && !first[0] && inA.test(after) ? [b, a, inA, inB] : [];
    if (!said) continue;
    const direction = comparedDirection(claim.slice(0, compared.index));
    if (!direction) continue;
    const statedOf = (group: RegExp) =>
      quotes.flatMap((q) => [...q.matchAll(new RegExp(group.source, 'gi'))].map((m) => comparedDirection(q.slice((m.index ?? 0) + m[0].length).split(/\s+/).slice(0, 9).join(' ').split(/[;,.]|\b(?:than|compared|versus|vs|whereas|while|but)\b/i)[0])));
    if (statedOf(inOther as RegExp).includes(direction) && !statedOf(inSaid as RegExp).includes(direction)) return [said as string, other as string];
  }
  return null;
}

function populationRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const joined = quotes.join(' ');
  const swapped = swappedComparison(claim, quotes);
  if (swapped) return fail('population', `the claim says it of ${swapped[0]}; the quotes say it of ${swapped[1]}`);
  for (const [a, inA, b, inB] of GROUPS) {
    for (const [said, inSaid, other, inOther] of [[a, inA, b, inB], [b, inB, a, inA]] as const) {
      if (inSaid.test(claim) && !inOther.test(claim) && inOther.test(joined) && !inSaid.test(joined)) {
        return fail('population', `the claim is about ${said}; the quotes are about ${other}`);
      }
    }
  }
  const nonHuman = records.filter((r) => {
    const whole = recordText(r);
    if (!NON_HUMAN.test(whole)) return false;
    // A trial in patients that mentions earlier mouse work is a human study; its quotes decide, and a quote about
    // people alone is human evidence.
    if (quotes.some((q) => HUMAN.test(q) && !NON_HUMAN.test(q))) return false;
    return NON_HUMAN.test(r.title) || quotes.some((q) => NON_HUMAN.test(q)) || !HUMAN.test(whole);
  });
  // A claim that says no one in particular ('GATA3 regulates self-renewal') is left to the judge.
  if (nonHuman.length === 0 || CLAIM_NAMES_NON_HUMAN.test(claim) || !CLAIM_HUMAN.test(claim)) return pass('population');
  const what = recordText(nonHuman[0]).match(NON_HUMAN)![0].toLowerCase();
  return fail('population', `the study is in ${what}; the claim is about people`);
}

// ---------------------------------------------------------------------------------------------------------------
// Causal wording from observational designs

/** Verbs that state a cause whatever their form. */
const CAUSAL_ALWAYS = /\b(?:caus(?:e|es|ed|ing)|leads? to|led to|leading to|results? in|resulted in|protects?|protective|protected|because of|due to|effect of|makes? (?:\w+ ){0,3}(?:worse|better|more|less|likely))\b/i;
/** Verbs that state a cause when they act on something ('X lowers the risk'), not when they tell a trend ('deaths fell'). */
const CAUSAL_TRANSITIVE = /\b(?:prevent(?:s|ed|ing)?|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|decreas(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|cuts?|improv(?:e|es|ed|ing)|boosts?|boosted|halv(?:e|es|ed)|stops?|stopped|triggers?|triggered|drives?|drove|helps?|helped)\b/gi;
const TENTATIVE_CAUSE = /\b(?:may|might|could|possibly|suggests?|suggested)\b/i;
const ASSOCIATIVE = /\b(?:associat\w*|linked|link|correlat\w*|related to|relationship|observed|tended|more likely|less likely|higher rates?|lower rates?|had (?:a )?(?:higher|lower)|was seen)\b/i;

/** Cohort, case-control, cross-sectional and other non-randomised designs (the certainty rating's reading of the design). */
export function isObservational(record: RuleRecord): boolean {
  const design = designOf(record);
  return design === 'observational' || design === 'observational_review';
}

/** The first verb of the claim that states a cause, or null ('hospital deaths decreased' tells a trend, no cause). */
function causalVerb(claim: string): string | null {
  const always = CAUSAL_ALWAYS.exec(claim);
  if (always && !NEGATION.test(claim.slice(Math.max(0, always.index - 40), always.index))) return always[0];
  for (const m of claim.matchAll(CAUSAL_TRANSITIVE)) {
    const before = claim.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
    const after = claim.slice((m.index ?? 0) + m[0].length);
    if (NEGATION.test(before)) continue; // 'did not reduce', 'no evidence that it reduced': no cause claimed
    if (/\b(?:was|were|is|are|be|been|being|has|have|had|with|a|an|the|of|to)\s+(?:\w+ly\s+)?$/i.test(before) && !/^\s+by\s+(?!\d|about|around|up to|half|a third|a quarter)/i.test(after)) continue; // passive, perfect or adjectival: a trend or a state
    if (/^\s*(?:$|[.,;:)]|\s(?:by|in|from|to|over|during|among|across|after|before|with|between|since|until|at|for|significantly|substantially|sharply|slightly|markedly|steadily|gradually|and|but|or|when|while|as)\b)/i.test(after)) continue; // intransitive: 'deaths decreased during'
    return m[0];
  }
  return null;
}

function causalRule({ claim, records }: RuleContext): SupportRuleResult {
  if (records.length === 0 || !records.every(isObservational)) return pass('causal');
  const verb = causalVerb(claim);
  // 'may lower the risk' keeps the doubt an observational design leaves.
  if (!verb || ASSOCIATIVE.test(claim) || TENTATIVE_CAUSE.test(claim)) return pass('causal');
  return fail('causal', `"${verb}" states cause and effect, but the cited ${records.length === 1 ? 'study is' : 'studies are'} observational ("associated with" would be fair)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Topic: the sources name what the claim is about

function topicRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const problem = topicProblem(claim, quotes, records.map(recordText));
  return problem ? fail('topic', problem) : pass('topic');
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
      if (e?.kind === 'change' && e.outcome && e.valence) valences.add(`${e.outcome}:${e.valence}`);
    }
    for (const v of valences) {
      const [outcome, valence] = v.split(':');
      seen.set(outcome, new Set([...(seen.get(outcome) ?? []), valence]));
    }
  });
  return [...seen].filter(([, valences]) => valences.size > 1).map(([outcome]) => outcome);
}
