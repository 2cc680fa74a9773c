import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../mocks/testing/node';
import { TWO_FACTOR_DEMO } from '../../mocks/scenarios';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { MESSAGES } from '../../contract/messages';
import { formatDay } from '../lib/formatDay';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';

const DAY_MS = 24 * 60 * 60 * 1000;
const deletionOf = () => getMockDb().users.get(DEMO_USER_ID)?.deletion;

async function openDeleteAccount(credentials: { username: string; password: string; code?: string } = DEMO_CREDENTIALS) {
  const rendered = await renderWithProviders({ route: '/settings/account', authAs: credentials });
  expect(await screen.findByRole('heading', { name: 'Delete account', level: 2 })).toBeInTheDocument();
  return rendered;
}

describe('Your account: delete account', () => {
  it('says what goes, asks for the password, and with it lands on /login saying when the account goes', async () => {
    const { user, router } = await openDeleteAccount();
    expect(await screen.findByText(/^Deleting your account hides it at once: .* After 14 days it is deleted for good, unless you log in and keep it before then\./)).toBeInTheDocument();
    expect(screen.getByText(/posts, replies, likes, follows, bookmarks, notifications and images all go/)).toBeInTheDocument();

    // The download is offered first: its button takes the focus.
    await user.click(screen.getByRole('button', { name: 'Download your data first' }));
    expect(screen.getByRole('button', { name: 'Download your data' })).toHaveFocus();

    // Nothing typed: said at the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Type your password to delete your account.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Type your password to delete your account.');
    expect(deletionOf()).toBeUndefined();

    await user.type(password, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    const purgeAt = deletionOf()?.purgeAt;
    expect(purgeAt).toBeDefined();
    expect(Date.parse(purgeAt!) - Date.now()).toBeGreaterThan(13 * DAY_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Your account will be deleted on ${formatDay(purgeAt!, 'en')}. Log in before then to keep it.`);
    // Logged out here; the session's end is not said as one the backend ended on its own.
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('says a wrong password at its field, and keeps it as typed', async () => {
    const { user, router } = await openDeleteAccount();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(password).toHaveValue('not-the-password');
    // Still logged in, still here, nothing set.
    expect(currentPath(router)).toBe('/settings/account');
    expect(screen.getByRole('heading', { name: 'Your account', level: 1 })).toBeInTheDocument();
    expect(deletionOf()).toBeUndefined();

    // Typing again clears the message.
    await user.type(password, 'x');
    expect(screen.queryByText('That password is not right.')).not.toBeInTheDocument();
  });

  it('with two-factor sign-in on, asks for the code as well, and a wrong one is said at its field', async () => {
    useScenario('two-factor');
    const { user, router } = await openDeleteAccount({ ...DEMO_CREDENTIALS, code: TWO_FACTOR_DEMO.recoveryCodes[9] });
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    const password = screen.getByLabelText('Password');
    await user.type(password, DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type the code your authenticator app shows, or a recovery code.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(deletionOf()).toBeUndefined();

    // Used already to log in: refused, and both fields keep what was typed.
    await user.type(code, TWO_FACTOR_DEMO.recoveryCodes[9]);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue(TWO_FACTOR_DEMO.recoveryCodes[9]);
    expect(password).toHaveValue(DEMO_CREDENTIALS.password);
    expect(deletionOf()).toBeUndefined();

    await user.clear(code);
    await user.type(code, TWO_FACTOR_DEMO.recoveryCodes[0]);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(deletionOf()).toBeDefined();
    expect(await screen.findByText(/^Your account will be deleted on .*\. Log in before then to keep it\.$/)).toBeInTheDocument();
  });
});

describe('An account set to be deleted', () => {
  function scheduleDeletion(): string {
    const purgeAt = new Date(Date.now() + 10 * DAY_MS).toISOString();
    getMockDb().users.get(DEMO_USER_ID)!.deletion = { requestedAt: new Date().toISOString(), purgeAt };
    return purgeAt;
  }

  it('is said atop every page after logging in; Keep my account keeps it', async () => {
    const purgeAt = scheduleDeletion();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const text = `Your account will be deleted on ${formatDay(purgeAt, 'en')}. Until then nobody else sees it.`;
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(text).closest('[role="status"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByText('Your account is kept. Everyone sees it again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Keep my account' })).not.toBeInTheDocument();
    expect(deletionOf()).toBeUndefined();
  });

  it('stays said when keeping it fails', async () => {
    const purgeAt = scheduleDeletion();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const text = `Your account will be deleted on ${formatDay(purgeAt, 'en')}. Until then nobody else sees it.`;
    expect(await screen.findByText(text)).toBeInTheDocument();
    server.use(http.delete(`${TEST_API_BASE}/account/deletion`, () => HttpResponse.json({ errors: ['Service unavailable'] }, { status: 503 })));

    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByText(/^Your account is still set to be deleted\. /)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep my account' })).toBeInTheDocument();
    expect(deletionOf()).toBeDefined();
  });

  it('is not said for an account that is not set to be deleted', async () => {
    await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Delete account', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep my account' })).not.toBeInTheDocument();
  });
});
