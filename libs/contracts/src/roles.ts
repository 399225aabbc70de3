export const Role = { Patient: 'patient', Expert: 'expert', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES: readonly Role[] = Object.values(Role);

/** Stored approval states; 'approved' is shown as 'Active' and 'disabled' as 'Disabled' (spec section 3). */
export const ApprovalStatus = { Pending: 'pending', Approved: 'approved', Rejected: 'rejected', Disabled: 'disabled' } as const;
export type ApprovalStatus = (typeof ApprovalStatus)[keyof typeof ApprovalStatus];
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = Object.values(ApprovalStatus);
