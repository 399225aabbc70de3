import { APPROVAL_STATUSES, ApprovalStatus } from '@cqa/contracts';
import { canChangeApproval, endsSessions } from './approval';

describe('approval transitions', () => {
  const allowed: Array<[ApprovalStatus, ApprovalStatus]> = [
    ['pending', 'approved'], ['pending', 'rejected'], ['approved', 'rejected'], ['approved', 'disabled'],
    ['rejected', 'approved'], ['disabled', 'approved'],
  ];

  it('allows exactly the transitions of spec section 4 plus disabling and re-enabling', () => {
    const actual = APPROVAL_STATUSES.flatMap((from) => APPROVAL_STATUSES.filter((to) => canChangeApproval(from, to)).map((to) => [from, to]));
    expect(actual.sort()).toEqual([...allowed].sort());
  });

  it('never moves an account back to pending or to the status it has', () => {
    for (const from of APPROVAL_STATUSES) {
      expect(canChangeApproval(from, 'pending')).toBe(false);
      expect(canChangeApproval(from, from)).toBe(false);
    }
  });

  it('ends the sessions of rejected and disabled accounts only', () => {
    expect(APPROVAL_STATUSES.filter(endsSessions).sort()).toEqual(['disabled', 'rejected']);
  });
});
