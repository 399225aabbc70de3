import { AI_RUN_STATUSES, isAiRunActive } from './ai';
import { isResearchActive, RESEARCH_ACTIVE_STATUSES, RESEARCH_STATUSES, RESEARCH_WORKING_STATUSES } from './research';

describe('the active-run states, one list for the server and the web', () => {
  it('an AI run is active while queued or running, never once it has ended', () => {
    expect(AI_RUN_STATUSES.filter((s) => isAiRunActive(s))).toEqual(['queued', 'running']);
    expect(isAiRunActive(null)).toBe(false);
  });

  it('a deep research run is active until it completes, fails or is cancelled; the machine works on it unless it waits for a reviewer', () => {
    expect(RESEARCH_STATUSES.filter((s) => !isResearchActive(s))).toEqual(['completed', 'failed', 'cancelled']);
    expect(RESEARCH_WORKING_STATUSES).toEqual(RESEARCH_ACTIVE_STATUSES.filter((s) => s !== 'awaiting_approval'));
    expect(isResearchActive(undefined)).toBe(false);
  });
});
