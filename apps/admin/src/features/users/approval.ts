import { APPROVAL_TRANSITIONS, type ApprovalStatus } from '@cqa/contracts';

/**
 * Spec section 3: 'approved' shows as Active and 'disabled' as Disabled; none or empty shows as pending. Every status
 * cell starts with a capital, so Pending and Rejected sit beside Active and Disabled.
 */
export function approvalLabel(status: ApprovalStatus | null | undefined): string {
  switch (status) {
    case 'approved':
      return 'Active';
    case 'disabled':
      return 'Disabled';
    case 'rejected':
      return 'Rejected';
    default:
      return 'Pending';
  }
}

export const blockActionLabel = (isBlocked: boolean) => (isBlocked ? 'Unblock' : 'Block');

/** Spec section 2: Verified if a confirmation timestamp exists, otherwise Pending. */
export function emailStatusLabel(confirmedAt: string | null | undefined): string {
  return confirmedAt ? 'Verified' : 'Pending';
}

const ACTION_LABEL: Record<ApprovalStatus, string> = { approved: 'Approve', rejected: 'Reject', disabled: 'Disable', pending: 'Reset' };

/** The actions an admin may take from a status, as the contracts' transition table allows. */
export function approvalActions(status: ApprovalStatus | null | undefined): Array<{ to: ApprovalStatus; label: string }> {
  return APPROVAL_TRANSITIONS[status ?? 'pending'].map((to) => ({ to, label: ACTION_LABEL[to] }));
}

export const BANNER_MS = 3000;
