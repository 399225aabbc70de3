import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Messages, ProfileHelpTexts, ProfileTexts, missingRequiredFields, type PatientProfileData } from '@cqa/contracts';
import { installFetchMock } from '@cqa/web-core/testing';
import { PATIENT_ID, Where, patientRecord, renderRoutes } from '../test-helpers';
import { ProfileScreenTexts } from '../texts';
import { ProfileWizard, VALIDATION_TOAST_MS, stepStatus } from './ProfileWizard';

jest.setTimeout(120_000);
// A step with dozens of antd checkboxes takes a while to render on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

/** Every required field answered (cancer present, so cancer_stage is required too). */
const complete: Partial<PatientProfileData> = {
  age: 54, sex: 'Female', ethnicity: 'Hispanic', marital_status: 'Married', children_in_household: 'None', state: 'Ohio', zipcode: '43004',
  occupation: 'Education', cancer_type: 'Breast Cancer', cancer_stage: 'Stage 2', conditions: ['None'], major_treatments: ['Chemotherapy'],
  current_medications: 'Tamoxifen', treatment_goals: ['Treat'], unaddressed_concerns: 'Fatigue', smoking_history: 'No',
  alcohol_consumption: 'Never', exercise_routine: 'Walks', appetite: 'Good', diet_type: 'Standard', dietary_habit: 'Regular meals and snacks',
};

function renderWizard(at: string, values: Partial<PatientProfileData> = {}, mode: 'patient' | 'admin' = 'patient') {
  const api = installFetchMock();
  const record = patientRecord(values);
  api.reply(`/api/patients/${PATIENT_ID}`, { status: 200, body: record });
  const path = mode === 'admin' ? '/admin/patient/:patientId/edit' : '/patient-profile';
  const view = renderRoutes(
    [
      { path, element: <ProfileWizard record={record} mode={mode} /> },
      { path: '/patient-profile-summary', element: <Where name="Summary" /> },
      { path: '/patients/:patientId/profile', element: <Where name="Patient summary" /> },
    ],
    at,
    mode === 'admin' ? 'admin' : 'patient',
  );
  return { api, ...view, puts: () => api.calls.filter((c) => c.method === 'PUT') };
}

const toastMessages = (store: ReturnType<typeof renderWizard>['store']) => store.getState().toasts.map((t) => t.message);

