import type { SupportRuleResult } from '@cqa/contracts';
import type { LiteratureRecord } from '../../literature/literature-record';

/** What a rule reads of a cited record. */
export type RuleRecord = Pick<LiteratureRecord, 'title' | 'text' | 'publicationTypes' | 'source'>;

export interface SupportRuleInput {
  /** The claim without its citation markers. */
  claim: string;
  /** The claim's accepted citations: each cited record with the verbatim quotes taken from it. */
  sources: ReadonlyArray<{ record: RuleRecord; quotes: readonly string[] }>;
}

export interface RuleContext {
  claim: string;
  quotes: readonly string[];
  records: readonly RuleRecord[];
  sources: SupportRuleInput['sources'];
}

export const pass = (rule: SupportRuleResult['rule']): SupportRuleResult => ({ rule, passed: true, detail: null });
export const fail = (rule: SupportRuleResult['rule'], detail: string): SupportRuleResult => ({ rule, passed: false, detail });
export const recordText = (r: RuleRecord) => `${r.title}\n${r.text}`;
export const listed = (words: readonly string[]) => [...new Set(words)].map((w) => `"${w}"`).join(', ');

/** A word of denial right before (within three words): 'does not cure', 'not always', 'never proven'. */
export const DENIED = /\b(?:not|no|never|n't|cannot|without|nor)\s+(?:\w+\s+){0,2}$/i;
