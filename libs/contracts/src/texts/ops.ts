/** Texts of the operations side: what a person sees while a dependency of the platform is down. */
export const OpsTexts = {
  databaseUnavailable: 'The service is temporarily unavailable: the database cannot be reached. Please try again in a moment.',
  queueUnavailable: 'The service is temporarily unavailable: the job queue (Redis) cannot be reached. Please try again in a moment.',
} as const;
