// antd's styles as one cacheable stylesheet (issue #35, item 2), made at build time by tools/webpack/server-render.mjs:
// the server-rendered pages are drawn here with sample data, at both widths, into one CSS-in-JS cache, and its styles
// are written out as plain CSS. The file also holds @ant-design/cssinjs's map of what it contains (the
// `.data-ant-cssinjs-cache-path` rule), from which antd in the browser knows these styles are there and inserts
// none of them at run time; a component the file lacks (a dialog opened later) still gets its style inserted then.
import { createCache, extractStyle } from '@ant-design/cssinjs';
import type { AnswerKind, AnswerView, AuthUser, QuestionDetail, QuestionSummary, Role } from '@cqa/contracts';
import { aiApi, createAppStore, questionsApi, sessionStarted, type AppStore, type PrefetchAction } from '@cqa/web-core';
import { questionListQueryOf } from '@cqa/web-ui';
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
const stats = { totalPatients: 3, totalQuestions: 2, totalExperts: 1 };
const noSearch = new URLSearchParams();

/** Each server-rendered page with the queries its prefetch names, answered with samples. */
const samples: { url: string; role: Role; data: PrefetchAction[] }[] = [
  {
    url: '/patient/questions',
    role: 'patient',
    data: [
      questionsApi.util.upsertQueryData('questions', questionListQueryOf(noSearch), list),
      aiApi.util.upsertQueryData('aiSettings', undefined, { configured: true, phiAllowed: true, autoAnswer: true }),
    ],
  },
  {
    url: '/patient/questions?page=2',
    role: 'patient',
    data: [questionsApi.util.upsertQueryData('questions', questionListQueryOf(new URLSearchParams('page=2')), { ...list, items: [], page: 2 })],
  },
  {
    url: '/patient/questions/10',
    role: 'patient',
    data: [questionsApi.util.upsertQueryData('question', '10', detail), aiApi.util.upsertQueryData('aiRun', '10', { run: null, configured: true })],
  },
  // A question whose AI run is under way: its progress bar (a page drawn without its style shifts when antd adds it).
  {
    url: '/patient/questions/11',
    role: 'patient',
    data: [
      questionsApi.util.upsertQueryData('question', '11', { ...detail, id: 11 }),
      aiApi.util.upsertQueryData('aiRun', '11', {
        run: { id: 1, question_id: 11, status: 'running', stage: 'retrieving', done: 1, total: 4, error: null, answer_id: null, created_at: '2026-03-04T10:00:00.000Z', finished_at: null },
        configured: true,
      }),
    ],
  },
  ...(['expert', 'admin'] as const).map((role) => ({
    url: role === 'expert' ? '/expert/questions' : '/admin',
    role,
    data: [
      questionsApi.util.upsertQueryData('questions', questionListQueryOf(noSearch), list),
      questionsApi.util.upsertQueryData('dashboardStats', undefined, stats),
    ],
  })),
];

/** Draws every sample page at both widths, into `cache` (by default the renderer's own: a warm-up). */
export async function renderSamples(cache?: ReturnType<typeof createCache>): Promise<void> {
  for (const narrow of [false, true]) {
    for (const sample of samples) {
      const store: AppStore = createAppStore();
      store.dispatch(sessionStarted({ user: user(sample.role), accessToken: 'sample' }));
      for (const action of sample.data) await store.dispatch(action);
      const html = await renderApp(store, sample.url, narrow, cache);
      if (!html.includes('<h1')) throw new Error(`the sample render of ${sample.url} has no page heading`);
    }
  }
}

export async function collectStyleSheet(): Promise<string> {
  const cache = createCache();
  await renderSamples(cache);
  return extractStyle(cache, { plain: true });
}
