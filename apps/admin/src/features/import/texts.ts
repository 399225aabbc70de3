/** Words of the import form (ours). */
export const ImportFormTexts = {
  urlPlaceholder: 'https://www.reddit.com/r/cancer/comments/…',
} as const;
