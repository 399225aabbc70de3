/** Words of User Management and the approval page (ours; the spec's messages come from the contracts). */
export const UserTexts = {
  /** The is_blocked flag of spec section 3, capitalised like the approval statuses. */
  blocked: 'Blocked',
  tabs: { patient: 'Patients', expert: 'Experts' },
  columns: {
    name: 'Name',
    email: 'Email',
    emailStatus: 'Email status',
    approvalStatus: 'Approval status',
    lastSignIn: 'Last sign-in',
    /** Experts only (issue 44 item 7). */
    credentials: 'Professional details',
    actions: 'Actions',
  },
  approve: {
    email: 'Email',
    role: 'Role',
    name: 'Name',
    registrationDate: 'Registration date',
    approvalStatus: 'Approval status',
    /** Issue 44: the rejection e-mail repeats it. */
    reasonLabel: 'Reason for a rejection (optional; the e-mail to the user repeats it)',
    decisionMailed: 'The user is told by e-mail when you approve or reject the registration.',
  },
} as const;
