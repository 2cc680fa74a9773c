import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorBody } from '../../contract/errors';
import { MESSAGES } from '../../contract/messages';
import { server } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS, SAMPLE_SIGNUP } from '../../contract/seed/default';
import { API, findFeed } from '../test/posts';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';

/** The backend's answer to a call over a rate limit (server.md, "Limits"), free again in `seconds`. */
const tooManyFor = (seconds: number) => () => HttpResponse.json(errorBody('tooManyRequests'), { status: 429, headers: { 'retry-after': String(seconds) } });
const tooMany = tooManyFor(30);

describe('a call over a rate limit (429)', () => {
  it('shows the message and keeps the post the member wrote', async () => {
    server.use(http.post(`${API}/posts/`, tooMany), http.post(`${API}/posts`, tooMany));
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.type(textbox, 'Written just before the limit');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Too many requests. Try again in 30 seconds.')).toBeInTheDocument();
    expect(textbox).toHaveValue('Written just before the limit');
    expect(currentPath(router)).toBe('/');
  });

  it('shows the message on the login screen and keeps what was typed', async () => {
    server.use(http.post(`${API}/auth/login`, tooMany));
    const { user, router } = await renderWithProviders({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Too many requests. Try again in 30 seconds.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username));
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CREDENTIALS.password);
    expect(currentPath(router)).toBe('/login');
  });

  it('says in how many minutes a signup may be tried again, and keeps the form', async () => {
    server.use(http.post(`${API}/auth/signup`, tooManyFor(720)));
    const { user, router } = await renderWithProviders({ route: '/signup' });
    await user.click(await screen.findByRole('button', { name: 'Fill Test Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Create New Account' }));

    expect(await screen.findByText('Too many requests. Try again in 12 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue(SAMPLE_SIGNUP.username);
    expect(currentPath(router)).toBe('/signup');
  });

  it('keeps the backend\'s own words when it does not say when', async () => {
    server.use(http.post(`${API}/auth/signup`, () => HttpResponse.json(errorBody('tooManyRequests'), { status: 429 })));
    const { user } = await renderWithProviders({ route: '/signup' });
    await user.click(await screen.findByRole('button', { name: 'Fill Test Credentials' }));
    await user.click(screen.getByRole('button', { name: 'Create New Account' }));
    expect(await screen.findByText(MESSAGES.tooManyRequests)).toBeInTheDocument();
  });
});
