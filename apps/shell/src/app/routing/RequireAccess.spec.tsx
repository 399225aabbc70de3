import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Messages } from '@cqa/contracts';
import { createAppStore, type AuthState, type RouteAccess } from '@cqa/web-core';
import { signedInState } from '@cqa/web-core/testing';
import { NO_PERMISSION_MESSAGE, RequireAccess } from './RequireAccess';

const signedIn = (role: 'patient' | 'expert' | 'admin'): AuthState => signedInState(role);
const anonymous: AuthState = { status: 'anonymous', user: null, accessToken: null };

function Probe({ name }: { name: string }) {
  return <p>{`${name} at ${useLocation().pathname}`}</p>;
}

function renderGuarded(access: RouteAccess, auth: AuthState, at: string, pattern = at) {
  const store = createAppStore({ auth });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={pattern} element={<RequireAccess access={access}>Secret page</RequireAccess>} />
          <Route path="/" element={<Probe name="Landing" />} />
          <Route path="/:role/questions" element={<Probe name="Questions home" />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('RequireAccess', () => {
  it("shows 'Loading' while the session is unknown", () => {
    renderGuarded('patient', { status: 'unknown', user: null, accessToken: null }, '/patient-profile');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('sends a visitor with no session to /', () => {
    renderGuarded('expert', anonymous, '/expert/questions/1', '/expert/questions/:id');
    expect(screen.getByText('Landing at /')).toBeInTheDocument();
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it("tells a signed-out visitor of the profile pages 'Please log in to access your profile'", () => {
    const store = renderGuarded('patient', anonymous, '/patient-profile-summary');
    expect(screen.getByText('Landing at /')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([expect.objectContaining({ kind: 'error', message: Messages.errors.loginToAccessProfile })]);
    const other = renderGuarded('expert', anonymous, '/expert/questions/2', '/expert/questions/:id');
    expect(other.getState().toasts).toEqual([]);
  });

  it('lets the right role in', () => {
    renderGuarded('patient', signedIn('patient'), '/patient-profile');
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('lets anyone through a public route', () => {
    renderGuarded('public', anonymous, '/disclaimers');
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it.each([
    ['expert', 'patient'],
    ['patient', 'expert'],
    ['patient', 'admin'],
  ] as const)('sends a wrong role away from a %s route to /%s/questions', (access, role) => {
    renderGuarded(access, signedIn(role), '/some-page');
    expect(screen.getByText(`Questions home at /${role}/questions`)).toBeInTheDocument();
  });

  it('admits every role to a signed-in route', () => {
    renderGuarded('signed-in', signedIn('expert'), '/patient-profile-consolidated/4', '/patient-profile-consolidated/:patientId');
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('sends a non-admin on an admin screen to / with the permission toast', () => {
    const store = renderGuarded('admin', signedIn('expert'), '/admin/users');
    expect(screen.getByText('Landing at /')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([expect.objectContaining({ kind: 'error', message: NO_PERMISSION_MESSAGE })]);
    expect(NO_PERMISSION_MESSAGE).toBe("You don't have permission to access this page");
  });

  it('lets an admin onto admin screens without a toast', () => {
    const store = renderGuarded('admin', signedIn('admin'), '/admin/users');
    expect(screen.getByText('Secret page')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it('lets an admin through an expert-or-admin route', () => {
    renderGuarded('expert-or-admin', signedIn('admin'), '/x');
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('sends a patient away from an expert-or-admin route', () => {
    renderGuarded('expert-or-admin', signedIn('patient'), '/x');
    expect(screen.getByText('Questions home at /patient/questions')).toBeInTheDocument();
  });

  describe('patient-own-or-staff', () => {
    const pattern = '/patients/:patientId/profile';
    it('admits a patient to their own record', () => {
      renderGuarded('patient-own-or-staff', signedIn('patient'), '/patients/77/profile', pattern);
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });
    it("sends a patient away from another patient's record", () => {
      renderGuarded('patient-own-or-staff', signedIn('patient'), '/patients/78/profile', pattern);
      expect(screen.getByText('Questions home at /patient/questions')).toBeInTheDocument();
    });
    it('admits experts and admins to any record', () => {
      renderGuarded('patient-own-or-staff', signedIn('expert'), '/patients/78/profile', pattern);
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });
  });
});
