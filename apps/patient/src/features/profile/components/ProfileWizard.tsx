import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Space, Steps, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Messages, PROFILE_COMPLETE, PROFILE_STEP_COUNT, PROFILE_STEPS, ProfileTexts, REPORTS_STEP, applyMultiSelectExclusivity, applySymptomExclusivity,
  PROFILE_FIELDS, clampNumber, cleanProfile, computeBmi, missingRequiredFields, normalizeLegacyProfile, profileField, validateFieldValue, visibleFields,
  type PatientProfileResponse, type ProfileFieldDef, type ProfileFieldName, type SymptomMap,
} from '@cqa/contracts';
import {
  errorMessage,
  errorStatus,
  paths,
  selectAuth,
  selectToasts,
  sessionStarted,
  toastDismissed,
  useAppDispatch,
  useAppSelector,
  useToast,
} from '@cqa/web-core';
import { useSavePatientProfileMutation } from '../api';
import { ReportsSection } from '../../reports/components/ReportsSection';
import { useAutosave } from '../hooks/use-autosave';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';
import { parseStep, savedForm, stepStorageKey, type ProfileValues } from '../model';
import { ProfileScreenTexts } from '../texts';
import { ProfileField, isRangeMessage } from './ProfileField';

/** The spec's validation toast stays 15 seconds (section 9). */
export const VALIDATION_TOAST_MS = 15_000;

export interface ProfileWizardProps {
  record: PatientProfileResponse;
  /** Admin mode: an admin edits this patient's profile (no stored step, admin texts, back to the patient's summary). */
  mode: 'patient' | 'admin';
}

function readStoredStep(key: string): number | null {
  try {
    return parseStep(window.localStorage.getItem(key));
  } catch {
    return null;
  }
}

function storeStep(key: string, step: number) {
  try {
    window.localStorage.setItem(key, String(step));
  } catch {
    // Private mode or a full quota: the URL still holds the step.
  }
}

/**
 * The five-step profile wizard (spec sections 2, 4, 5 and 9). Steps 1-4 render the schema's visible fields for that
 * step; step 5 is the medical reports. Progress is saved on Next and Previous, by autosave, and on the final submit.
 */
