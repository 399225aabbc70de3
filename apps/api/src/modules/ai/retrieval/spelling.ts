import { ANATOMY_WORDS, DISEASE_WORDS, DRUG_WORDS, SYMPTOM_WORDS, TEST_PROCEDURE_WORDS } from './vocabulary';

/**
 * Misspelt medical words ("thahlidomide", "giloma", "leukimia") read as the vocabulary word they are one or two edits
 * from: one edit (a letter added, dropped, changed, or two swapped) for words of up to 8 letters, two for longer ones,
 * the first letter right, and only when one vocabulary word is that close. PubMed silently drops a word it cannot
 * find, so a misspelt focus would otherwise be lost. Bounded work: words of the same first letter and a similar length.
 */
const byFirstLetter = new Map<string, string[]>();
for (const set of [DRUG_WORDS, DISEASE_WORDS, TEST_PROCEDURE_WORDS, SYMPTOM_WORDS, ANATOMY_WORDS]) {
  for (const word of set) {
    if (word.length < 5 || /[^a-z]/.test(word)) continue;
    const list = byFirstLetter.get(word[0]) ?? [];
    if (!list.includes(word)) list.push(word);
    byFirstLetter.set(word[0], list);
  }
}

/** Optimal string alignment distance, or Infinity once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return Infinity;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] <= max ? prev[b.length] : Infinity;
}

/** The vocabulary word a misspelt word stands for, or null (not close to exactly one). `maxEdits` caps the edits allowed. */
export function correctSpelling(word: string, maxEdits = 2): string | null {
  const w = word.toLowerCase();
  if (w.length < 6 || /[^a-z]/.test(w)) return null;
  const allowed = Math.min(maxEdits, w.length >= 9 ? 2 : 1);
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const candidate of byFirstLetter.get(w[0]) ?? []) {
    const d = editDistance(w, candidate, allowed);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && d !== Infinity && candidate !== best) tie = true;
  }
  return best && !tie && bestDistance > 0 ? best : null;
}
