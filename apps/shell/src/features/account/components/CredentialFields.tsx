import { useId } from 'react';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { credentialProblem, EXPERT_CREDENTIAL_LIMITS, ExpertCredentialTexts as T, ONCOLOGY_SPECIALTIES, type ExpertCredentialField } from '@cqa/contracts';

/** The contracts' one rule for a detail (the API applies the same), as the form's check. */
export const credentialRules = (field: ExpertCredentialField): Rule[] => [
  { validator: (_rule, value: unknown) => { const problem = credentialProblem(field, value); return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } },
];

/**
 * An expert's specialty, licence or registration number and institution (issue 44 item 7), at registration and on
 * /account. Plain inputs with `name`s, so the registration page's form posts them before any script runs; the
 * specialty's suggestions are a datalist, which needs no script either, and free text stays allowed.
 */
export function CredentialFields() {
  const listId = `${useId()}-specialties`;
  return (
    <>
      <Form.Item label={T.specialty} name="specialty" rules={credentialRules('specialty')} extra={T.specialtyHelp}>
        <Input name="specialty" list={listId} autoComplete="off" required maxLength={EXPERT_CREDENTIAL_LIMITS.specialty} />
      </Form.Item>
      <datalist id={listId}>
        {ONCOLOGY_SPECIALTIES.map(({ name }) => <option key={name} value={name} />)}
      </datalist>
      <Form.Item label={T.licenceNumber} name="licence_number" rules={credentialRules('licence_number')} extra={T.licenceHelp}>
        <Input name="licence_number" autoComplete="off" required maxLength={EXPERT_CREDENTIAL_LIMITS.licence_number} />
      </Form.Item>
      <Form.Item label={T.institution} name="institution" rules={credentialRules('institution')} extra={T.institutionHelp}>
        <Input name="institution" autoComplete="organization" required maxLength={EXPERT_CREDENTIAL_LIMITS.institution} />
      </Form.Item>
    </>
  );
}
