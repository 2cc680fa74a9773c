import { screen, waitFor, within } from '@testing-library/react';
import { getMockDb, useScenario } from '../../mocks/testing/node';
import { TWO_FACTOR_DEMO } from '../../mocks/scenarios';
import { authenticatorCode } from '../../contract/rules/twoFactor';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { MESSAGES } from '../../contract/messages';
import { renderWithProviders, currentPath } from '../test/renderWithProviders';

const codeNow = (secret: string) => authenticatorCode(secret, new Date());

describe('Your account: two-factor sign-in', () => {
  it('turns on with a code from the key shown, then shows the recovery codes once', async () => {
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(/^Off\. With it on, logging in asks for a code/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeInTheDocument();
    const codeField = screen.getByRole('textbox', { name: 'Code from the app' });
    await waitFor(() => expect(codeField).toHaveFocus());
    const key = (screen.getByText(/^Key: /).textContent ?? '').replace(/^Key: /, '').replace(/ /g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    // Not six digits: said under the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Type the 6-digit code your app shows.')).toBeInTheDocument();
    expect(codeField).toHaveAttribute('aria-invalid', 'true');

    // A wrong code: the backend's words in a toast, and the code stays to correct.
    const right = await codeNow(key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await user.type(codeField, wrong);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    expect(codeField).toHaveValue(wrong);
    expect(getMockDb().users.get(DEMO_USER_ID)?.twoFactor).toBeUndefined();

    await user.clear(codeField);
    await user.type(codeField, `${right.slice(0, 3)} ${right.slice(3)}`);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(heading).toHaveFocus());
    const shown = within(screen.getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(shown).toHaveLength(10);
    expect(getMockDb().users.get(DEMO_USER_ID)?.twoFactor?.recoveryCodeHashes).toHaveLength(10);
    // Kept as hashes alone: none of the codes is in the store.
    expect(JSON.stringify(getMockDb().snapshot())).not.toContain(shown[0]);

    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    const status = await screen.findByText('On. Logging in asks for a code from your authenticator app. 10 recovery codes left.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with a recovery code; an empty or wrong code is said and nothing changes', async () => {
    useScenario('two-factor');
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: { ...DEMO_CREDENTIALS, code: TWO_FACTOR_DEMO.recoveryCodes[9] } });
    expect(await screen.findByText('On. Logging in asks for a code from your authenticator app. 9 recovery codes left.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Code from the app, or a recovery code' });

    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Type the code your app shows, or a recovery code.')).toBeInTheDocument();
    await user.type(field, TWO_FACTOR_DEMO.recoveryCodes[9]);
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    expect(field).toHaveValue(TWO_FACTOR_DEMO.recoveryCodes[9]);
    expect(getMockDb().users.get(DEMO_USER_ID)?.twoFactor).toBeDefined();

    await user.clear(field);
    await user.type(field, TWO_FACTOR_DEMO.recoveryCodes[0]);
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(await screen.findByText(/^Off\. With it on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(getMockDb().users.get(DEMO_USER_ID)?.twoFactor).toBeUndefined();
  });
});

describe('Login with two-factor sign-in on', () => {
  beforeEach(() => useScenario('two-factor'));

  async function passwordFirst() {
    const rendered = await renderWithProviders({ route: '/login' });
    await rendered.user.type(await screen.findByLabelText('Username'), DEMO_CREDENTIALS.username);
    await rendered.user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
    return rendered;
  }

  it('asks for the code once the password is right, and logs in with the code of the moment', async () => {
    const { user, router } = await passwordFirst();
    expect(await screen.findByText('Two-factor sign-in is on: enter the code from your authenticator app.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('The 6-digit code your authenticator app shows, or one of your recovery codes.');

    const right = await codeNow(TWO_FACTOR_DEMO.secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await user.type(field, wrong);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    // Nothing typed is lost: the password and the code stay.
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CREDENTIALS.password);
    expect(field).toHaveValue(wrong);

    await user.clear(field);
    await user.type(field, right);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged In Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('logs in with a recovery code, which is then used up', async () => {
    const { user } = await passwordFirst();
    const field = await screen.findByRole('textbox', { name: 'Authentication code' });
    await user.type(field, TWO_FACTOR_DEMO.recoveryCodes[3].toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged In Successfully!')).toBeInTheDocument();
    expect(getMockDb().users.get(DEMO_USER_ID)?.twoFactor?.recoveryCodeHashes).toHaveLength(9);
  });
});
