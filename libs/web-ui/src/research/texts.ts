/** Words of the report view that the contracts do not hold (ours). */
export const ResearchUiTexts = {
  sections: { patient_summary: 'Summary for patients', evidence: 'Evidence', open_trials: 'Open trials' } as Record<string, string>,
  claimChecks: (total: number, withheld: number) => `Statement checks (staff only): ${total} checked, ${withheld} withheld`,
  /** A column whose cells a model wrote (each shown only when checked; see ResearchTexts.evidenceTableNote). */
  aiColumn: (name: string) => `${name} (AI)`,
  quoteColumn: 'Quote from the study',
} as const;
