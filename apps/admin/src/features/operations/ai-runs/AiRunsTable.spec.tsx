import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AiPaths, type AiRunAdminRow, type ClaimCheckView } from '@cqa/contracts';
import { ClaimCheckTexts } from '@cqa/web-ui';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { AI_RUNS_TEXTS } from '../texts';
import { AiRunsTable } from './AiRunsTable';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const row = (id: number, over: Partial<AiRunAdminRow> = {}): AiRunAdminRow => ({
  id, question_id: 40 + id, question_text: `Question of run ${id}`, trigger: 'auto', status: 'succeeded', stage: 'done', model: 'fake-model',
  prompt_tokens: 100, completion_tokens: 50, cost_usd: 0.0012, use_profile: false, error: null, answer_id: 9, created_at: '2026-03-04T10:00:00Z',
  finished_at: '2026-03-04T10:01:00Z', duration_ms: 60_000, timings: null, ...over,
});

const claims: ClaimCheckView[] = [
  {
    position: 1, section: null, text: 'Exercise eases fatigue.', published: true, reasons: [],
    rules: [
      { rule: 'numbers', passed: true, detail: null },
      { rule: 'causal', passed: true, detail: null },
    ],
    judge: { verdict: 'supported', reason: 'The quote states it.' },
  },
  {
    position: 2, section: null, text: 'Exercise always cures fatigue.', published: false, reasons: ["'always' is not in the quotes"],
    rules: [
      { rule: 'numbers', passed: true, detail: null },
      { rule: 'strong_words', passed: false, detail: "'always' is stronger than the quotes" },
    ],
    judge: null,
  },
];

function renderTable() {
  render(
    <Provider store={createAppStore({ auth: signedInState('admin') })}>
      <MemoryRouter>
        <AiRunsTable />
      </MemoryRouter>
    </Provider>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('AI runs table', () => {
  it("opens a run to its checked claims: Published or Withheld, reasons, every rule's result and the judge", async () => {
    const api = installFetchMock();
    api.reply(`${AiPaths.adminRuns}?page=1`, { status: 200, body: { items: [row(1), row(2)], page: 1, per_page: 25, total: 2 } });
    api.reply(AiPaths.adminRunClaims(1), { status: 200, body: claims });
    api.reply(AiPaths.adminRunQueries(1), {
      status: 200,
      body: [
        { step: 0, database: 'pubmed', query: '"Exercise"[Mesh] AND "Fatigue"[Mesh]', source: 'planner', found: 3, error: null, sent_at: '2026-11-25T10:00:00.000Z' },
        { step: 1, database: 'ctgov', query: 'exercise', source: 'planner', found: null, error: 'eutils answered 500', sent_at: '2026-11-25T10:00:01.000Z' },
      ],
    });
    renderTable();
    const first = await rowOf('Question of run 1');
    expect(api.calls.some((c) => c.url.endsWith('/claims'))).toBe(false);
    const expand = within(first).getByRole('button', { name: /expand row/i });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);

    const searches = await screen.findByRole('list', { name: AI_RUNS_TEXTS.queriesHeading });
    expect(within(searches).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'PubMed, first search, search plan: "Exercise"[Mesh] AND "Fatigue"[Mesh] — 3 found',
      'ClinicalTrials.gov, broadened (1), search plan: exercise — failed: eutils answered 500',
    ]);
    const list = await screen.findByRole('list', { name: ClaimCheckTexts.listLabel });
    const [published, withheld] = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(published).toHaveTextContent(/^Published\s*Exercise eases fatigue\./);
    expect(published).toHaveTextContent('Numbers appear in the quotes: passed');
    expect(published).toHaveTextContent('No causal wording from an observational study: passed');
    expect(published).toHaveTextContent('Judge: Supported — The quote states it.');
    expect(published).not.toHaveTextContent('Why it was withheld');
    expect(withheld).toHaveTextContent(/^Withheld\s*Exercise always cures fatigue\./);
    expect(withheld).toHaveTextContent(/Why it was withheld:\s*'always' is not in the quotes/);
    expect(withheld).toHaveTextContent("No certainty the quotes do not state: failed — 'always' is stronger than the quotes");
    expect(withheld).toHaveTextContent('Numbers appear in the quotes: passed');
    expect(withheld).toHaveTextContent('Judge: not asked');
    expect(api.calls.filter((c) => c.url.endsWith('/claims')).map((c) => c.url)).toEqual([AiPaths.adminRunClaims(1)]);
  });

  it("shows the daily AI limits and deep research budgets with the platform's use above the runs", async () => {
    const api = installFetchMock();
    const budget = (used: number, global: number, perUser: number) => ({ usedGlobal: used, global, perUser, resetsAt: null });
    api.reply(`${AiPaths.adminRuns}?page=1`, {
      status: 200,
      body: {
        items: [row(1)], page: 1, per_page: 25, total: 1,
        limits: { ai: { usedGlobal: 12, global: 500, perUser: 20 }, research: { starts: budget(3, 200, 20), tokens: budget(400000, 20000000, 2000000) } },
      },
    });
    renderTable();
    expect(
      await screen.findByText(
        'Daily limits, platform use / platform limit (per person): AI answers 12 / 500 (20); deep research runs 3 / 200 (20); deep research tokens 400000 / 20000000 (2000000).',
      ),
    ).toBeInTheDocument();
  });

  it('shows loading, says so when a run checked no claims, and offers Retry when the claims cannot be loaded', async () => {
    const api = installFetchMock();
    api.reply(`${AiPaths.adminRuns}?page=1`, { status: 200, body: { items: [row(1), row(2, { status: 'failed', error: 'boom' })], page: 1, per_page: 25, total: 2 } });
    api.reply(AiPaths.adminRunClaims(1), { status: 200, body: [] });
    api.reply(AiPaths.adminRunQueries(1), { status: 200, body: [] });
    api.reply(AiPaths.adminRunQueries(2), { status: 200, body: [] });
    api.reply(AiPaths.adminRunClaims(2), { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' } }, { status: 200, body: claims });
    // Hold the claims' reply until the loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const mocked = globalThis.fetch;
    globalThis.fetch = (async (request: Request) => {
      if (request.url.endsWith('/claims')) await held;
      return mocked(request);
    }) as typeof fetch;
    renderTable();

    await userEvent.click(within(await rowOf('Question of run 1')).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText(AI_RUNS_TEXTS.claimsLoading)).toBeInTheDocument();
    release();
    expect(await screen.findByText(AI_RUNS_TEXTS.noClaims)).toBeInTheDocument();
    expect(screen.queryByText(AI_RUNS_TEXTS.claimsLoading)).toBeNull();

    await userEvent.click(within(await rowOf('Question of run 2')).getByRole('button', { name: /expand row/i }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AI_RUNS_TEXTS.claimsErrorTitle);
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: ClaimCheckTexts.listLabel })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
