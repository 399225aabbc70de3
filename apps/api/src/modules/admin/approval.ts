import { APPROVAL_TRANSITIONS, ApprovalStatus } from '@cqa/contracts';

export function canChangeApproval(from: ApprovalStatus, to: ApprovalStatus): boolean {
  return APPROVAL_TRANSITIONS[from].includes(to);
}

/** Statuses that end every session of the account at once. */
export function endsSessions(status: ApprovalStatus): boolean {
  return status === 'rejected' || status === 'disabled';
}
