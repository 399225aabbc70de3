import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { Link } from 'react-router-dom';
import { AUTH_FORM_ROUTES, AuthTexts, CANCER_STAGES, CANCER_TYPES, Messages, PASSWORD_MIN_LENGTH, SEXES, type RegisterRequest, type SelfRegisteringRole } from '@cqa/contracts';
import { errorMessage, errorStatus, paths, useRegisterMutation, useToast } from '@cqa/web-core';
import { CredentialFields } from '../../account/components/CredentialFields';
import { EMAIL_RULES, NEW_PASSWORD_RULES } from '../../auth/components/field-rules';
import { FormMessage, FormSelect, StaticFormNotices, useFormNotice, useHydrated, useServerForm } from '../../auth/components/server-form';
import { LandingTexts } from '../texts';

interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  agreeToTerms?: boolean;
  age?: number | null;
  sex?: string;
  cancer_type?: string;
  cancer_stage?: string;
  hipaa_consent?: boolean;
  specialty?: string;
  licence_number?: string;
  institution?: string;
}

export type RegistrationOutcome =
  | { kind: 'registered'; message: string }
  | { kind: 'rejected' }
  | { kind: 'already-registered' };

const mustBeTicked = (message: string) => ({
  validator: (_: unknown, value: boolean | undefined) => (value ? Promise.resolve() : Promise.reject(new Error(message))),
});

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * Spec sections 2 and 5: the registration form, with the patient's extra fields and consents, or the expert's
 * professional details (issue 44 item 7). Before the page's script
 * runs it is a plain form posted to AUTH_FORM_ROUTES.register (the selects, which need the script, stay empty then).
 */
export function RegisterForm({ role, onOutcome }: { role: SelfRegisteringRole | null; onOutcome: (outcome: RegistrationOutcome) => void }) {
  const [register, { isLoading }] = useRegisterMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, clearNotice] = useFormNotice('register');
  const hydrated = useHydrated();
  const serverForm = useServerForm<RegisterValues>(AUTH_FORM_ROUTES.register, `register-${role ?? 'none'}`);
  const toast = useToast();

  const submit = async (values: RegisterValues) => {
    setFailure(null);
    clearNotice();
    if (!role) {
      toast.error(Messages.validation.selectRole);
      return;
    }
    const body: RegisterRequest = {
      email: values.email.trim(),
      password: values.password,
      role,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      agreeToTerms: true,
      ...(role === 'patient'
        ? {
            ...(values.age != null ? { age: values.age } : {}),
            ...(values.sex ? { sex: values.sex } : {}),
            ...(values.cancer_type ? { cancer_type: values.cancer_type } : {}),
            ...(values.cancer_stage ? { cancer_stage: values.cancer_stage } : {}),
            hipaa_consent: true,
          }
        : {
            specialty: values.specialty?.trim() ?? '',
            licence_number: values.licence_number?.trim() ?? '',
            institution: values.institution?.trim() ?? '',
          }),
    };
    try {
      const result = await register(body).unwrap();
      if (!result) {
        setFailure(Messages.errors.registrationFailed);
        return;
      }
      if (!result.user?.id) {
        setFailure(Messages.errors.invalidRegistrationResponse);
        return;
      }
      // The disclaimers' toast (a failed first try) is about this form only: it never follows to the outcome screen.
      toast.withdraw(Messages.validation.agreeToDisclaimers);
      onOutcome({ kind: 'registered', message: result.message || Messages.success.registration });
    } catch (error) {
      const status = errorStatus(error);
      if (status === 409) {
        toast.error(Messages.errors.emailRegistered);
        onOutcome({ kind: 'already-registered' });
      } else if (status === 403) {
        onOutcome({ kind: 'rejected' });
      } else {
        setFailure(errorMessage(error, Messages.errors.authenticationFailed));
      }
    }
  };

  const onFinishFailed = ({ errorFields }: { errorFields: Array<{ name: Array<string | number> }> }) => {
    if (errorFields.some((field) => field.name[0] === 'agreeToTerms')) toast.error(Messages.validation.agreeToDisclaimers);
  };

  return (
    <Form<RegisterValues>
      layout="vertical"
      onFinish={submit}
      onFinishFailed={onFinishFailed}
      // Ticked: the toast asking for it goes.
      onValuesChange={(changed: Partial<RegisterValues>) => {
        if (changed.agreeToTerms) toast.withdraw(Messages.validation.agreeToDisclaimers);
      }}
      requiredMark={false}
      disabled={isLoading}
      {...serverForm}
    >
      <StaticFormNotices form="register" />
      <FormMessage failure={failure} notice={notice} />
      {role && <input type="hidden" name="role" value={role} />}
      <Form.Item label={LandingTexts.register.firstName} name="first_name" rules={[{ required: true, whitespace: true, message: Messages.validation.firstNameRequired }]}>
        <Input name="first_name" autoComplete="given-name" required maxLength={100} />
      </Form.Item>
      <Form.Item label={LandingTexts.register.lastName} name="last_name" rules={[{ required: true, whitespace: true, message: Messages.validation.lastNameRequired }]}>
        <Input name="last_name" autoComplete="family-name" required maxLength={100} />
      </Form.Item>
      <Form.Item
        label={LandingTexts.register.email}
        name="email"
        rules={EMAIL_RULES}
      >
        <Input type="email" name="email" autoComplete="email" required />
      </Form.Item>
      <Form.Item
        label={LandingTexts.register.password}
        name="password"
        rules={NEW_PASSWORD_RULES}
        // The rule is said before the first try, not only as its refusal.
        extra={AuthTexts.passwordRule}
      >
        <Input.Password name="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} visibilityToggle={hydrated} />
      </Form.Item>
      {role === 'expert' && <CredentialFields />}
      {role === 'patient' && (
        <>
          <Form.Item label={LandingTexts.register.age} name="age">
            <InputNumber name="age" min={0} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={LandingTexts.register.sex} name="sex">
            <FormSelect name="sex" options={options(SEXES)} allowClear />
          </Form.Item>
          <Form.Item label={LandingTexts.register.cancerType} name="cancer_type">
            <FormSelect name="cancer_type" options={options(CANCER_TYPES)} allowClear showSearch />
          </Form.Item>
          <Form.Item label={LandingTexts.register.cancerStage} name="cancer_stage">
            <FormSelect name="cancer_stage" options={options(CANCER_STAGES)} allowClear />
          </Form.Item>
        </>
      )}
      <Form.Item name="agreeToTerms" valuePropName="checked" rules={[mustBeTicked(Messages.validation.disclaimersRequired)]}>
        <Checkbox name="agreeToTerms" required>
          I have read and agree to the{' '}
          <Link to={paths.disclaimers} style={{ textDecoration: 'underline' }}>
            disclaimers
          </Link>
        </Checkbox>
      </Form.Item>
      {role === 'patient' && (
        <Form.Item name="hipaa_consent" valuePropName="checked" rules={[mustBeTicked(Messages.validation.hipaaRequired)]}>
          <Checkbox name="hipaa_consent" required>I consent to the use of my health information under HIPAA to answer my questions</Checkbox>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading} block>
        Register
      </Button>
    </Form>
  );
}
