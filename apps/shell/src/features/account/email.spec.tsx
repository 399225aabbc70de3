import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AccountPageTexts as T, AccountPaths, Messages } from '@cqa/contracts';
import { createAppStore } from '@cqa/web-core';
import { installFetchMock, signedInState } from '@cqa/web-core/testing';
import { ChangeEmailCard } from './components/ChangeEmailCard';
import { ConfirmEmailPage } from './pages/ConfirmEmailPage';

jest.setTimeout(60_000);
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

function renderWith(element: React.ReactNode, at = '/account', signedIn = true) {
  const store = createAppStore(signedIn ? { auth: signedInState('expert') } : {});
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/account" element={element} />
          <Route path="/confirm-email/:code" element={element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('changing the e-mail address (issue 44)', () => {
  it('checks the address and the password first, then says where the link went or what the server refused', async () => {
    const api = installFetchMock();
    api.reply(
      AccountPaths.email,
      { status: 409, body: { statusCode: 409, message: T.emailInUse } },
      { status: 200, body: { message: T.emailChangeSent } },
    );
    renderWith(<ChangeEmailCard />);
    await userEvent.click(screen.getByRole('button', { name: T.changeEmail }));
    expect(await screen.findByText(Messages.validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(T.currentPasswordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(T.newEmail), 'not-an-address');
    await userEvent.type(screen.getByLabelText(T.passwordForEmail), 'Correct-horse-9');
    await userEvent.click(screen.getByRole('button', { name: T.changeEmail }));
    expect(await screen.findByText(Messages.validation.emailInvalid)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.endsWith(AccountPaths.email))).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(T.newEmail));
    await userEvent.type(screen.getByLabelText(T.newEmail), 'taken@example.test');
    await userEvent.click(screen.getByRole('button', { name: T.changeEmail }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.emailInUse);

    await userEvent.clear(screen.getByLabelText(T.newEmail));
    await userEvent.type(screen.getByLabelText(T.newEmail), 'new@example.test');
    await userEvent.click(screen.getByRole('button', { name: T.changeEmail }));
    expect(await screen.findByRole('status')).toHaveTextContent(T.emailPending('new@example.test'));
    expect(screen.getByLabelText(T.passwordForEmail)).toHaveValue('');
  });

  it('confirms the link once on the page it opens, and offers the sign-in to a visitor who is not signed in', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.emailConfirm, { status: 200, body: { message: T.emailChanged } });
    renderWith(<ConfirmEmailPage />, '/confirm-email/tok%2Fen', false);
    expect(screen.getByRole('status')).toHaveTextContent(T.confirmingEmail);
    expect(await screen.findByText(T.emailChanged)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.goToLogin })).toHaveAttribute('href', '/');
    const posts = api.calls.filter((call) => call.url.endsWith(AccountPaths.emailConfirm));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ token: 'tok/en' });
  });

  it('says why a link does not work, with the way back to the account when signed in', async () => {
    const api = installFetchMock();
    api.reply(AccountPaths.emailConfirm, { status: 400, body: { statusCode: 400, message: T.emailChangeExpired } });
    renderWith(<ConfirmEmailPage />, '/confirm-email/old');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.emailChangeExpired);
    expect(screen.getByRole('link', { name: T.goToAccount })).toHaveAttribute('href', '/account');
  });
});
