/** Karnofsky performance status (the standard scale), stored as karnofsky_score; 0 (dead) is not offered. */
export const KARNOFSKY_SCALE: readonly { score: number; description: string }[] = [
  { score: 100, description: 'Normal; no complaints; no evidence of disease.' },
  { score: 90, description: 'Able to carry on normal activity; minor signs or symptoms of disease.' },
  { score: 80, description: 'Normal activity with effort; some signs or symptoms of disease.' },
  { score: 70, description: 'Cares for self; unable to carry on normal activity or to do active work.' },
  { score: 60, description: 'Requires occasional assistance, but is able to care for most personal needs.' },
  { score: 50, description: 'Requires considerable assistance and frequent medical care.' },
  { score: 40, description: 'Disabled; requires special care and assistance.' },
  { score: 30, description: 'Severely disabled; hospital admission is indicated although death is not imminent.' },
  { score: 20, description: 'Very sick; hospital admission necessary; active supportive treatment necessary.' },
  { score: 10, description: 'Moribund; fatal processes progressing rapidly.' },
];
