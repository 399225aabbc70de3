// Topic: the sources name what the claim is about.
import type { SupportRuleResult } from '@cqa/contracts';
import { topicProblem } from '../claim-topic';
import { fail, pass, recordText, RuleContext } from './rule';

export function topicRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const problem = topicProblem(claim, quotes, records.map(recordText));
  return problem ? fail('topic', problem) : pass('topic');
}
