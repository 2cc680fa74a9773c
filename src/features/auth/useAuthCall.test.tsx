import { act, screen, waitFor } from '@testing-library/react';
import { currentPath, renderWithProviders } from '../../test/renderWithProviders';
import { DEMO_CREDENTIALS } from '../../../contract/seed/default';

// The auth calls' code is loaded when first needed; here the connection drops before it arrives.
jest.mock('./authApi', () => {
  throw new Error('Loading chunk api-auth failed.');
});

/** Opens /login, logs in as the demo member, and waits for where that leads. */
async function logInWithoutTheCode() {
  const { user, router } = await renderWithProviders({ route: '/login' });
  await screen.findByRole('heading', { name: 'Login', level: 1 });
  await user.type(screen.getByLabelText('Username'), DEMO_CREDENTIALS.username);
  await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(currentPath(router)).toBe('/error'));
  return router;
}

describe('a login whose code cannot load', () => {
  it('goes where a call that cannot reach the backend goes: the error page, which speaks of the connection', async () => {
    await logInWithoutTheCode();
    expect(await screen.findByRole('heading', { name: "Can't reach SocialConnect" })).toBeInTheDocument();
  });

  it('leaves Login usable again on coming back', async () => {
    const router = await logInWithoutTheCode();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
