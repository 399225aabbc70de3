import type { SupportRuleResult } from '@cqa/contracts';
import { numbersIn } from '../claim-numbers';
import { causalRule } from './causal.rule';
import { directionRule } from './direction.rule';
import { numbersRule } from './numbers.rule';
import { populationRule } from './population.rule';
import { pass, RuleContext, SupportRuleInput } from './rule';
import { strongWordsRule } from './strong-words.rule';
import { topicRule } from './topic.rule';

export { numbersIn };
export { isObservational } from './causal.rule';
export { effectOf, type Effect } from './effect';
export { inconsistentOutcomes } from './inconsistency';
export type { SupportRuleInput } from './rule';

/**
 * The deterministic half of the support check: does a claim say only what its quotes say? Six rules, each small and
 * explainable; a claim fails when any rule fails. A rule withholds only what it can show is unsupported (a number no
 * source gives, a word of certainty no quote has, an effect the quotes reverse or deny, a study in mice told of people,
 * a cause from an association, a subject the sources never name); everything else goes to the judge. They are measured
 * by `npm run eval:answers`, on the project's own cases and on public claim-verification data. One file per rule
 * family beside this one; effect.ts reads what a sentence says happened, for the direction rule and the certainty rating.
 */
export function checkSupportRules(input: SupportRuleInput): SupportRuleResult[] {
  const ctx: RuleContext = { ...input, quotes: input.sources.flatMap((s) => s.quotes), records: input.sources.map((s) => s.record) };
  // A claim that is a quote, word for word, says only what the quote says; who was studied and how still count.
  const flat = (t: string) => t.toLowerCase().replace(/[^\p{L}\d%.]+/gu, ' ').replace(/[.\s]+$/, '').trim();
  if (ctx.quotes.some((q) => flat(q).includes(flat(input.claim)))) {
    return [pass('numbers'), pass('strong_words'), pass('direction'), populationRule(ctx), causalRule(ctx), pass('topic')];
  }
  return [numbersRule(ctx), strongWordsRule(ctx), directionRule(ctx), populationRule(ctx), causalRule(ctx), topicRule(ctx)];
}
