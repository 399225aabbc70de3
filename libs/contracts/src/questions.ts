/**
 * Questions, answers and ratings (spec sections 3-6): the shapes the API returns and accepts, the resource paths, and the
 * shared rules both sides apply. Ids of questions and answers are numbers; user, patient and expert ids are UUIDs.
 */
import type { CommunityAnswerMeta } from './import';
import { GENERAL_CANCER_TYPE } from './options';
import type { AiAnswerDetails, EvidenceGrade } from './ai';
import type { ResearchRequestState } from './research-requests';

export const AnswerKind = { Ai: 'ai', Community: 'quora', Expert: 'expert', DeepResearch: 'deep_research' } as const;
export type AnswerKind = (typeof AnswerKind)[keyof typeof AnswerKind];
/** Tab order on every question page. */
export const ANSWER_KINDS: readonly AnswerKind[] = ['ai', 'quora', 'expert', 'deep_research'];

export const QuestionFilter = { All: 'all', Answered: 'answered', Unanswered: 'unanswered' } as const;
export type QuestionFilter = (typeof QuestionFilter)[keyof typeof QuestionFilter];
export const QUESTION_FILTERS: readonly QuestionFilter[] = ['all', 'answered', 'unanswered'];

/** Whose questions a list shows: everyone's, or (patients only) the caller's own — "My questions" (issue 44). */
export const QuestionScope = { All: 'all', Mine: 'mine' } as const;
export type QuestionScope = (typeof QuestionScope)[keyof typeof QuestionScope];
export const QUESTION_SCOPES: readonly QuestionScope[] = ['all', 'mine'];

export const QUESTIONS_PER_PAGE = 10;
export const MAX_QUESTIONS_PER_PAGE = 50;
export const QUESTION_MIN_LENGTH = 10;
export const QUESTION_MAX_LENGTH = 5000;
export const ANSWER_TEXT_MAX_LENGTH = 50000;
export const SEARCH_MAX_LENGTH = 200;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_MAX_LENGTH = 5000;
/** Expert rating guidance: the rating is the average of these five categories (spec section 5). */
export const EXPERT_RATING_CATEGORIES = ['Accuracy', 'Relevance', 'Specificity', 'Completeness', 'Scientific merit'] as const;

/**
 * Methods: list GET (QuestionListQuery) and POST (CreateQuestionRequest → 201 CreateQuestionResponse); one GET
 * (QuestionDetail), PATCH or PUT (UpdateQuestionRequest → QuestionSummary), DELETE (204); answers POST
 * (CreateAnswerRequest → 201 AnswerView); answer PATCH or PUT (UpdateAnswerRequest → AnswerView), DELETE (204);
 * rating PUT (RateAnswerRequest → AnswerView with the new average, count and my_rating); stats GET (DashboardStats).
 */
export const QuestionPaths = {
  list: '/api/questions',
  one: (id: number | string) => `/api/questions/${id}`,
  answers: (questionId: number | string) => `/api/questions/${questionId}/answers`,
  answer: (answerId: number | string) => `/api/answers/${answerId}`,
  rating: (answerId: number | string) => `/api/answers/${answerId}/rating`,
  stats: '/api/stats',
  similar: '/api/questions/similar',
} as const;

/** GET /api/questions query. `q` searches the question and its answers (full text). */
export interface QuestionListQuery {
  filter?: QuestionFilter;
  /** 'mine': only the calling patient's own questions; refused for other roles. */
  scope?: QuestionScope;
  cancer_type?: string;
  q?: string;
  page?: number;
  per_page?: number;
}

/**
 * The dashboards' list state in the URL query (?filter=&scope=&cancer_type=&q=&page=): back/forward, reload and links
 * keep it. `scope` is the patient dashboard's Mine / All; other dashboards never set it.
 */
