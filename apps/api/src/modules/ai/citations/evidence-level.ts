import type { EvidenceLevel, LiteratureSource } from '@cqa/contracts';

/** Publication types (PubMed, Europe PMC, Crossref spellings, compared lower-case) to levels, strongest first. */
const RULES: ReadonlyArray<[EvidenceLevel, RegExp]> = [
  ['meta_analysis', /^(meta-analysis|systematic review|network meta-analysis)$/],
  ['guideline', /^(practice guideline|guideline|consensus development conference(, nih)?)$/],
  ['rct', /^(randomized controlled trial|pragmatic clinical trial|equivalence trial)$/],
  ['observational', /^(observational study|comparative study|multicenter study|clinical trial(, phase [iv]+)?|controlled clinical trial|evaluation study|validation study|twin study)$/],
  ['review', /^(review|scoping review|systematic review protocol|narrative review)$/],
  ['case_report', /^(case reports?|case report)$/],
];

/** Derived by code from the record's publication types; the model never sets it. */
export function evidenceLevelOf(record: { source: LiteratureSource; publicationTypes: readonly string[] }): EvidenceLevel {
  if (record.source === 'ctgov') return 'trial_registration';
  const types = record.publicationTypes.map((t) => t.trim().toLowerCase());
  for (const [level, pattern] of RULES) if (types.some((t) => pattern.test(t))) return level;
  return 'other';
}
