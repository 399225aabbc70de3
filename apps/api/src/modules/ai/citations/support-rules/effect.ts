// What a sentence says happened (a change, an association, a null result), read by the direction rule and the certainty rating.

export type Direction = 'up' | 'down';
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
export const ASSOCIATION = /\b(?:associat\w*|linked|link|correlat\w*|related|relationship|involved|involvement|(?:plays?|has|have) (?:a |an )?(?:\w+ )?role|(?:a |an |the )?(?:key|major|important|crucial|essential|central|main|critical|leading) (?:factor|role|driver|cause|contributor|source|mediator|determinant)s?)\b/i;

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
export const NULL_RESULT = new RegExp(
  String.raw`\b(?:no (?:significant |statistically significant |clear |meaningful |clinically meaningful |overall |consistent |apparent |such |)(?:difference|differences|effect|effects|benefit|improvement|change|association|reduction|increase|impact|evidence|link|links|involvement|role|relationship|correlation|connection|influence|contribution)` +
    String.raw`|(?:not|n't|never) ${EFFECT_AFTER_NOT}` +
    String.raw`|had no|failed to|unable to|ineffective|neither|similar (?:between|in|across|to)|comparable|non-?significant|insignificant|no longer|none of the|no (?:sub)?groups?|no patients?|no participants?|unrelated|independent(?:ly)? of|dispensable|did not emerge|was not observed|were not observed|not detected|undetectable|unaffected|unchanged|little or no|(?:remained|remains|remain|stayed|stays|stay|was|were) (?:stable|steady|constant|flat|level|unchanged)|(?:the )?same (?:rate|risk|level|odds|likelihood|amount|extent|frequency|incidence)\b[^.;]{0,40}\bas|equally (?:likely|effective|common|frequent))\b`,
  'i',
);
export const NEGATION = /\b(?:not|no|never|neither|nor|without|didn't|doesn't|don't|isn't|wasn't|weren't|cannot|can't|failed to|unable to)\b/i;
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
export interface Mention {
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
export function mentionsIn(text: string): Mention[] {
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

export type Sense = Pick<Mention, 'direction' | 'valence'>;
/** Two changes compare by their news when both tell it, else by their direction; null when they cannot be compared. */
export function agree(a: Sense, b: Sense): boolean | null {
  if (a.valence && b.valence) return a.valence === b.valence;
  if (a.direction && b.direction) return a.direction === b.direction;
  return null;
}
export const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((w) => b.has(w));

/** The words of a text that say what it is about, as stems. */
export function contentOf(text: string): Set<string> {
  return new Set(
    text
      .split(/\s+/)
      .map((x) => x.replace(/[^\p{L}\d-]/gu, ''))
      .filter((x) => x.length > 2 && !FILLER.test(x) && !CHANGE_WORDS.some((c) => c.re.test(x)) && !NEGATION.test(x))
      .map(stemOf),
  );
}

/** Where a text states a null result: from the null words to the end of their clause. */
export function nullSpans(text: string): Array<[number, number]> {
  const crossing = ratiosIn(text).filter((r) => r.direction === null).map((r): [number, number] => [Math.max(0, text.lastIndexOf(',', r.at) + 1), r.end]);
  return [...crossing, ...[...text.matchAll(new RegExp(NULL_RESULT.source, 'gi'))].map((m): [number, number] => {
    const at = m.index ?? 0;
    const rest = text.slice(at);
    const end = rest.search(/[;.]\s|\bbut\b|\bwhereas\b|\bhowever\b|\bwhile\b/i);
    return [Math.max(0, text.lastIndexOf(',', at) + 1), at + (end < 0 ? rest.length : end)];
  })];
}

/** The change words a quote asserts: not denied, and not inside a null result ('no subgroup showed a benefit'). */
export function assertedIn(quote: string): Mention[] {
  const spans = nullSpans(quote);
  return mentionsIn(quote).filter((m) => !m.denied && !spans.some(([a, b]) => m.at >= a && m.at < b));
}