describe('ProfileWizard', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the step from ?step= with its title, and the fields of that step from the schema', async () => {
    const { router } = renderWizard('/patient-profile?step=3');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Treatments Surgery & Medications');
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Major Treatments/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Current Medications')).toBeInTheDocument();
    expect(screen.queryByLabelText('Age')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`patientProfileStep:${PATIENT_ID}`)).toBe('3');
    expect(router.state.location.search).toBe('?step=3');
  });

  it('ticks a step only when its required fields are answered, and marks a passed step that is not as incomplete', async () => {
    // Step 1 half answered, step 2 complete, step 3 not reached and empty.
    const { cancer_type, cancer_stage, conditions } = complete;
    renderWizard('/patient-profile?step=3', { age: 54, cancer_type, cancer_stage, conditions });
    const steps = [...document.querySelectorAll('.cqa-wizard-steps .ant-steps-item')];
    const statuses = steps.map((item) => /ant-steps-item-(wait|process|finish|error)/.exec(item.className)?.[1]);
    expect(statuses).toEqual(['error', 'finish', 'process', 'wait', 'wait']);
    expect(within(steps[0] as HTMLElement).getByText(ProfileScreenTexts.stepIncomplete)).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).queryByText(ProfileScreenTexts.stepIncomplete)).not.toBeInTheDocument();
    expect(stepStatus(4, 3, complete, {})).toBe('finish');
    expect(stepStatus(1, 3, complete, { age: 'Value must be 120 or less.' })).toBe('error');
  });

  it('saves a step to finish later and goes to the questions; the next visit opens at the same step', async () => {
    const { api, router, store, puts } = renderWizard('/patient-profile?step=2');
    api.reply(`/api/patients/${PATIENT_ID}`, { status: 200, body: patientRecord({ molecular_genetic_data: 'BRCA1' }) });
    await userEvent.type(screen.getByLabelText(/Molecular/), 'BRCA1');
    await userEvent.click(screen.getByRole('button', { name: ProfileScreenTexts.saveForLater }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient/questions'));
    expect(puts()).toHaveLength(1);
    expect(puts()[0].body).toEqual({ profile: expect.objectContaining({ molecular_genetic_data: 'BRCA1' }) });
    expect(toastMessages(store)).toContain(Messages.success.progressSaved);
    expect(window.localStorage.getItem(`patientProfileStep:${PATIENT_ID}`)).toBe('2');
  });

  it('says why religion and political view are asked, and that they are optional', () => {
    renderWizard('/patient-profile?step=1');
    expect(screen.getByText(ProfileHelpTexts.religion)).toBeInTheDocument();
    expect(screen.getByText(ProfileHelpTexts.politicalViewpoint)).toBeInTheDocument();
    expect(ProfileHelpTexts.religion).toMatch(/^Optional\. Asked because/);
    expect(ProfileHelpTexts.politicalViewpoint).toMatch(/^Optional\. Asked only because/);
  });

  it('defaults to step 1, or the stored step when the URL has none', async () => {
    const first = renderWizard('/patient-profile');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Demographics & Personal Information');
    await waitFor(() => expect(first.router.state.location.search).toBe('?step=1'));
    first.router.dispose();
    document.body.innerHTML = '';

    window.localStorage.setItem(`patientProfileStep:${PATIENT_ID}`, '4');
    const again = renderWizard('/patient-profile');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Lifestyle Goals & Concerns');
    await waitFor(() => expect(again.router.state.location.search).toBe('?step=4'));
  });

  it("makes 'None' exclusive in conditions: it clears and disables the others, and is dropped when unticked", async () => {
    renderWizard('/patient-profile?step=2', { conditions: ['Asthma', 'Migraine'] });
    const conditions = screen.getByRole('group', { name: /Other Health Conditions/ });
    expect(within(conditions).getByRole('checkbox', { name: 'Asthma' })).toBeChecked();
    await userEvent.click(within(conditions).getByRole('checkbox', { name: 'None' }));
    expect(within(conditions).getByRole('checkbox', { name: 'None' })).toBeChecked();
    expect(within(conditions).getByRole('checkbox', { name: 'Asthma' })).not.toBeChecked();
    expect(within(conditions).getByRole('checkbox', { name: 'Asthma' })).toBeDisabled();
    await userEvent.click(within(conditions).getByRole('checkbox', { name: 'None' }));
    expect(within(conditions).getByRole('checkbox', { name: 'Asthma' })).toBeEnabled();
  });

  it("reads the old 'None/Other' as 'None' in major treatments", () => {
    renderWizard('/patient-profile?step=3', { major_treatments: ['None/Other'] as string[] });
    const treatments = screen.getByRole('group', { name: /Major Treatments/ });
    expect(within(treatments).getByRole('checkbox', { name: 'None' })).toBeChecked();
    expect(within(treatments).getByRole('checkbox', { name: 'Surgery' })).toBeDisabled();
  });

  it('shows conditional fields only when their condition holds, and the Other companion on Other', async () => {
    renderWizard('/patient-profile?step=3');
    const treatments = screen.getByRole('group', { name: /Major Treatments/ });
    expect(screen.queryByLabelText('Surgery Type')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Other major treatments')).not.toBeInTheDocument();
    await userEvent.click(within(treatments).getByRole('checkbox', { name: 'Surgery' }));
    expect(screen.getByLabelText('Surgery Type')).toBeInTheDocument();
    expect(screen.getByLabelText('Year of Surgery')).toBeInTheDocument();
    await userEvent.click(within(treatments).getByRole('checkbox', { name: 'Other' }));
    expect(screen.getByLabelText('Other major treatments')).toBeInTheDocument();

    expect(screen.queryByLabelText('Clinical Trials Details')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Clinical Trials Participation' })).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('Clinical Trials Details')).toBeInTheDocument();
  });

  it('hides the cancer details for No Cancer and asks per relative for family details', async () => {
    renderWizard('/patient-profile?step=2', { cancer_type: 'No Cancer' });
    expect(screen.queryByLabelText('Cancer Stage')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Year of Diagnosis')).not.toBeInTheDocument();
    const relatives = screen.getByRole('group', { name: 'Family History of Cancer' });
    expect(screen.queryByLabelText('Details for Mother')).not.toBeInTheDocument();
    await userEvent.click(within(relatives).getByRole('checkbox', { name: 'Mother' }));
    await userEvent.click(within(relatives).getByRole('checkbox', { name: 'Aunts' }));
    expect(screen.getByLabelText('Details for Mother')).toBeInTheDocument();
    expect(screen.getByLabelText('Details for Aunts')).toBeInTheDocument();
  });

  it('clamps the age on blur to its maximum with the spec message', async () => {
    renderWizard('/patient-profile?step=1');
    const age = screen.getByLabelText('Age');
    await userEvent.type(age, '150');
    await userEvent.tab();
    expect(await screen.findByText(Messages.validation.valueTooLarge(120))).toBeInTheDocument();
    expect(age).toHaveValue('120');
    expect(age).toHaveAttribute('aria-invalid', 'true');
  });

  it('clamps the stress level to its minimum (1) with the spec message', async () => {
    renderWizard('/patient-profile?step=4');
    const stress = screen.getByLabelText('Stress Level');
    await userEvent.type(stress, '0');
    await userEvent.tab();
    expect(await screen.findByText(Messages.validation.valueTooSmall(1))).toBeInTheDocument();
    expect(stress).toHaveValue('1');
  });

  it("says 'Please enter a valid 4-digit year' for a short year", async () => {
    renderWizard('/patient-profile?step=2', { cancer_type: 'Lung Cancer' });
    await userEvent.type(screen.getByLabelText('Year of Diagnosis'), '20');
    await userEvent.tab();
    expect(await screen.findByText(Messages.validation.invalidYear)).toBeInTheDocument();
  });

  it('takes height in feet (0-8) and inches (0-11), stores centimetres and shows the BMI', async () => {
    const { puts } = renderWizard('/patient-profile?step=2');
    await userEvent.type(screen.getByLabelText('Feet'), '9');
    await userEvent.tab();
    expect(await screen.findByText(Messages.validation.valueTooLarge(8))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Feet'));
    await userEvent.type(screen.getByLabelText('Feet'), '5');
    await userEvent.type(screen.getByLabelText('Inches'), '12');
    await userEvent.tab();
    expect(await screen.findByText(Messages.validation.valueTooLarge(11))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Inches'));
    await userEvent.type(screen.getByLabelText('Inches'), '7');
    await userEvent.type(screen.getByLabelText('Weight'), '150');
    await userEvent.tab();
    // 5 ft 7 in = 170.18 cm; 150 lbs = 68.04 kg; BMI 23.49.
    expect(screen.getByRole('status', { name: 'BMI' })).toHaveTextContent('23.49');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual(expect.objectContaining({ profile: expect.objectContaining({ height: 170.18, weight: 150, bmi: 23.49 }) }));
  });

  it('saves on Next and moves on; on failure stays with the spec toast', async () => {
    const { api, store, router, puts } = renderWizard('/patient-profile?step=1');
    await userEvent.type(screen.getByLabelText('City'), 'Columbus');
    api.reply(`/api/patients/${PATIENT_ID}`, { status: 500, body: { message: 'boom' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toastMessages(store)).toContain(Messages.errors.nextStepFailed));
    expect(router.state.location.search).toBe('?step=1');

    api.reply(`/api/patients/${PATIENT_ID}`, { status: 200, body: patientRecord({ city: 'Columbus' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=2'));
    expect(puts().at(-1)?.body).toEqual({ profile: expect.objectContaining({ city: 'Columbus' }) });
    expect(puts().at(-1)?.url).toBe(`/api/patients/${PATIENT_ID}`);

    // Nothing changed since: Previous moves without saving again.
    const saves = puts().length;
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Demographics & Personal Information' })).toBeInTheDocument();
    expect(puts()).toHaveLength(saves);
  });

  it("reports a failed save on Previous with 'Failed to move to previous step. Please try again.'", async () => {
    const { api, store, router } = renderWizard('/patient-profile?step=2');
    await userEvent.type(screen.getByLabelText('Additional Conditions'), 'Gout');
    api.reply(`/api/patients/${PATIENT_ID}`, { status: 500, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(toastMessages(store)).toContain(Messages.errors.previousStepFailed));
    expect(router.state.location.search).toBe('?step=2');
  });

  it('lists the missing required fields in a 15-second toast on submit and does not save', async () => {
    const { store, puts } = renderWizard('/patient-profile?step=5', { age: 40 });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Profile' }));
    const labels = missingRequiredFields({ age: 40 }).map((f) => f.label);
    expect(labels).toContain('Sex');
    const toast = store.getState().toasts.find((t) => t.message.startsWith(Messages.validation.profileIncomplete));
    expect(toast).toEqual(expect.objectContaining({ kind: 'error', message: ProfileTexts.missingFields(labels), durationMs: VALIDATION_TOAST_MS }));
    expect(VALIDATION_TOAST_MS).toBe(15_000);
    expect(puts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Go to step 1' })).toBeInTheDocument();
  });

  it("submits a complete profile with completion 100, toasts 'Profile submitted successfully!' and opens the summary", async () => {
    const { store, puts } = renderWizard('/patient-profile?step=5', complete);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Profile' }));
    expect(await screen.findByText('Summary at /patient-profile-summary')).toBeInTheDocument();
    expect(puts()[0].body).toEqual(expect.objectContaining({ profile_completion_percentage: 100 }));
    expect(toastMessages(store)).toContain(Messages.success.profileSubmitted);
    expect(store.getState().auth.user?.profileCompletion).toBe(100);
  });

  it("says 'Failed to complete profile. Please try again.' when the final save fails, and the server's reason when it refuses", async () => {
    const { api, store, router } = renderWizard('/patient-profile?step=5', complete);
    api.reply(`/api/patients/${PATIENT_ID}`, { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Profile' }));
    await waitFor(() => expect(toastMessages(store)).toEqual([Messages.errors.completeProfileFailed]));
    api.reply(`/api/patients/${PATIENT_ID}`, { status: 400, body: { message: ProfileTexts.missingFields(['Age']) } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Profile' }));
    await waitFor(() => expect(toastMessages(store)).toContain(ProfileTexts.missingFields(['Age'])));
    expect(router.state.location.pathname).toBe('/patient-profile');
  });

  it('goes to the step of a missing field, and clears the missing-fields toast once the profile is submitted', async () => {
    const { store, router } = renderWizard('/patient-profile?step=5', { ...complete, exercise_routine: null });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Profile' }));
    expect(toastMessages(store)).toEqual([ProfileTexts.missingFields(['Exercise Routine'])]);
    await userEvent.click(screen.getByRole('button', { name: 'Go to step 4' }));
    await userEvent.type(await screen.findByLabelText('Exercise Routine'), 'Yoga');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Profile' }));
    expect(await screen.findByText('Summary at /patient-profile-summary')).toBeInTheDocument();
    expect(toastMessages(store)).toEqual([Messages.success.profileSubmitted]);
    expect(router.state.location.pathname).toBe('/patient-profile-summary');
  });

  it("in admin mode saves with 'Patient profile updated successfully!' and shows the patient's summary", async () => {
    const { store, puts } = renderWizard(`/admin/patient/${PATIENT_ID}/edit?step=5`, complete, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(`Patient summary at /patients/${PATIENT_ID}/profile`)).toBeInTheDocument();
    expect(puts()[0].body).toEqual(expect.objectContaining({ profile_completion_percentage: 100 }));
    expect(toastMessages(store)).toContain(Messages.success.patientProfileUpdated);
    expect(window.localStorage.length).toBe(0);
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { router } = renderWizard('/patient-profile?step=1');
    await userEvent.type(screen.getByLabelText('City'), 'Dayton');
    await act(async () => {
      await router.navigate('/patient/questions');
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ProfileTexts.unsavedChanges);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/patient-profile');

    await act(async () => {
      await router.navigate('/patient/questions');
    });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Dashboard at /patient/questions')).toBeInTheDocument();
  });

  it("autosaves when the tab is hidden and something changed; a failed autosave says 'Failed to save progress.'", async () => {
    const hide = () => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      const { api, store, puts } = renderWizard('/patient-profile?step=1');
      hide();
      expect(puts()).toHaveLength(0);
      await userEvent.type(screen.getByLabelText('City'), 'Toledo');
      api.reply(`/api/patients/${PATIENT_ID}`, { status: 500, body: {} });
      hide();
      await waitFor(() => expect(toastMessages(store)).toContain(Messages.errors.saveProgressFailed));
      expect(puts()[0].body).toEqual({ profile: expect.objectContaining({ city: 'Toledo' }) });
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    }
  });

  it("autosaves on the timer 60 seconds after opening, with 'Progress saved!'", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { store, puts } = renderWizard('/patient-profile?step=1');
      await userEvent.type(screen.getByLabelText('City'), 'Kent');
      expect(puts()).toHaveLength(0);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(60_000);
      });
      await waitFor(() => expect(toastMessages(store)).toContain(Messages.success.progressSaved));
      expect(puts()).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets the browser prompt on unload only when something changed', async () => {
    renderWizard('/patient-profile?step=1');
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('City'), 'Akron');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
