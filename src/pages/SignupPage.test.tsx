import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { getMockDb, server, TEST_API_BASE } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS, SAMPLE_SIGNUP } from '../../contract/seed/default';
import { MESSAGES } from '../../contract/messages';
import { TIMINGS } from '../config/timings';
import { TOKEN_STORAGE_KEY } from '../features/auth/tokenStorage';
import { selectCurrentMember } from '../features/users/currentMember';
import { selectIsLoggedIn } from '../features/auth/sessionSlice';
import { sampleAndShown } from '../test/sampleFields';
import { loseAnswers } from '../test/lostAnswers';
import { NETWORK_MESSAGE } from '../lib/apiError';
import { activateLanguage } from '../i18n/firstWords';

type User = Awaited<ReturnType<typeof renderWithProviders>>['user'];

interface Fields {
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  password?: string;
  confirm?: string;
  accept?: boolean;
}

const complete: Required<Fields> = {
  firstName: 'Riley',
  lastName: 'Stone',
  username: 'riley_stone',
  email: 'riley@example.com',
  password: 'secret1234',
  confirm: 'secret1234',
  accept: true,
};

async function openSignup() {
  const view = await renderWithProviders({ route: '/signup' });
  await screen.findByRole('heading', { name: 'Create your account', level: 1 });
  return view;
}

