// Inconsistency, for the certainty rating.
import { effectOf } from './effect';

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
