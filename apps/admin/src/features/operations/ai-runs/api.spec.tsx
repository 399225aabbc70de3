import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { AiPaths, type ClaimCheckView } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { useAiRunClaimsQuery } from './api';

jest.setTimeout(30_000);

const claim: ClaimCheckView = {
  position: 1, section: null, text: 'Exercise eases fatigue.', published: false, reasons: ['judge: not supported'],
  rules: [{ rule: 'numbers', passed: true, detail: null }], judge: { verdict: 'not_supported', reason: 'Off topic.' },
};

function Claims({ runId }: { runId: number }) {
  const claims = useAiRunClaimsQuery(runId);
  return <p>{claims.data ? claims.data.map((c) => `${c.text} ${c.judge?.verdict}`).join('|') : claims.isError ? 'error' : 'loading'}</p>;
}

describe('useAiRunClaimsQuery', () => {
  it("loads one run's checked claims from the admin route, with the access token", async () => {
    const api = installFetchMock();
    api.reply(AiPaths.adminRunClaims(7), { status: 200, body: [claim] });
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <Claims runId={7} />
      </Provider>,
    );
    expect(await screen.findByText('Exercise eases fatigue. not_supported')).toBeInTheDocument();
    const call = api.calls.find((c) => c.url === '/api/admin/ai-runs/7/claims');
    expect(call).toMatchObject({ method: 'GET', auth: 'Bearer token' });
  });

  it('reports a refusal as an error', async () => {
    const api = installFetchMock();
    api.reply('/api/admin/ai-runs/8/claims', { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' } });
    render(
      <Provider store={createAppStore({ auth: signedInState('admin') })}>
        <Claims runId={8} />
      </Provider>,
    );
    await waitFor(() => expect(screen.getByText('error')).toBeInTheDocument());
  });
});
