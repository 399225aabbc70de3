import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AccountPaths, CREDENTIAL_PROBLEMS, CredentialPaths, ExpertCredentialTexts as T, ONCOLOGY_SPECIALTIES, type Role } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { AccountPage } from './pages/AccountPage';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderAccount(role: Role) {
  return render(
    <Provider store={createAppStore({ auth: signedInState(role) })}>
      <MemoryRouter initialEntries={['/account']}><AccountPage /></MemoryRouter>
    </Provider>,
  );
}

const NONE = { specialty: null, licence_number: null, institution: null };
const saves = (api: ReturnType<typeof installFetchMock>) => api.calls.filter((call) => call.method === 'PUT' && call.url.endsWith(CredentialPaths.credentials));

describe("the account page's professional details (issue 44 item 7)", () => {
  it('asks an expert without them to add them, checks each with the registration rule, and saves them trimmed', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.sessions, { status: 200, body: { sessions: [] } });
    const saved = { specialty: 'radiation oncologist', licence_number: 'GMC 1234567', institution: 'St Elsewhere' };
    api.reply(CredentialPaths.credentials, { status: 200, body: NONE }, { status: 200, body: saved });
    renderAccount('expert');
    expect(await screen.findByText(T.missing)).toBeInTheDocument();
    // The suggestions are a datalist on the specialty field; free text stays allowed.
    const specialty = screen.getByLabelText(T.specialty);
    const list = document.getElementById(specialty.getAttribute('list') ?? '');
    expect(list?.querySelectorAll('option')).toHaveLength(ONCOLOGY_SPECIALTIES.length);

    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(CREDENTIAL_PROBLEMS.required.specialty)).toBeInTheDocument();
    expect(screen.getByText(CREDENTIAL_PROBLEMS.required.licence_number)).toBeInTheDocument();
    expect(screen.getByText(CREDENTIAL_PROBLEMS.required.institution)).toBeInTheDocument();
    await userEvent.type(specialty, '   ');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(CREDENTIAL_PROBLEMS.required.specialty)).toBeInTheDocument();
    expect(saves(api)).toHaveLength(0);

    await userEvent.type(specialty, 'radiation oncologist ');
    await userEvent.type(screen.getByLabelText(T.licenceNumber), ' GMC 1234567');
    await userEvent.type(screen.getByLabelText(T.institution), 'St Elsewhere');
    api.reply(CredentialPaths.credentials, { status: 200, body: { message: T.saved, credentials: saved } }, { status: 200, body: saved });
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(T.saved);
    expect(saves(api)[0]?.body).toEqual(saved);
  });

  it("fills in an expert's stored details and says what the server refuses", async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.sessions, { status: 200, body: { sessions: [] } });
    api.reply(CredentialPaths.credentials, { status: 200, body: { specialty: 'oncology nurse', licence_number: 'NMC-1', institution: 'Clinic' } });
    renderAccount('expert');
    expect(await screen.findByDisplayValue('oncology nurse')).toBeInTheDocument();
    expect(screen.getByLabelText(T.institution)).toHaveValue('Clinic');
    expect(screen.queryByText(T.missing)).not.toBeInTheDocument();
    api.reply(CredentialPaths.credentials, { status: 400, body: { statusCode: 400, message: T.controlCharacters } });
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    const card = screen.getByRole('heading', { name: T.cardTitle }).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByRole('alert')).toHaveTextContent(T.controlCharacters);
  });

  it('is not shown to patients or admins, who never ask for it', async () => {
    for (const role of ['patient', 'admin'] as const) {
      const api = installFetchMock();
      api.reply(AccountPaths.sessions, { status: 200, body: { sessions: [] } });
      const { unmount } = renderAccount(role);
      expect(await screen.findByText(/Signed in as/)).toBeInTheDocument();
      expect(screen.queryByText(T.cardTitle)).not.toBeInTheDocument();
      expect(api.calls.some((call) => call.url.endsWith(CredentialPaths.credentials))).toBe(false);
      unmount();
    }
  });
});
