import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Messages, ProfileTexts, READONLY_TABS, SUMMARY_CARD_TITLES } from '@cqa/contracts';
import { installFetchMock } from '@cqa/web-core/testing';
import { cardStep, summaryTitle } from '../components/ProfileSummary';
import { PATIENT_ID, Where, patientRecord, renderRoutes } from '../test-helpers';
import { AdminEditPatientPage } from './AdminEditPatientPage';
import { ConsolidatedProfilePage } from './ConsolidatedProfilePage';
import { PatientProfilePage } from './PatientProfilePage';
import { ProfileSummaryPage } from './ProfileSummaryPage';
import { ReadonlyProfilePage } from './ReadonlyProfilePage';

jest.setTimeout(90_000);
configure({ asyncUtilTimeout: 15_000 });
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const url = `/api/patients/${PATIENT_ID}`;

describe('summaryTitle', () => {
  it.each([
    [{ name: 'Pat Lee', viewer: { role: 'expert' as const }, byId: true, patientId: 'p1' }, 'Profile Summary for Pat Lee'],
    [{ name: null, viewer: { role: 'patient' as const }, byId: false, patientId: 'p1' }, 'Profile Summary'],
    [{ name: null, viewer: { role: 'patient' as const }, byId: true, patientId: 'p1' }, 'Profile Summary'],
    [{ name: null, viewer: { role: 'expert' as const }, byId: true, patientId: 'p1' }, 'Profile Summary for Patient ID: p1'],
    [{ name: null, viewer: { role: 'admin' as const }, byId: true, patientId: 'p1' }, 'Profile Summary for Patient ID: p1'],
  ])('%j → %s', (options, title) => {
    expect(summaryTitle(options)).toBe(title);
  });

  it('sends card n to wizard step n + 1', () => {
    expect(SUMMARY_CARD_TITLES.map((_, card) => cardStep(card))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('profile summary', () => {
  it("shows 'Loading summary...', then the name, 'Last updated', the record id, five cards and Edit links for the owner", async () => {
    const api = installFetchMock();
    api.reply(url, { status: 200, body: patientRecord({ age: 54, sex: 'Female', occupation: 'Other', occupation_other: 'Pilot', conditions: ['None'] }) });
    renderRoutes([{ path: '/patient-profile-summary', element: <ProfileSummaryPage /> }], '/patient-profile-summary');
    expect(screen.getByRole('status')).toHaveTextContent(ProfileTexts.loadingSummary);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Summary for Pat Lee' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${ProfileTexts.lastUpdated}: `))).toBeInTheDocument();
    expect(screen.getByText(`Record ID: ${PATIENT_ID}`)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([...SUMMARY_CARD_TITLES]);
    SUMMARY_CARD_TITLES.forEach((title, card) => {
      expect(screen.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute('href', `/patient-profile?step=${card + 1}`);
    });
    expect(screen.getByText('Pilot')).toBeInTheDocument();
    expect(screen.getAllByText(ProfileTexts.notSpecified).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: ProfileTexts.goToDashboard }));
    expect(await screen.findByText('Dashboard at /patient/questions')).toBeInTheDocument();
  });

  it('shows no Edit links to an expert, and the patient id when there is no name', async () => {
    const api = installFetchMock();
    api.reply(url, { status: 200, body: patientRecord({}, { first_name: '', last_name: '' }) });
    renderRoutes([{ path: '/patients/:patientId/profile', element: <PatientProfilePage /> }], `/patients/${PATIENT_ID}/profile`, 'expert');
    expect(await screen.findByRole('heading', { level: 1, name: `Profile Summary for Patient ID: ${PATIENT_ID}` })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: SUMMARY_CARD_TITLES[0] });
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it("says 'Error fetching patient data.' in red when the record cannot be read", async () => {
    const api = installFetchMock();
    api.reply(url, { status: 403, body: { message: 'Forbidden' } });
    renderRoutes([{ path: '/patients/:patientId/profile', element: <PatientProfilePage /> }], `/patients/${PATIENT_ID}/profile`, 'expert');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(Messages.errors.errorFetchingPatient);
    expect(alert).toHaveClass('ant-typography-danger');
  });

  it("says 'Patient not found.' for an unknown record", async () => {
    const api = installFetchMock();
    api.reply(url, { status: 404, body: { message: Messages.errors.patientNotFound } });
    renderRoutes([{ path: '/patients/:patientId/profile', element: <PatientProfilePage /> }], `/patients/${PATIENT_ID}/profile`, 'admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.errors.patientNotFoundSentence);
  });
});

describe('read-only tabbed profile', () => {
  it('shows the name and id, the eleven tabs, Basic Info with Other texts and Not specified, and the empty texts', async () => {
    const api = installFetchMock();
    api.reply(url, {
      status: 200,
      body: patientRecord({ age: 61, ethnicity: 'Other', ethnicity_other: 'Pacific', religion: 'Other', religion_other: null, karnofsky_score: 80 }),
    });
    renderRoutes([{ path: '/patient-profile-readonly/:patientId', element: <ReadonlyProfilePage /> }], `/patient-profile-readonly/${PATIENT_ID}`, 'expert');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Lee' })).toBeInTheDocument();
    expect(screen.getByText(`Patient ID: ${PATIENT_ID}`)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(READONLY_TABS.map((t) => t.title));
    expect(READONLY_TABS).toHaveLength(11);
    expect(screen.getByRole('link', { name: ProfileTexts.viewConsolidatedProfile })).toHaveAttribute('href', `/patient-profile-consolidated/${PATIENT_ID}`);

    const basic = screen.getByRole('tabpanel');
    const row = (label: string) => within(basic).getByText(label).closest('tr') as HTMLElement;
    expect(row('Age')).toHaveTextContent('61');
    expect(row('Ethnicity')).toHaveTextContent('Pacific');
    expect(row('Religion')).toHaveTextContent(/ReligionOther$/);
    expect(row('Zip Code')).toHaveTextContent(ProfileTexts.notSpecified);

    await userEvent.click(screen.getByRole('tab', { name: 'Symptoms' }));
    expect(await screen.findByText(Messages.empty.noSymptoms)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Family History' }));
    expect(await screen.findByText(Messages.empty.noFamilyHistory)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(await screen.findByText(Messages.empty.noneReported)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Lifestyle' }));
    expect(await screen.findByText(/^80 – Normal activity with effort/)).toBeInTheDocument();
  });

  it('lists chosen symptoms by body system, and family details per relative', async () => {
    const api = installFetchMock();
    api.reply(url, {
      status: 200,
      body: patientRecord({
        clinical_symptoms: { Constitutional: ['Fever', 'Fatigue'], Other: ['Other'] }, clinical_symptoms_other: 'Hiccups',
        family_history_relatives: ['Mother'], family_history_details: { Mother: 'Breast cancer at 50' },
      }),
    });
    renderRoutes([{ path: '/patient-profile-readonly/:patientId', element: <ReadonlyProfilePage /> }], `/patient-profile-readonly/${PATIENT_ID}`, 'admin');
    await userEvent.click(await screen.findByRole('tab', { name: 'Symptoms' }));
    expect(await screen.findByText('Constitutional: Fever, Fatigue')).toBeInTheDocument();
    expect(screen.getByText('Hiccups')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Family History' }));
    expect(await screen.findByText('Mother: Breast cancer at 50')).toBeInTheDocument();
  });
});

describe('consolidated profile', () => {
  it('shows the thirteen sections and links to the two reference documents', async () => {
    const api = installFetchMock();
    api.reply(url, { status: 200, body: patientRecord({ height: 170.18, weight: 150, bmi: 23.49 }) });
    renderRoutes([{ path: '/patient-profile-consolidated', element: <ConsolidatedProfilePage /> }], '/patient-profile-consolidated');
    await screen.findByRole('heading', { level: 2, name: 'Personal Details' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Personal Details', 'Socioeconomic Information', 'Family & Beliefs', 'Cancer Details', 'Treatment and Personal Goals',
      'Treatment Information', 'Surgeries', 'Medical Conditions', 'Medications & Supplements', 'Family History of Cancer', 'Lifestyle',
      'Uploaded Reports', 'Clinical Symptoms',
    ]);
    expect(screen.getByText('5 ft 7 in (170.18 cm)')).toBeInTheDocument();
    // No surgery among the treatments: the surgery questions were never asked.
    const surgeries = screen.getByRole('heading', { level: 2, name: 'Surgeries' }).closest('.ant-card') as HTMLElement;
    expect(within(surgeries).getByText(ProfileTexts.notSpecified)).toBeInTheDocument();
    expect(screen.getByText('150 lbs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ProfileTexts.performanceScaleLink })).toHaveAttribute('href', '/profile-reference/performance-scale');
    expect(screen.getByRole('link', { name: ProfileTexts.reviewOfSystemsLink })).toHaveAttribute('href', '/profile-reference/review-of-systems');
  });

  it("says 'No patient data available' to a non-patient without an id", async () => {
    installFetchMock();
    renderRoutes([{ path: '/patient-profile-consolidated', element: <ConsolidatedProfilePage /> }], '/patient-profile-consolidated', 'expert');
    expect(await screen.findByText(Messages.empty.noPatientData)).toBeInTheDocument();
  });
});

describe('admin editor', () => {
  it('shows name, email and completion, then the wizard in admin mode at step 1', async () => {
    const api = installFetchMock();
    api.reply(url, { status: 200, body: patientRecord({}, { profile_completion_percentage: 40 }) });
    renderRoutes([{ path: '/admin/patient/:patientId/edit', element: <AdminEditPatientPage /> }], `/admin/patient/${PATIENT_ID}/edit`, 'admin');
    expect(await screen.findByText('pat@x.org')).toBeInTheDocument();
    expect(screen.getByText('Pat Lee')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Demographics & Personal Information' })).toBeInTheDocument();
  });

  it('goes to /admin/users when the record cannot be loaded', async () => {
    const api = installFetchMock();
    api.reply(url, { status: 404, body: { message: Messages.errors.patientNotFound } });
    const { store } = renderRoutes(
      [
        { path: '/admin/patient/:patientId/edit', element: <AdminEditPatientPage /> },
        { path: '/admin/users', element: <Where name="Users" /> },
      ],
      `/admin/patient/${PATIENT_ID}/edit`,
      'admin',
    );
    expect(await screen.findByText('Users at /admin/users')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(Messages.errors.patientNotFound));
  });

  it('sends a non-admin to /admin/users without loading anything', async () => {
    const api = installFetchMock();
    renderRoutes(
      [
        { path: '/admin/patient/:patientId/edit', element: <AdminEditPatientPage /> },
        { path: '/admin/users', element: <Where name="Users" /> },
      ],
      `/admin/patient/${PATIENT_ID}/edit`,
      'expert',
    );
    expect(await screen.findByText('Users at /admin/users')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
