/** Words of the report view that the contracts do not hold (ours). */
export const ResearchUiTexts = {
  sections: { patient_summary: 'Summary for patients', evidence: 'Evidence', open_trials: 'Open trials' } as Record<string, string>,
  claimChecks: (total: number, withheld: number) => `Statement checks (staff only): ${total} checked, ${withheld} withheld`,
  /** A column whose cells a model wrote (each shown only when checked; see ResearchTexts.evidenceTableNote). */
  aiColumn: (name: string) => `${name} (AI)`,
  quoteColumn: 'Quote from the study',
} as const;

/** The deep-research panel's headings, field names and table columns (ours). */
export const DeepResearchPanelTexts = {
  section: 'Deep research',
  progress: 'Deep research progress',
  reviewPlan: 'Review the plan',
  inclusionCriteria: 'Inclusion criteria',
  fromYear: 'From year',
  toYear: 'To year',
  report: 'Deep research report',
  counts: {
    found: 'Found',
    afterDedupe: 'After removing duplicates',
    screened: 'Screened',
    excluded: 'Excluded',
    included: 'Included',
  },
  queries: 'Queries',
  evidenceTable: 'Evidence table',
  references: 'References',
  columns: { ref: 'Ref.', study: 'Study', year: 'Year', relevance: 'Relevance', evidenceLevel: 'Evidence level' },
} as const;
