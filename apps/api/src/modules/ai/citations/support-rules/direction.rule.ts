// Direction and negation: the claim does not reverse or deny what its quotes say.
import type { SupportRuleResult } from '@cqa/contracts';
import { agree, ASSOCIATION, assertedIn, contentOf, effectOf, type Mention, mentionsIn, NEGATION, NULL_RESULT, nullSpans, overlaps, type Sense } from './effect';
import { DENIED, fail, pass, RuleContext } from './rule';

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

/** A null result in the quote about something the claim speaks of (not 'no hemorrhage in any other tissues'). */
function nullOn(quote: string, claimWords: Set<string>): boolean {
  return nullSpans(quote).some(([from, to]) => overlaps(contentOf(quote.slice(Math.max(0, from - 50), to)), claimWords));
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

export function directionRule({ claim, quotes }: RuleContext): SupportRuleResult {
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
