import { AI_ANSWER_DISCLAIMER, AI_NOT_CONFIGURED_MESSAGE } from '../ai';

export const AiTexts = {
  notConfigured: AI_NOT_CONFIGURED_MESSAGE,
  /** What patients see of any failure (the spec's get-o1-answer text). */
  failed: 'Failed to get AI answer',
  phiNotAllowed: 'Tailoring AI answers to a health profile is turned off on this server.',
  dailyLimitUser: (limit: number) => `You have reached the limit of ${limit} AI answers in 24 hours. Please try again later.`,
  dailyLimitGlobal: 'The platform has reached its limit of AI answers for the last 24 hours. Please try again later.',
  useProfileLabel: 'Use my health profile to tailor the AI answer',
  useProfileHelp: 'Only an age band, cancer type, stage and treatment types are sent, never your name, dates or notes.',
  generate: 'Generate AI answer',
  regenerate: 'Regenerate',
  retry: 'Retry',
  disclaimer: AI_ANSWER_DISCLAIMER,
  profileFieldsUsed: 'Tailored with your profile:',
} as const;