async function fillSignup(user: User, fields: Fields) {
  const typeInto = async (label: string, value?: string) => {
    if (value) await user.type(screen.getByLabelText(label), value);
  };
  await typeInto('First Name', fields.firstName);
  await typeInto('Last Name', fields.lastName);
  await typeInto('Username', fields.username);
  await typeInto('Email Address', fields.email);
  await typeInto('Password', fields.password);
  await typeInto('Confirm Password', fields.confirm);
  if (fields.accept) await user.click(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create New Account' }));

function countSignupCalls() {
  const counter = { calls: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/auth/signup')) counter.calls += 1;
  });
  return counter;
}

/** Fills and sends the form, which the app refuses with `toast` (not `otherToast`) and sends nowhere. */
async function expectRefusedBeforeSending(fields: Fields, toast: string, otherToast: string) {
  const counter = countSignupCalls();
  const view = await openSignup();
  await fillSignup(view.user, fields);
  await submit(view.user);
  expect(await screen.findByText(toast)).toBeInTheDocument();
  expect(screen.queryByText(otherToast)).not.toBeInTheDocument();
  expect(counter.calls).toBe(0);
  return view;
}

afterEach(() => {
  server.events.removeAllListeners();
  jest.useRealTimers();
});

describe('Signup: limits shown before submit', () => {
  it('says the username and password rules under their fields, and stops typing past the maximums', async () => {
    await renderWithProviders({ route: '/signup' });
    const username = await screen.findByLabelText('Username');
    expect(username).toHaveAccessibleDescription('3 to 30 characters: letters, digits or underscores.');
    expect(username).toHaveAttribute('maxLength', '30');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAccessibleDescription('8 to 128 characters.');
    expect(password).toHaveAttribute('maxLength', '128');
    expect(screen.getByLabelText('First Name')).toHaveAttribute('maxLength', '30');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('maxLength', '30');
    expect(screen.getByText('3 to 30 characters: letters, digits or underscores.')).toBeVisible();
  });
});

describe('Signup', () => {
  it('shows the heading, the promise, the link to login, and the exact page title', async () => {
    const { user, router } = await openSignup();
    expect(document.title).toBe('SocialConnect | Signup');
    expect(screen.getByText(/follow people around the globe, connect with your friends, and share what you are thinking/i)).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Username', 'Email Address', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('link', { name: 'Already have an account?' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('creates the account, logs the member in and goes home', async () => {
    const { user, router, store } = await openSignup();
    await fillSignup(user, complete);
    await submit(user);

    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(selectCurrentMember(store.getState())?.username).toBe('riley_stone');
    expect(store.getState().ui.showLoader).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(store.getState().session.token);
    expect(getMockDb().findUserByUsername('riley_stone')).toBeDefined();
  });

  it('signs up once when the connection is reset after the account was made: sent again with the same key, then home', async () => {
    const { user, router, store } = await openSignup();
    const lost = loseAnswers('/auth/signup', '/auth/signup', 1);
    await fillSignup(user, complete);
    await submit(user);

    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(selectCurrentMember(store.getState())?.username).toBe('riley_stone');
    expect(screen.queryByText(MESSAGES.usernameExists)).not.toBeInTheDocument();
    expect([...getMockDb().users.values()].filter((member) => member.username === 'riley_stone')).toHaveLength(1);
    expect(lost.keys).toHaveLength(2);
    expect(lost.keys[1]).toBe(lost.keys[0]);
  });

  it('waits for what the backend has before it signs up, and sends a reset signup again', async () => {
    // The health answer is asked beside the signup itself, which waits for it (does the backend keep
    // the email address?); here it is held, then the signup's answer is lost.
    let answerHealth = () => {};
    const healthHeld = new Promise<void>((resolve) => {
      answerHealth = resolve;
    });
    server.use(http.get(`${TEST_API_BASE}/health`, async () => {
      await healthHeld;
      return undefined;
    }));
    const { user, router } = await openSignup();
    const lost = loseAnswers('/auth/signup', '/auth/signup', 1);
    await fillSignup(user, complete);
    await submit(user);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lost.keys).toHaveLength(0);
    answerHealth();

    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect([...getMockDb().users.values()].filter((member) => member.username === 'riley_stone')).toHaveLength(1);
    expect(lost.keys).toEqual([lost.keys[0], lost.keys[0]]);
  });

  it.each([
    ['first name', { ...complete, firstName: '' }],
    ['last name', { ...complete, lastName: '' }],
    ['username', { ...complete, username: '' }],
    ['e-mail', { ...complete, email: '' }],
    ['password', { ...complete, password: '' }],
    ['terms', { ...complete, accept: false }],
  ])('asks for all credentials when the %s is missing, before anything else', async (_what, fields) => {
    const { store } = await expectRefusedBeforeSending({ ...fields, confirm: 'does-not-match' }, 'Please Fill All Credentials!', 'Password Must Match Confirm Password!');
    expect(store.getState().ui.showLoader).toBe(false);
  });

  it('marks each missing field, says so under it, and puts the focus on the first one', async () => {
    const { user } = await expectRefusedBeforeSending({ ...complete, firstName: '', email: '', accept: false }, 'Please Fill All Credentials!', 'Password Must Match Confirm Password!');
    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveFocus();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Please fill in this field.');
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Please fill in this field.');
    const terms = screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('Please accept the Terms & Conditions.');
    expect(screen.getByLabelText('Last Name')).not.toHaveAttribute('aria-invalid');

    // Typing into a marked field makes it the member's again.
    await user.type(firstName, 'Riley');
    expect(firstName).not.toHaveAttribute('aria-invalid');
    expect(firstName).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the username, e-mail and password by the backends\' rules before sending, and says why under each', async () => {
    const counter = countSignupCalls();
    const { user, router } = await openSignup();
    await fillSignup(user, { ...complete, username: 'ri', email: 'riley@example', password: 'short', confirm: 'short' });
    await submit(user);

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(MESSAGES.usernameInvalid);
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(MESSAGES.passwordInvalid);
    expect(screen.getByLabelText('Confirm Password', { selector: 'input' })).not.toHaveAttribute('aria-invalid');
    expect(counter.calls).toBe(0);
    expect(currentPath(router)).toBe('/signup');
    expect(username).toHaveValue('ri');

    // Fixed, the same form signs up.
    await user.type(username, 'ley');
    await user.type(screen.getByLabelText('Email Address'), '.org');
    await user.type(password, '-but-longer');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), '-but-longer');
    await submit(user);
    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    expect(counter.calls).toBe(1);
  });

  it('marks the e-mail as required, and sends it to a backend that keeps it (`accounts`)', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/auth/signup')) void request.clone().json().then((body) => bodies.push(body));
    });
    const { user, router } = await openSignup();
    expect(screen.getByLabelText('Email Address')).toBeRequired();
    await fillSignup(user, complete);
    await submit(user);
    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(bodies).toEqual([{ firstName: 'Riley', lastName: 'Stone', username: 'riley_stone', password: 'secret1234', email: 'riley@example.com' }]);
  });

  it("marks every field's problem at once when all are wrong and Terms is unticked, with the spec's toast", async () => {
    const { user } = await expectRefusedBeforeSending(
      { firstName: 'Riley', lastName: 'Stone', username: 'ri ley', email: 'riley@example', password: 'short', confirm: 'shorter', accept: false },
      'Please Fill All Credentials!',
      'Password Must Match Confirm Password!',
    );
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveFocus());
    const marked: Array<[HTMLElement, string]> = [
      [username, MESSAGES.usernameInvalid],
      [screen.getByLabelText('Email Address'), MESSAGES.emailInvalid],
      [screen.getByLabelText('Password', { selector: 'input' }), MESSAGES.passwordInvalid],
      [screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Must be the same as the password.'],
      [screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }), 'Please accept the Terms & Conditions.'],
    ];
    for (const [field, message] of marked) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    // Ticking Terms leaves the others marked until they are changed.
    await user.click(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }));
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for matching passwords once everything is filled', async () => {
    const { router } = await expectRefusedBeforeSending({ ...complete, confirm: 'secret9999' }, 'Password Must Match Confirm Password!', 'Please Fill All Credentials!');
    expect(currentPath(router)).toBe('/signup');
    const confirm = screen.getByLabelText('Confirm Password', { selector: 'input' });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Must be the same as the password.');
  });

  it('shows the backend message when the username is taken, and keeps the fields', async () => {
    const { user, router, store } = await openSignup();
    await fillSignup(user, { ...complete, username: DEMO_CREDENTIALS.username });
    await submit(user);

    expect(await screen.findByText(MESSAGES.usernameExists)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signup');
    // At the field too, in words, with the focus there to choose another.
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('This username is taken. Please choose another one.');
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(store.getState().ui.showLoader).toBe(false);
    expect(screen.getByLabelText('First Name')).toHaveValue(complete.firstName);
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
    expect(screen.getByLabelText('Password')).toHaveValue(complete.password);
    expect(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
  });

  it.each([
    ['the server fails', () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }), MESSAGES.serverError],
    ['the network is down', () => HttpResponse.error(), NETWORK_MESSAGE],
  ])('keeps the form with what was typed, and says so, when %s', async (_how, answer, why) => {
    server.use(http.post(`${TEST_API_BASE}/auth/signup`, answer));
    const { user, router } = await openSignup();
    await fillSignup(user, complete);
    await submit(user);
    expect(await screen.findByText(`Your account was not created; what you typed stays. ${why}`)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/signup');
    expect(screen.getByLabelText('First Name')).toHaveValue(complete.firstName);
    expect(screen.getByLabelText('Password')).toHaveValue(complete.password);
    expect(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
  });

  it("turns the loader off and says 'Invalid Credentials!' a second after an answer without a token", async () => {
    jest.useFakeTimers({ advanceTimers: 1 });
    server.use(http.post(`${TEST_API_BASE}/auth/signup`, () => HttpResponse.json({ createdUser: null }, { status: 201 })));
    const { user, store, router } = await openSignup();
    await fillSignup(user, complete);
    await submit(user);

    await waitFor(() => expect(store.getState().api.mutations).not.toEqual({}));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create New Account' })).toBeEnabled());
    expect(store.getState().ui.showLoader).toBe(true);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid Credentials!')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(TIMINGS.loaderOffShortMs));
    expect(await screen.findByText('Invalid Credentials!')).toBeInTheDocument();
    expect(store.getState().ui.showLoader).toBe(false);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(currentPath(router)).toBe('/signup');
  });

  it('fills a sample account with Fill Test Credentials, which then signs up', async () => {
    const { user, router, store } = await openSignup();
    const fill = screen.getByRole('button', { name: 'Fill Test Credentials' });
    await user.click(fill);
    expect(screen.getByLabelText('First Name')).toHaveValue(SAMPLE_SIGNUP.firstName);
    expect(screen.getByLabelText('Last Name')).toHaveValue(SAMPLE_SIGNUP.lastName);
    expect(screen.getByLabelText('Username')).toHaveValue(SAMPLE_SIGNUP.username);
    expect(screen.getByLabelText('Email Address')).toHaveValue(SAMPLE_SIGNUP.email);
    expect(screen.getByLabelText('Password')).toHaveValue(SAMPLE_SIGNUP.password);
    expect(screen.getByLabelText('Confirm Password')).toHaveValue(SAMPLE_SIGNUP.password);
    expect(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();
    expect(await screen.findByText('Test Credentials Filled!')).toBeInTheDocument();
    // The button carries the same values, for a press before the app has started.
    const { sample, shown } = sampleAndShown(fill);
    expect(Object.keys(sample)).toHaveLength(7);
    expect(shown).toEqual(sample);

    await submit(user);
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(selectCurrentMember(store.getState())?.username).toBe(SAMPLE_SIGNUP.username);
  });

  it('sends a member who is already logged in home', async () => {
    const { router } = await renderWithProviders({ route: '/signup', authAs: DEMO_CREDENTIALS });
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });
});

describe('Signup in the member\'s language', () => {
  it('German: the rules, the problems under the fields and the toast are in German, and nothing typed is lost', async () => {
    await activateLanguage('de');
    const counter = countSignupCalls();
    const { user } = await renderWithProviders({ route: '/signup' });
    await screen.findByRole('heading', { name: 'Erstelle dein Konto', level: 1 });
    expect(document.title).toBe('SocialConnect | Registrieren');
    const username = screen.getByLabelText('Benutzername');
    expect(username).toHaveAccessibleDescription('3 bis 30 Zeichen: Buchstaben, Ziffern oder Unterstriche.');

    await user.type(screen.getByLabelText('Vorname'), 'Riley');
    await user.type(username, 'ri');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'riley@example');
    await user.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'secret1234');
    await user.type(screen.getByLabelText('Passwort bestätigen', { selector: 'input' }), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Neues Konto erstellen' }));

    expect(await screen.findByText('Bitte fülle alle Zugangsdaten aus!')).toBeInTheDocument();
    expect(screen.getByLabelText('Nachname')).toHaveAccessibleDescription('Bitte fülle dieses Feld aus.');
    expect(username).toHaveAccessibleDescription('Der Benutzername muss 3 bis 30 Zeichen haben: Buchstaben, Ziffern oder Unterstriche.');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription('Die E-Mail-Adresse muss wie name@example.com aussehen.');
    expect(screen.getByLabelText('Passwort bestätigen', { selector: 'input' })).toHaveAccessibleDescription('Muss mit dem Passwort übereinstimmen.');
    expect(screen.getByRole('checkbox', { name: 'Ich akzeptiere alle Nutzungsbedingungen' })).toHaveAccessibleDescription('Bitte akzeptiere die Nutzungsbedingungen.');
    expect(screen.getByRole('button', { name: 'Passwortbestätigung anzeigen' })).toBeInTheDocument();
    expect(counter.calls).toBe(0);
    // Nothing typed was lost.
    expect(screen.getByLabelText('Vorname')).toHaveValue('Riley');
    expect(username).toHaveValue('ri');
  });
});

