import { screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ResearchRetractionFlag } from '@cqa/contracts';
import { installFetchMock } from '@cqa/web-core/testing';
import { renderOperationsPage } from '../test-helpers';
import { RESEARCH_FLAGS_TEXTS } from '../texts';

jest.setTimeout(90_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const flag = (over: Partial<ResearchRetractionFlag>): ResearchRetractionFlag => ({
  runId: 3, answerId: 40, questionId: 12, questionText: 'Does exercise help fatigue during chemotherapy?', title: 'Supervised exercise trial',
  url: 'https://doi.org/10.5555/rct.2021.001', doi: '10.5555/rct.2021.001', pmid: null, flaggedAt: '2026-03-01T03:00:00Z', ...over,
});

describe('Research flags tab', () => {
  it('lists each retracted paper with a link to the question whose report cites it', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/auth-logs?page=1&per_page=25', { status: 200, body: { logs: [], total: 0, page: 1, per_page: 25 } });
    api.reply('/api/admin/research/flags', {
      status: 200,
      body: [flag({}), flag({ runId: 5, questionId: 17, questionText: 'Is proton therapy better?', title: 'Proton cohort', doi: null, pmid: '90000009', url: 'https://pubmed.ncbi.nlm.nih.gov/90000009/' })],
    });
    renderOperationsPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Research flags' }));
    const first = (await screen.findByText('Supervised exercise trial')).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Does exercise help fatigue during chemotherapy?' })).toHaveAttribute('href', '/admin/questions/12?tab=deep_research');
    expect(within(first).getByRole('link', { name: 'Supervised exercise trial' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(first).getByText('DOI 10.5555/rct.2021.001')).toBeInTheDocument();
    const second = screen.getByText('Proton cohort').closest('tr') as HTMLElement;
    expect(within(second).getByRole('link', { name: 'Is proton therapy better?' })).toHaveAttribute('href', '/admin/questions/17?tab=deep_research');
    expect(within(second).getByText('PMID 90000009')).toBeInTheDocument();
  });

  it('says so when no report is flagged', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/auth-logs?page=1&per_page=25', { status: 200, body: { logs: [], total: 0, page: 1, per_page: 25 } });
    api.reply('/api/admin/research/flags', { status: 200, body: [] });
    renderOperationsPage();
    await userEvent.click(screen.getByRole('tab', { name: 'Research flags' }));
    expect(await screen.findByText(RESEARCH_FLAGS_TEXTS.empty)).toBeInTheDocument();
  });
});