export function questionListParamsOf(search: URLSearchParams): { filter: QuestionFilter; scope: QuestionScope; cancerType: string; q: string; page: number } {
  const rawFilter = search.get('filter');
  const filter: QuestionFilter = QUESTION_FILTERS.includes(rawFilter as QuestionFilter) ? (rawFilter as QuestionFilter) : 'all';
  const scope: QuestionScope = search.get('scope') === 'mine' ? 'mine' : 'all';
  const parsedPage = Number.parseInt(search.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;
  return { filter, scope, cancerType: search.get('cancer_type') ?? '', q: search.get('q') ?? '', page };
}

/** The list query a dashboard asks for with these params: its RTK Query argument, which the page server loads too. */
export function questionListQuery({ filter, scope, cancerType, q, page }: ReturnType<typeof questionListParamsOf>): QuestionListQuery {
  return {
    filter, ...(scope === 'mine' ? { scope } : {}), cancer_type: cancerType || undefined, q: q || undefined, page, per_page: QUESTIONS_PER_PAGE,
  };
}

export const questionListQueryOf = (search: URLSearchParams): QuestionListQuery => questionListQuery(questionListParamsOf(search));

/** GET /api/questions's query string for a list query, in a fixed order, empty values left out. */
export function questionListSearch(query: QuestionListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('filter', query.filter ?? 'all');
  if (query.scope === 'mine') params.set('scope', 'mine');
  if (query.cancer_type) params.set('cancer_type', query.cancer_type);
  const q = query.q?.trim();
  if (q) params.set('q', q);
  params.set('page', String(query.page ?? 1));
  params.set('per_page', String(query.per_page ?? QUESTIONS_PER_PAGE));
  return params;
}

/** A question as listed (spec section 3, 'Question as shown'). */
export interface QuestionSummary {
  id: number;
  question_text: string;
  /** Display value: 'General' when none was given. */
  cancer_type: string;
  created_at: string;
  /**
   * The asking patient's record id; null shows as 'Anonymous'. Left out for patients (except on their own questions): it would link one
   * patient's questions together.
   */
  patient_id?: string | null;
  answers_count: number;
  has_expert_answer: boolean;
  /** Only on the asking patient's own questions: answers arrived since they last opened it. */
  has_new_answers?: boolean;
}

/** Newest first. There is no total: the web enables Next only when a page comes back full (spec section 9). */
export interface QuestionListResponse {
  items: QuestionSummary[];
  page: number;
  per_page: number;
}

export const RATING_ROLES = ['expert', 'patient'] as const;
export type RatingRole = (typeof RATING_ROLES)[number];

export interface RoleRatingSummary {
  average: number | null;
  count: number;
}

export interface AnswerFeedbackView {
  role: RatingRole;
  /** The expert's account name; null for patients (admins alone see their feedback, without a name). */
  author: string | null;
  rating: number;
  feedback: string;
  created_at: string;
}

/** Answer kinds on which experts' feedback is public (the spec's peer review of machine answers). */
export const PUBLIC_EXPERT_FEEDBACK_KINDS: readonly AnswerKind[] = ['ai', 'deep_research'];

/** An answer as shown (spec section 3), with its ratings seen from the caller. */
export interface AnswerView {
  id: number;
  question_id: number;
  answer_type: AnswerKind;
  /** Markdown; rendered without raw HTML. */
  answer_text: string;
  explanation_logic: string | null;
  sources: string[];
  search_method: string | null;
  expert_id: string | null;
  /**
   * The author shown: for an answer written by an expert account, that account's own name (never a client-sent value); for an expert answer
   * an admin entered by hand, the name the admin gave.
   */
  expert_name: string | null;
  /** A custom label the expert typed, when it differs from their name; shown beside the verified name, never instead of it. */
  expert_label: string | null;
  /**
   * The expert account's specialty and institution (issue 44 item 7), for the byline (expertByline); null when not
   * given or not an expert account's answer. The licence number is never sent with an answer.
   */
  expert_specialty: string | null;
  expert_institution: string | null;
  created_at: string;
  /** Average of all ratings, one decimal; null when unrated. */
  average_rating: number | null;
  rating_count: number;
  /** Average (one decimal) and count of the ratings by experts and by patients, shown to everyone. */
  ratings_by_role: Record<RatingRole, RoleRatingSummary>;
  /**
   * Feedback the caller may read, newest first: experts' feedback on AI and deep-research answers for everyone; admins read all feedback,
   * patients' included (patients' feedback is private to admins).
   */
  feedback: AnswerFeedbackView[];
  /** The caller's own rating and feedback (patients and experts); null when none or when the caller is an admin. */
  my_rating: number | null;
  my_feedback: string | null;
  /** Titles of cited papers retracted since the answer was published (the nightly re-check); shown to everyone. */
  retracted_sources: string[];
  /** Community answers that came from a link import: where and when they were posted, their score and the anecdotal label. */
  community?: CommunityAnswerMeta | null;
  /** Generated AI answers only: sources with evidence level and retraction, grade, model, date, profile fields used. */
  ai_details: AiAnswerDetails | null;
}

export interface QuestionDetail extends QuestionSummary {
  answers: Record<AnswerKind, AnswerView[]>;
  /** Each source at a glance (the strip above the tabs). GET /api/questions/{id} always sends it; views built from answers alone lack it. */
  glance?: Record<AnswerKind, SourceGlance>;
}

/** answered: at least one answer; working: a run (AI answer, deep research) is under way and none is published yet; none: neither. */
export const SOURCE_STATES = ['answered', 'working', 'none'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/** One source of a question at a glance. */
export interface SourceGlance {
  state: SourceState;
  /** The running run's stage key (AI_ANSWER_STAGES for ai, RESEARCH_STAGES for deep_research) when working; else null. */
  stage: string | null;
  /** The newest answer's evidence grade, for the sources that grade (AI answers and deep research); else null. */
  grade: EvidenceGrade | null;
  /** Average of every rating of this source's answers, one decimal; null when none. */
  average_rating: number | null;
  rating_count: number;
  /** Deep research only, for the question's owner and staff: the state of the patient's request while it has one. */
  request?: ResearchRequestState | null;
}

/**
 * POST /api/questions/similar {q} (a body: the text may hold health details, never put in a URL): answered questions
 * sharing the medical topic of the text typed, at most this many (three: the figure measured, and a box that leaves the
 * form's fields in view on a phone).
 */
export const SIMILAR_QUESTIONS_LIMIT = 3;
/** Shorter text is not looked up (the ask dialog and the search box send nothing before this many characters). */
export const SIMILAR_MIN_LENGTH = 3;

/** An answered question suggested while asking or searching: no patient id, nothing of who asked. */
export interface SimilarQuestion {
  id: number;
  question_text: string;
  answer_counts: Record<AnswerKind, number>;
}
export interface SimilarQuestionsRequest {
  q: string;
}
export interface SimilarQuestionsResponse {
  items: SimilarQuestion[];
}

export interface CreateQuestionRequest {
  question_text: string;
  cancer_type?: string;
  /** Patients: consent to tailor the AI answer with a minimised profile (default false; refused unless AI_PHI_ALLOWED). */
  use_profile?: boolean;
}
export interface CreateQuestionResponse {
  id: number;
}
export interface UpdateQuestionRequest {
  question_text?: string;
  cancer_type?: string;
}

/**
 * Experts may only create `expert` answers (answer_type may be left out); admins choose any kind.
 * `sources` may arrive as a list, JSON text, a plain URL or newline-separated text; the server stores a list.
 */
export interface CreateAnswerRequest {
  answer_type?: AnswerKind;
  answer_text: string;
  explanation_logic?: string;
  sources?: string[] | string;
  search_method?: string;
  expert_name?: string;
}
export type UpdateAnswerRequest = Partial<Omit<CreateAnswerRequest, 'answer_type'>>;

/** Rating and feedback are saved together; a second call by the same patient or expert updates the first. */
export interface RateAnswerRequest {
  rating: number;
  feedback?: string;
}

/** GET /api/stats?cancer_type=: experts and patients get patients and questions; admins also experts and answers. */
export interface DashboardStats {
  totalPatients: number;
  totalQuestions: number;
  totalExperts?: number;
  totalAnswers?: number;
  /** Admins only: accounts whose registration waits for an admin's approval (issue 44). */
  waitingRegistrations?: number;
}

/** Missing, empty or the string 'undefined' shows as 'General' (spec section 3). */
export function displayCancerType(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return !trimmed || trimmed === 'undefined' ? GENERAL_CANCER_TYPE : trimmed;
}

/** Sources arrive as a list, JSON text, a plain URL or newline-separated text; all become a list of non-blank lines. */
export function normalizeSources(input: unknown): string[] {
  if (input == null) return [];
  if (Array.isArray(input)) return input.flatMap((item) => normalizeSources(item));
  if (typeof input !== 'string') return normalizeSources(String(input));
  const text = input.trim();
  if (!text) return [];
  if (text.startsWith('[') || text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== text) return normalizeSources(parsed);
    } catch {
      // not JSON: treat as text
    }
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** One decimal, as shown beside the stars. */
export function roundRating(average: number | null | undefined): number | null {
  return average == null || Number.isNaN(Number(average)) ? null : Math.round(Number(average) * 10) / 10;
}

