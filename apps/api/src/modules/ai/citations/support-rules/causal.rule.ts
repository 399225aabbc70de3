// Causal wording from observational designs.
import type { SupportRuleResult } from '@cqa/contracts';
import { designOf } from '../certainty';
import { NEGATION } from './effect';
import { fail, pass, RuleContext, RuleRecord } from './rule';

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

export function causalRule({ claim, records }: RuleContext): SupportRuleResult {
  if (records.length === 0 || !records.every(isObservational)) return pass('causal');
  const verb = causalVerb(claim);
  // 'may lower the risk' keeps the doubt an observational design leaves.
  if (!verb || ASSOCIATIVE.test(claim) || TENTATIVE_CAUSE.test(claim)) return pass('causal');
  return fail('causal', `"${verb}" states cause and effect, but the cited ${records.length === 1 ? 'study is' : 'studies are'} observational ("associated with" would be fair)`);
}
