// Numbers: a number of the claim that neither its quotes nor their records state (claim-numbers.ts reads them).
import type { SupportRuleResult } from '@cqa/contracts';
import { unstatedNumbers } from '../claim-numbers';
import { fail, listed, pass, recordText, RuleContext } from './rule';

export function numbersRule({ claim, quotes, records }: RuleContext): SupportRuleResult {
  const missing = unstatedNumbers(claim, quotes, records.map(recordText));
  if (missing.length === 0) return pass('numbers');
  return fail('numbers', `${listed(missing.map((n) => n.text))} ${missing.length === 1 ? 'is' : 'are'} not in the quotes`);
}
