import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { API_EXTENSIONS } from '../../contract/api';
import { SAMPLE_SIGNUP } from '../../contract/seed/default';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { API } from '../test/posts';

/** A member with an email address, as signup keeps one. */
async function arrangeMemberWithEmail(): Promise<void> {
  const answer = await fetch(`${API}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...SAMPLE_SIGNUP, email: 'sam@example.com' }) });
  expect(answer.status).toBe(201);
}

/** The reset links in the stand-in's inbox (signup's mail confirms the address). */
const resetMails = () => getMockDb().inbox.filter((mail) => mail.link.includes('/reset-password#'));
const linkOfLastMail = () => resetMails().at(-1)?.link ?? '';

describe('A forgotten password', () => {
  it('is asked for from the login page, and the page says the same whether or not an account matched', async () => {
    await arrangeMemberWithEmail();
    const { user, router } = await renderWithProviders({ route: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(currentPath(router)).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SocialConnect | Forgot your password?'));

    // Nothing typed: said at once, nothing sent.
    await user.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Type the email address or the username of your account.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email or username'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const sent = 'If an account matches, we sent a link to its email address. It works for 60 minutes.';
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(resetMails()).toHaveLength(0);
    expect(screen.getByLabelText('Email or username')).toHaveValue('nobody@example.com');

    await user.clear(screen.getByLabelText('Email or username'));
    await user.type(screen.getByLabelText('Email or username'), 'sam_rivera');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(resetMails()).toHaveLength(1));
    expect(screen.getByText(sent)).toBeInTheDocument();
    expect(resetMails()[0]?.to).toBe('sam@example.com');
  });

  it('sets a new password from the mailed link, twice typed, and sends the member to log in with it', async () => {
    await arrangeMemberWithEmail();
    await fetch(`${API}/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'sam@example.com' }) });
    const { hash } = new URL(linkOfLastMail());
    const { user, router } = await renderWithProviders({ route: `/reset-password${hash}` });
    expect(await screen.findByRole('heading', { name: 'Set a new password', level: 1 })).toBeInTheDocument();

    // Checked before sending: too short, then not the same twice; what was typed stays.
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Password must be 8 to 128 characters long.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), '-and-longer');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short-and-long');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveValue('short-and-long');

    await user.type(screen.getByLabelText('Confirm New Password'), 'er');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Your new password is set. Log in with it.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect([...getMockDb().users.values()].find((member) => member.username === 'sam_rivera')?.password).toBe('short-and-longer');
  });

  it('says a used link is no more, with the way to ask for a new one, and keeps what was typed', async () => {
    await arrangeMemberWithEmail();
    await fetch(`${API}/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'sam_rivera' }) });
    const { hash } = new URL(linkOfLastMail());
    getMockDb().passwordResets.clear();
    const { user, router } = await renderWithProviders({ route: `/reset-password${hash}` });
    await user.type(await screen.findByLabelText('New Password'), 'a-brand-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    // Said by the toast, and beside the form with the way on.
    expect(await screen.findByText('This link has expired or was already used. Ask for a new one.', { selector: '.Toastify__toast *, .Toastify__toast' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).closest('p')).toHaveTextContent('This link has expired or was already used. Ask for a new one. Ask for a new link');
    expect(screen.getByLabelText('New Password')).toHaveValue('a-brand-new-pass');
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(currentPath(router)).toBe('/forgot-password'));
  });

  it('says where the page comes from when it is opened without a link', async () => {
    await renderWithProviders({ route: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page opens from the link we mailed you. Ask for a new one if it no longer works.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('on a network that cannot mail, says whom to ask', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'accounts') })));
    await renderWithProviders({ route: '/forgot-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This network cannot send you a link. Ask the person who runs it to set a new password for you.');
    expect(screen.queryByLabelText('Email or username')).not.toBeInTheDocument();
  });
});

describe('Signup keeps the email address', () => {
  /** The signup bodies the app sends from now on. */
  function signupBodies(): unknown[] {
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/auth/signup')) void request.clone().json().then((body) => sent.push(body));
    });
    return sent;
  }
  afterEach(() => server.events.removeAllListeners());

  async function signUp(): Promise<void> {
    const { user } = await renderWithProviders({ route: '/signup' });
    await user.click(await screen.findByRole('button', { name: 'Fill Test Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Create New Account' }));
    await waitFor(() => expect([...getMockDb().users.values()].some((member) => member.username === SAMPLE_SIGNUP.username)).toBe(true));
  }

  it('where the backend keeps one', async () => {
    const sent = signupBodies();
    await signUp();
    expect(sent).toEqual([expect.objectContaining({ email: SAMPLE_SIGNUP.email })]);
    expect([...getMockDb().users.values()].find((member) => member.username === SAMPLE_SIGNUP.username)?.email).toBe(SAMPLE_SIGNUP.email);
  });

  it('and leaves it out where the backend answers the spec alone', async () => {
    useScenario('spec-only');
    const sent = signupBodies();
    await signUp();
    expect(sent).toEqual([expect.not.objectContaining({ email: expect.anything() })]);
    expect(sent).toEqual([expect.objectContaining({ username: SAMPLE_SIGNUP.username })]);
    expect([...getMockDb().users.values()].find((member) => member.username === SAMPLE_SIGNUP.username)).not.toHaveProperty('email');
  });
});
