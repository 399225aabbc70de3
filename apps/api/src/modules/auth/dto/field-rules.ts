import { credentialProblem, type ExpertCredentialField, isCommonPassword, Messages, profileField, ProfileFieldName, validateFieldValue } from '@cqa/contracts';
import { Rule } from '../../../common/errors/rule';

/** Refuses the most common passwords (the contracts' bundled list), wherever a password is chosen. */
export const NotCommonPassword = () =>
  Rule('notCommonPassword', (value) => (typeof value === 'string' && isCommonPassword(value) ? Messages.validation.passwordTooCommon : null));

/** A profile field given at registration, checked with the profile schema itself, so both accept the same values. */
export function ProfileFieldValue(name: ProfileFieldName): PropertyDecorator {
  const field = profileField(name);
  if (!field) throw new Error(`No profile field ${name}`);
  return Rule(`profile:${name}`, (value) => {
    const problem = validateFieldValue(field, value, { checkRequired: false });
    return problem ? `${field.label}: ${problem}` : null;
  });
}

/** An expert's professional detail (issue 44 item 7): the contracts' one rule, which the web's forms use too. */
export const CredentialValue = (field: ExpertCredentialField) => Rule(`credential:${field}`, (value) => credentialProblem(field, value));