export function ProfileWizard({ record, mode }: ProfileWizardProps) {
  const admin = mode === 'admin';
  const toast = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const [save, { isLoading: saving }] = useSavePatientProfileMutation();

  const [values, setValues] = useState<ProfileValues>(() => normalizeLegacyProfile(record.profile));
  const valuesRef = useRef(values);
  const savedRef = useRef(savedForm(values));
  const [errors, setErrors] = useState<Partial<Record<ProfileFieldName, string | null>>>({});
  const [missing, setMissing] = useState<ProfileFieldDef[]>([]);
  const toasts = useAppSelector(selectToasts);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const storageKey = stepStorageKey(record.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const step = parseStep(searchParams.get('step')) ?? (admin ? null : readStoredStep(storageKey)) ?? 1;

  // The step lives in the URL (and, for the patient, in local storage) so leaving and coming back keeps it.
  useEffect(() => {
    if (searchParams.get('step') !== String(step)) {
      setSearchParams((params) => {
        params.set('step', String(step));
        return params;
      }, { replace: true });
    }
    if (!admin) storeStep(storageKey, step);
  }, [admin, searchParams, setSearchParams, step, storageKey]);

  const isDirty = useCallback(() => savedForm(valuesRef.current) !== savedRef.current, []);

  const persist = useCallback(
    async (complete = false) => {
      const profile = cleanProfile(valuesRef.current);
      await save({
        patientId: record.id,
        profile,
        ...(complete ? { profile_completion_percentage: PROFILE_COMPLETE } : {}),
      }).unwrap();
      savedRef.current = JSON.stringify(profile);
    },
    [record.id, save],
  );

  const autosave = useCallback(async () => {
    try {
      await persist();
      toast.success(Messages.success.progressSaved);
    } catch {
      toast.error(Messages.errors.saveProgressFailed);
    }
  }, [persist, toast]);
  useAutosave({ isDirty, save: autosave });

  const change = useCallback((name: ProfileFieldName, raw: unknown) => {
    const previous = valuesRef.current;
    const field = profileField(name);
    let value = raw;
    if (field?.kind === 'multiselect') value = applyMultiSelectExclusivity(name, previous[name] as string[] | null, raw as string[]);
    if (field?.kind === 'symptoms') value = applySymptomExclusivity(previous.clinical_symptoms, raw as SymptomMap);
    const next: ProfileValues = { ...previous, [name]: value };
    if (name === 'weight' || name === 'height') next.bmi = computeBmi(next.weight, next.height);
    valuesRef.current = next;
    setValues(next);
    setErrors((e) => (e[name] ? { ...e, [name]: null } : e));
  }, []);

  // On blur: the spec's messages; numbers out of bounds are clamped, and the message says which bound applied.
  const blur = useCallback(
    (name: ProfileFieldName) => {
      const field = profileField(name);
      if (!field) return;
      const value = valuesRef.current[name];
      const message = validateFieldValue(field, value);
      if (isRangeMessage(message, field)) change(name, clampNumber(field, value));
      else if (field.kind === 'year' && !message && typeof value === 'string' && value.trim()) change(name, Number(value));
      setErrors((e) => ({ ...e, [name]: message }));
    },
    [change],
  );

  const goTo = async (target: number, failure: string) => {
    if (isDirty()) {
      try {
        await persist();
      } catch {
        toast.error(failure);
        return;
      }
    }
    setSearchParams((params) => {
      params.set('step', String(target));
      return params;
    });
    window.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  };

  const submit = async () => {
    const stillMissing = missingRequiredFields(valuesRef.current);
    setMissing(stillMissing);
    if (stillMissing.length) {
      toast.error(ProfileTexts.missingFields(stillMissing.map((f) => f.label)), VALIDATION_TOAST_MS);
      return;
    }
    // The list of missing fields no longer applies.
    toasts.filter((t) => t.message.startsWith(Messages.validation.profileIncomplete)).forEach((t) => dispatch(toastDismissed(t.id)));
    try {
      await persist(true);
    } catch (error) {
      // A refusal (400) names what is wrong; anything else gets the spec's message.
      const refused = errorStatus(error) === 400;
      toast.error(refused ? errorMessage(error, Messages.errors.completeProfileFailed) : Messages.errors.completeProfileFailed, VALIDATION_TOAST_MS);
      return;
    }
    if (admin) {
      toast.success(Messages.success.patientProfileUpdated);
      navigate(paths.patientProfile(record.id));
      return;
    }
    toast.success(Messages.success.profileSubmitted);
    // The session's copy of the completion decides where the next sign-in lands; keep it current.
    if (auth.user && auth.accessToken) {
      dispatch(sessionStarted({ user: { ...auth.user, profileCompletion: PROFILE_COMPLETE }, accessToken: auth.accessToken }));
    }
    navigate(paths.patientProfileSummary);
  };

  // Saved as it stands, to be finished later: the next sign-in still leads here (the profile is not complete), to this step.
  const saveForLater = async () => {
    try {
      if (isDirty()) await persist();
    } catch {
      toast.error(Messages.errors.saveProgressFailed);
      return;
    }
    toast.success(Messages.success.progressSaved);
    navigate(paths.patientQuestions);
  };

  const current = PROFILE_STEPS[step - 1];
  const fields = step === REPORTS_STEP ? [] : visibleFields(step, values);

  return (
    <div>
      {/* The tall stepper is the wide screens'; a phone has the compact "Step 2 of 5" under it only (ResponsiveStyles). */}
      <Steps
        className="cqa-wizard-steps"
        size="small"
        current={step - 1}
        items={PROFILE_STEPS.map(({ title }, index) => {
          const status = stepStatus(index + 1, step, values, errors);
          return { title, status, ...(status === 'error' ? { description: ProfileScreenTexts.stepIncomplete } : {}) };
        })}
        style={{ marginBottom: 24 }}
      />
      <Typography.Text type="secondary">{ProfileScreenTexts.stepOf(step, PROFILE_STEP_COUNT)}</Typography.Text>
      <h2 ref={headingRef} tabIndex={-1} style={{ fontSize: 22, marginTop: 4, outline: 'none' }}>
        {current.title}
      </h2>

      <Card>
        {step === REPORTS_STEP ? (
          <>
            <ReportsSection patientUserId={record.user_id} editable />
            {missing.length > 0 && <MissingFields missing={missing} onGo={(target) => void goTo(target, Messages.errors.previousStepFailed)} />}
          </>
        ) : (
          <Form layout="vertical" component="div" requiredMark>
            {fields.map((field) => (
              <ProfileField key={field.name} field={field} values={values} error={errors[field.name]} onChange={change} onBlur={blur} />
            ))}
          </Form>
        )}
      </Card>

      <Space style={{ marginTop: 24 }}>
        {step > 1 && (
          <Button onClick={() => void goTo(step - 1, Messages.errors.previousStepFailed)} disabled={saving}>
            {ProfileScreenTexts.previous}
          </Button>
        )}
        {step < PROFILE_STEP_COUNT ? (
          <Button type="primary" onClick={() => void goTo(step + 1, Messages.errors.nextStepFailed)} loading={saving}>
            {ProfileScreenTexts.next}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void submit()} loading={saving}>
            {admin ? ProfileScreenTexts.adminSubmit : ProfileScreenTexts.submit}
          </Button>
        )}
        {!admin && step < PROFILE_STEP_COUNT && (
          <Button onClick={() => void saveForLater()} disabled={saving}>
            {ProfileScreenTexts.saveForLater}
          </Button>
        )}
      </Space>
      <UnsavedChangesPrompt isDirty={isDirty} message={ProfileTexts.unsavedChanges} />
    </div>
  );
}

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/**
 * What the stepper says of a step, truthfully: ticked only when its required fields are answered and none of its
 * fields is refused; a step passed with either still open is marked incomplete; one ahead with nothing required
 * waits until it is reached.
 */
export function stepStatus(target: number, step: number, values: ProfileValues, errors: Partial<Record<ProfileFieldName, string | null>>): StepStatus {
  if (target === step) return 'process';
  const refused = PROFILE_FIELDS.some((f) => f.step === target && errors[f.name]);
  const missing = missingRequiredFields(values).some((f) => f.step === target);
  if (refused || missing) return target < step ? 'error' : 'wait';
  const requires = PROFILE_FIELDS.some((f) => f.step === target && f.requiredOnSubmit);
  return target < step || requires ? 'finish' : 'wait';
}

/** After a refused submit: what is missing, by step, with a way to each step. */
function MissingFields({ missing, onGo }: { missing: ProfileFieldDef[]; onGo: (step: number) => void }) {
  const steps = [...new Set(missing.map((f) => f.step))];
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 16 }}
      title={ProfileScreenTexts.missingTitle}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {steps.map((s) => (
            <li key={s}>
              {`${PROFILE_STEPS[s - 1].title}: ${missing.filter((f) => f.step === s).map((f) => f.label).join(', ')} `}
              <Button type="link" size="small" onClick={() => onGo(s)}>
                {ProfileScreenTexts.goToStep(s)}
              </Button>
            </li>
          ))}
        </ul>
      }
    />
  );
}
