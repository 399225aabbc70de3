/** Words of the landing page and its registration form (ours; the spec's messages come from the contracts). */
export const LandingTexts = {
  roles: { patient: 'Patient', expert: 'Expert' },
  register: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    age: 'Age',
    sex: 'Sex',
    cancerType: 'Cancer type',
    cancerStage: 'Cancer stage',
  },
} as const;
