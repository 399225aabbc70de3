/** Why the profile wizard asks what it asks, where a patient may wonder (issue 47). */
export const ProfileHelpTexts = {
  religion: 'Optional. Asked because beliefs can shape treatment and care choices, so answers can respect them. Leave it empty if you prefer.',
  politicalViewpoint: 'Optional. Asked only because it can shape how health information and care options are best explained to you. Leave it empty if you prefer.',
} as const;
