import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { errorBody } from '../../contract/errors';
import { MESSAGES } from '../../contract/messages';
import { server } from '../../mocks/testing/node';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { API, findFeed } from '../test/posts';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';

/** The backend's answer to a call over a rate limit (server.md, "Limits"). */
const tooMany = () => HttpResponse.json(errorBody('tooManyRequests'), { status: 429, headers: { 'retry-after': '30' } });

describe('a call over a rate limit (429)', () => {
  it('shows the message and keeps the post the member wrote', async () => {
    server.use(http.post(`${API}/posts/`, tooMany), http.post(`${API}/posts`, tooMany));
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');
    const textbox = screen.getByRole('textbox', { name: 'New post text' });
    await user.type(textbox, 'Written just before the limit');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(MESSAGES.tooManyRequests)).toBeInTheDocument();
    expect(textbox).toHaveValue('Written just before the limit');
    expect(currentPath(router)).toBe('/');
  });

  it('shows the message on the login screen and keeps what was typed', async () => {
    server.use(http.post(`${API}/auth/login`, tooMany));
    const { user, router } = await renderWithProviders({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(MESSAGES.tooManyRequests)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username));
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CREDENTIALS.password);
    expect(currentPath(router)).toBe('/login');
  });
});
