// antd's styles as one cacheable stylesheet (issue #35, item 2), made at build time by tools/webpack/server-render.mjs:
// the server-rendered pages are drawn here with sample data, at both widths, into one CSS-in-JS cache, and its styles
// are written out as plain CSS. The file also holds @ant-design/cssinjs's map of what it contains (the
// `.data-ant-cssinjs-cache-path` rule), from which antd in the browser knows these styles are there and inserts
// none of them at run time; a component the file lacks (a dialog opened later) still gets its style inserted then.
import { createCache, extractStyle } from '@ant-design/cssinjs';
import {
  SERVER_PAGES, type AnswerKind, type AnswerView, type AuthUser, type LoadedPageQuery, type PageQuery, type QuestionDetail, type QuestionSummary, type Role,
} from '@cqa/contracts';
import { sessionStarted, storeWithPageData, type AppStore } from '@cqa/web-core';
import { renderFrames, type PageFrames } from './page-frame';
import { renderApp } from './render-page';

const user = (role: Role): AuthUser => ({
  id: '1',
  email: `${role}@example.org`,
  role,
  firstName: 'Sample',
  lastName: 'User',
  approvalStatus: 'approved',
  patientId: role === 'patient' ? '7' : null,
  profileCompletion: role === 'patient' ? 100 : null,
});

const summary = (id: number, answers: number): QuestionSummary => ({
  id,
  question_text: 'What should I ask my oncologist about immunotherapy?',
  cancer_type: 'Lung Cancer',
  created_at: '2026-03-04T09:00:00.000Z',
  patient_id: '7',
  answers_count: answers,
  has_expert_answer: answers > 0,
});

const answer = (id: number, kind: AnswerKind): AnswerView => ({
  id,
  question_id: 10,
  answer_type: kind,
  answer_text: 'An answer with **some** words.',
  explanation_logic: 'Because.',
  sources: ['https://example.org/source'],
  search_method: null,
  expert_id: null,
  expert_name: kind === 'expert' ? 'Dr Sample' : null,
  expert_label: null,
  expert_specialty: kind === 'expert' ? 'medical oncologist' : null,
  expert_institution: kind === 'expert' ? 'Sample Hospital' : null,
  created_at: '2026-03-04T10:00:00.000Z',
  average_rating: 4,
  rating_count: 1,
  ratings_by_role: { expert: { average: 4, count: 1 }, patient: { average: null, count: 0 } },
  feedback: [],
  my_rating: null,
  my_feedback: null,
  ai_details: null,
  retracted_sources: [],
});

const detail: QuestionDetail = {
  ...summary(10, 4),
  answers: { ai: [answer(1, 'ai')], quora: [answer(2, 'quora')], expert: [answer(3, 'expert')], deep_research: [answer(4, 'deep_research')] },
  glance: {
    ai: { state: 'answered', stage: null, grade: null, average_rating: 4, rating_count: 1 },
    quora: { state: 'answered', stage: null, grade: null, average_rating: 4, rating_count: 1 },
    expert: { state: 'answered', stage: null, grade: null, average_rating: 4, rating_count: 1 },
    deep_research: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
  },
};

const list = { items: [summary(10, 4), summary(11, 0)], page: 1, per_page: 10 };

/** A sample answer to each query a server-rendered page loads (a later page of the list is empty). */
function sampleAnswer(query: PageQuery): LoadedPageQuery {
  switch (query.endpoint) {
    case 'questions':
      return { ...query, data: (query.arg.page ?? 1) > 1 ? { ...list, items: [], page: query.arg.page! } : list };
    case 'question':
      return { ...query, data: detail };
    case 'dashboardStats':
      return { ...query, data: { totalPatients: 3, totalQuestions: 2, totalExperts: 1 } };
    case 'aiSettings':
      return { ...query, data: { configured: true, phiAllowed: true, autoAnswer: true } };
    case 'aiRun':
      return { ...query, data: { run: null, configured: true } };
  }
}

/** Each server-rendered page (contracts' SERVER_PAGES), and the patient dashboard's later page, with sample data. */
const samples: { url: string; role: Role; data: LoadedPageQuery[] }[] = [
  ...SERVER_PAGES.map((page) => ({ ...page, url: page.path.replace(':id', String(detail.id)) })),
  { ...SERVER_PAGES[0], url: '/patient/questions?page=2' },
].map((page) => {
  const url = new URL(page.url, 'http://sample.invalid');
  const params = { id: String(detail.id) };
  return { url: page.url, role: page.access, data: page.queries({ params, search: url.searchParams }).map(sampleAnswer) };
});

// A question whose AI run is under way: its progress bar (a page drawn without its style shifts when antd adds it).
const running = { ...detail, id: 11 };
samples.push({
  url: `/patient/questions/${running.id}`,
  role: 'patient',
  data: [
    { endpoint: 'question', arg: String(running.id), data: running },
    {
      endpoint: 'aiRun',
      arg: String(running.id),
      data: {
        run: { id: 1, question_id: running.id, status: 'running', stage: 'retrieving', done: 1, total: 4, error: null, answer_id: null, created_at: '2026-03-04T10:00:00.000Z', finished_at: null },
        configured: true,
      },
    },
  ],
});

// A question whose AI run failed: its Alert (a title and a description), drawn before the script as after it.
const failed = { ...detail, id: 12 };
samples.push({
  url: `/patient/questions/${failed.id}`,
  role: 'patient',
  data: [
    { endpoint: 'question', arg: String(failed.id), data: failed },
    {
      endpoint: 'aiRun',
      arg: String(failed.id),
      data: {
        run: { id: 2, question_id: failed.id, status: 'failed', stage: 'retrieving', done: 1, total: 4, error: 'Failed to get AI answer', answer_id: null, created_at: '2026-03-04T10:00:00.000Z', finished_at: '2026-03-04T10:01:00.000Z' },
        configured: true,
      },
    },
  ],
});

/** Draws every sample page at both widths, into `cache` (by default the renderer's own: a warm-up). */
export async function renderSamples(cache?: ReturnType<typeof createCache>): Promise<void> {
  for (const narrow of [false, true]) {
    for (const sample of samples) {
      const store: AppStore = await storeWithPageData(sample.data, (fresh) => fresh.dispatch(sessionStarted({ user: user(sample.role), accessToken: 'sample' })));
      const html = await renderApp(store, sample.url, narrow, cache);
      if (!html.includes('<h1')) throw new Error(`the sample render of ${sample.url} has no page heading`);
    }
  }
}

/** The styles of the sample pages and of the pages' frames (page-frame.tsx). */
export async function collectStyleSheet(): Promise<string> {
  const cache = createCache();
  await renderSamples(cache);
  await renderFrames(user, cache);
  return extractStyle(cache, { plain: true });
}

/** The declared pages' frames, drawn for a sample user of each page's role (no one's own data). */
export const pageFrames = (): Promise<PageFrames> => renderFrames(user);
