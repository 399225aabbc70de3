import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { ResearchRequestTexts, type ResearchLatest, type ResearchRequestView } from '@cqa/contracts';
import { DeepResearchPanel } from './DeepResearchPanel';

const userEvent = userEventLib.setup({ delay: null });
const T = ResearchRequestTexts;

const request = (over: Partial<ResearchRequestView>): ResearchRequestView => ({
  id: 1, questionId: 5, state: 'requested', declineReason: null, createdAt: '2026-03-01T10:00:00.000Z', ...over,
});
const latest = (over: Partial<ResearchLatest>): ResearchLatest => ({ run: null, mayControl: false, aiConfigured: true, request: null, mayRequest: false, ...over });
const noop = () => Promise.resolve(true);

function renderPanel(value: ResearchLatest, actions: { request?: () => Promise<boolean>; cancelRequest?: () => Promise<boolean> } = {}) {
  return render(
    <DeepResearchPanel latest={value} busy={false} start={noop} savePlan={noop} approve={noop} cancel={noop} retry={noop} request={actions.request ?? noop} cancelRequest={actions.cancelRequest ?? noop} />,
  );
}

describe('the asker’s deep research request (issue 38)', () => {
  it('explains deep research, its review and its duration, and asks for it', async () => {
    const ask = jest.fn(noop);
    renderPanel(latest({ mayRequest: true }), { request: ask });
    expect(screen.getByText(T.explanation)).toBeInTheDocument();
    expect(screen.getByText(T.reviewNote)).toBeInTheDocument();
    expect(screen.getByText(T.duration)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.askButton }));
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows nothing to a reader who may not ask and has no request (another patient)', () => {
    const { container } = renderPanel(latest({}));
    expect(container).toBeEmptyDOMElement();
  });

  it('follows the request’s state, and offers a cancel only before review', async () => {
    const cancel = jest.fn(noop);
    const { rerender } = renderPanel(latest({ request: request({}) }), { cancelRequest: cancel });
    expect(screen.getByRole('status')).toHaveTextContent(T.states.requested);
    await userEvent.click(screen.getByRole('button', { name: T.cancelButton }));
    expect(cancel).toHaveBeenCalledTimes(1);
    for (const state of ['plan_review', 'searching', 'screening', 'writing', 'published', 'not_completed'] as const) {
      rerender(<DeepResearchPanel latest={latest({ request: request({ state }) })} busy={false} start={noop} savePlan={noop} approve={noop} cancel={noop} retry={noop} />);
      expect(screen.getByRole('status')).toHaveTextContent(T.states[state]);
      expect(screen.queryByRole('button', { name: T.cancelButton })).toBeNull();
    }
    expect(screen.getByText(T.states.not_completed)).toHaveTextContent('The deep research could not be completed.');
  });

  it('shows a decline with the reviewer’s reason', () => {
    renderPanel(latest({ request: request({ state: 'declined', declineReason: 'A specialist should see this first.' }) }));
    expect(screen.getByRole('status')).toHaveTextContent(T.states.declined);
    expect(screen.getByText(T.declineReasonLabel)).toBeInTheDocument();
    expect(screen.getByTestId('research-decline-reason')).toHaveTextContent('A specialist should see this first.');
  });

  it('lets a cancelled request be asked again', () => {
    renderPanel(latest({ request: request({ state: 'cancelled' }), mayRequest: true }));
    expect(screen.getByText(T.states.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.askButton })).toBeInTheDocument();
  });
});
