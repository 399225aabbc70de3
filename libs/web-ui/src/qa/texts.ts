import { AiTexts, Messages, QUESTION_MIN_LENGTH, type AnswerKind } from '@cqa/contracts';

/**
 * Words of the shared Q&A components and of the question screens built from them, that the spec does not quote (ours).
 * The spec's own texts come from the contracts' catalogue (QuestionTexts, Messages, ANSWER_KIND_LABELS, RATING_LABELS);
 * words of one page only are in that page's feature `texts.ts`.
 */
export const QaUiTexts = {
  searchLabel: 'Search questions',
  /** Answer text never loads an image; it links to it instead, named by its description. */
  markdownImage: (alt: string) => (alt.trim() ? `Image: ${alt.trim()}` : 'Image (opens in a new tab)'),
  /**
   * No word 'question' in it: the fields labelled 'Question' and 'Search questions' stay the only matches of their labels.
   * 'May be related': the list is matched on medical terms, a hint, not a promise that one answers the same thing.
   */
  similarHeading: 'Already answered and may be related: choose one to open it',
  answerTabsLabel: 'Answers by source',
  glanceHeading: 'The sources at a glance',
  glanceAnswered: (count: number) => (count === 1 ? 'Answered (1 answer)' : `Answered (${count} answers)`),
  glanceWorking: 'Working on it',
  glanceNotYet: 'Not yet answered',
  glanceEvidence: 'Evidence',
  similarFound: (count: number) =>
    count === 0 ? 'No answered questions like this yet' : count === 1 ? '1 answered question like this: use the arrow keys to choose it' : `${count} answered questions like this: use the arrow keys to choose one`,
  searchPlaceholder: 'Words in a question or its answers',
  filterLabel: 'Show',
  cancerTypeLabel: 'Cancer type',
  allCancerTypes: 'All cancer types',
  questionLabel: 'Question',
  questionPlaceholder: `Describe your question (at least ${QUESTION_MIN_LENGTH} characters)`,
  loadingQuestions: 'Loading questions...',
  backToQuestions: 'Back to questions',
  questionErrorTitle: 'Question unavailable',
  questionListHeading: 'Questions',
  /** The {tab} of the spec's empty texts ('No {tab} answers yet.'), as a reader would say it. */
  emptyTabNoun: { ai: 'OpenAI O1', quora: 'community', expert: 'expert', deep_research: 'Deep Research' } as Record<AnswerKind, string>,
  pagination: 'Question pages',
  previous: 'Previous',
  next: 'Next',
  page: (page: number) => `Page ${page}`,
  answersCount: (count: number) => (count === 1 ? '1 answer' : `${count} answers`),
  submitted: (date: string) => `Submitted ${date}`,
  patientId: 'Patient ID',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  submit: 'Submit',
  answersHeading: 'Answers',
  answerText: 'Answer',
  explanation: 'Explanation and logic',
  sources: 'Sources',
  sourcesHint: 'One source per line',
  searchMethod: 'Search method',
  retracted: (count: number) =>
    count === 1 ? 'This answer cites a paper that has since been retracted.' : `This answer cites ${count} papers that have since been retracted.`,
  retractedPaper: 'Retracted',
  expertName: 'Expert name',
  by: 'by',
  answerHeading: (kindLabel: string) => `${kindLabel} answer`,
  editThisAnswer: 'Edit',
  deleteThisAnswer: 'Delete',
  rateHeading: 'Rate this answer',
  yourRating: 'Your rating',
  starLabel: (stars: number, label: string) => `${stars} ${stars === 1 ? 'star' : 'stars'}: ${label}`,
  feedback: 'Feedback',
  submitRating: 'Submit rating',
  chooseStars: 'Choose 1 to 5 stars to submit.',
  addFeedback: 'Add feedback',
  editFeedback: 'Change your feedback',
  cancelRating: 'Cancel',
  noRatings: 'No ratings yet',
  ratingsByRole: 'Ratings by role',
  roleRatings: { expert: 'Experts', patient: 'Patients' } as Record<'expert' | 'patient', string>,
  feedbackHeading: 'Feedback',
  expertFeedbackBy: (name: string | null) => (name ? `Expert feedback by ${name}` : 'Expert feedback'),
  patientFeedback: 'Patient feedback (visible to admins only)',
  authorLabel: (label: string) => `(signs as “${label}”)`,
  averageRating: 'Average rating',
  ratingCount: (count: number) => (count === 1 ? '1 rating' : `${count} ratings`),
  guidance: (categories: readonly string[]) =>
    `Score the answer from 1 to 5 on each of ${categories.slice(0, -1).join(', ')} and ${categories.at(-1)}; your star rating is their average.`,
  useTemplate: 'Insert feedback template',
  feedbackTemplate: (categories: readonly string[]) => categories.map((category) => `${category}: `).join('\n'),
  statsLabel: 'Counts',
  patients: 'Patients',
  experts: 'Experts',
  questions: 'Questions',
  questionsOf: (cancerType: string) => `${cancerType} Questions`,
} as const;

/** Words of the claim-by-claim view staff see (ours; rule and verdict labels come from the contracts). */
export const ClaimCheckTexts = {
  published: 'Published',
  withheld: 'Withheld',
  reasons: 'Why it was withheld',
  rules: 'Rule checks',
  rulePassed: 'passed',
  ruleFailed: 'failed',
  judge: 'Judge',
  notJudged: 'not asked',
  listLabel: 'Checked statements',
} as const;

/** Words of the AI answer view that the spec does not quote (ours). */
export const AiUiTexts = {
  certainty: 'Evidence certainty',
  model: 'Model',
  generated: 'Generated',
  sources: 'Sources',
  withheldSources: 'Sources not used',
  withheldStaff: 'Withheld statements (staff only)',
  statementsHeading: 'The evidence behind each statement',
  statementsHint: 'Open a statement to read the words of the sources it rests on.',
  quoteCount: (n: number) => (n === 1 ? '1 quote' : `${n} quotes`),
  insufficient: 'Insufficient evidence',
  progressLabel: 'AI answer progress',
  step: (done: number, total: number) => `Step ${Math.min(done + 1, total)} of ${total}`,
  /** Spec section 7: a failed AI answer reads 'Failed to get AI answer'. */
  failed: Messages.errors.aiAnswerFailed,
  notConfigured: AiTexts.notConfigured,
} as const;

/** The question list's search and filter controls. */
export const QuestionListControlsTexts = {
  region: 'Find questions',
} as const;
