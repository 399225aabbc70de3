// Population: animal and laboratory studies, and who was studied.
import type { SupportRuleResult } from '@cqa/contracts';
import type { Direction } from './effect';
import { fail, pass, recordText, RuleContext } from './rule';

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

export function populationRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
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
