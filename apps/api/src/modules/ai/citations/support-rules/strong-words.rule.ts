// Certainty: strong words, and settled statements from hedged quotes.
import type { SupportRuleResult } from '@cqa/contracts';
import { DENIED, fail, listed, pass, recordText, RuleContext } from './rule';

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

export function strongWordsRule({ claim, quotes, sources }: RuleContext): SupportRuleResult {
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
