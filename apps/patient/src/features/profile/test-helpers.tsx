import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { PROFILE_FIELD_NAMES, type AuthUser, type PatientProfileData, type PatientProfileResponse, type Role } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { signedInState } from '@cqa/web-core/testing';

export const PATIENT_ID = '7f1c2a9e-0000-4000-8000-000000000077';
export const PATIENT_USER_ID = '00000000-0000-4000-8000-000000000001';

/** A stored profile: every field null unless given. */
export function profileData(values: Partial<PatientProfileData> = {}): PatientProfileData {
  return { ...(Object.fromEntries(PROFILE_FIELD_NAMES.map((name) => [name, null])) as unknown as PatientProfileData), ...values };
}

export function patientRecord(values: Partial<PatientProfileData> = {}, over: Partial<PatientProfileResponse> = {}): PatientProfileResponse {
  return {
    id: PATIENT_ID, patient_id: PATIENT_ID, user_id: PATIENT_USER_ID, first_name: 'Pat', last_name: 'Lee', email: 'pat@x.org',
    updated_at: '2026-03-01T10:00:00.000Z', profile_completion_percentage: 40, profile: profileData(values), ...over,
  };
}

/** Shows where the router went, for pages that navigate away. */
export function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}${location.search}`}</p>;
}

/** Renders elements at paths in a data router (the app's kind, so useBlocker works) with a store signed in as `role`. */
export function renderRoutes(
  routes: { path: string; element: ReactNode }[],
  at: string,
  role: Role = 'patient',
  user: Partial<AuthUser> = { patientId: PATIENT_ID, id: PATIENT_USER_ID },
) {
  const store = createAppStore({ auth: signedInState(role, role === 'patient' ? user : {}) });
  const router = createMemoryRouter(
    [...routes, { path: '/patient/questions', element: <Where name="Dashboard" /> }, { path: '*', element: <Where name="Elsewhere" /> }],
    { initialEntries: [at] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}
