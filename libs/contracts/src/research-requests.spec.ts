import { researchRequestState } from './research-requests';

describe('researchRequestState', () => {
  const run = (status: 'planning' | 'awaiting_approval') => ({ status, stage: 'plan' as const, published: false });

  it('keeps the request’s own state until it is taken', () => {
    expect(researchRequestState('requested', null)).toBe('requested');
    expect(researchRequestState('declined', null)).toBe('declined');
    expect(researchRequestState('cancelled', null)).toBe('cancelled');
  });

  it('follows the run once taken', () => {
    expect(researchRequestState('taken', run('planning'))).toBe('plan_review');
    expect(researchRequestState('taken', run('awaiting_approval'))).toBe('plan_review');
    expect(researchRequestState('taken', { status: 'running', stage: 'search', published: false })).toBe('searching');
    expect(researchRequestState('taken', { status: 'running', stage: 'dedupe', published: false })).toBe('searching');
    expect(researchRequestState('taken', { status: 'running', stage: 'screen', published: false })).toBe('screening');
    expect(researchRequestState('taken', { status: 'running', stage: 'extract', published: false })).toBe('screening');
    expect(researchRequestState('taken', { status: 'running', stage: 'report', published: false })).toBe('writing');
    expect(researchRequestState('taken', { status: 'running', stage: 'publish', published: false })).toBe('writing');
    expect(researchRequestState('taken', { status: 'completed', stage: 'done', published: true })).toBe('published');
  });

  it('shows a failed, stopped or unpublished run as not completed', () => {
    expect(researchRequestState('taken', { status: 'failed', stage: 'screen', published: false })).toBe('not_completed');
    expect(researchRequestState('taken', { status: 'cancelled', stage: 'search', published: false })).toBe('not_completed');
    expect(researchRequestState('taken', { status: 'completed', stage: 'done', published: false })).toBe('not_completed');
    expect(researchRequestState('taken', null)).toBe('not_completed');
  });
});
