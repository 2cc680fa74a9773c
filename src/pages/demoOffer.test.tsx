import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../contract/api';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { server, TEST_API_BASE } from '../../mocks/testing/node';
import { renderWithProviders } from '../test/renderWithProviders';

const FILL = { name: 'Fill Test Credentials' } as const;

/** The app as built for a real server (API_MOCKING=off), for the test. */
function builtForAServer(): void {
  const before = process.env.API_MOCKING;
  process.env.API_MOCKING = 'off';
  // Put back after the test, whatever it did.
  afterEachOnce(() => {
    if (before === undefined) delete process.env.API_MOCKING;
    else process.env.API_MOCKING = before;
  });
}

let cleanups: Array<() => void> = [];
function afterEachOnce(cleanup: () => void): void {
  cleanups.push(cleanup);
}
afterEach(() => {
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

/** A server whose health answers `demo` (or 503, unreachable), counting the times it was asked. */
function serverSaysDemo(demo: boolean | 'unavailable'): { asked: () => number } {
  let asked = 0;
  server.use(http.get(`${TEST_API_BASE}/health`, () => {
    asked += 1;
    if (demo === 'unavailable') return HttpResponse.json({ errors: ['The service is unavailable right now.'], code: 'service_unavailable' }, { status: 503 });
    return HttpResponse.json({ status: 'ok', extensions: [...API_EXTENSIONS], demo });
  }));
  return { asked: () => asked };
}

describe('"Fill Test Credentials" shows only where the network is a demo', () => {
  it.each([['/login', 'Login'], ['/signup', 'Create your account']])('is on %s with the stand-in, from the first paint', async (route, heading) => {
    await renderWithProviders({ route });
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.getByRole('button', FILL)).toBeEnabled();
  });

  it.each([['/login', 'Login'], ['/signup', 'Create your account']])('is on %s of a server that loaded the demo network, once its health says so', async (route, heading) => {
    builtForAServer();
    serverSaysDemo(true);
    const { user } = await renderWithProviders({ route });
    await screen.findByRole('heading', { level: 1, name: heading });
    const fill = await screen.findByRole('button', FILL);
    if (route === '/login') {
      await user.click(fill);
      expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
    }
  });

  it.each([
    ['says it is no demo', false],
    ['cannot answer', 'unavailable'],
  ] as const)('is on neither page of a server that %s', async (_what, demo) => {
    builtForAServer();
    const health = serverSaysDemo(demo);
    const { user } = await renderWithProviders({ route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await waitFor(() => expect(health.asked()).toBe(1));
    // Its answer taken in: still no offer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', FILL)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create New Account?' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await waitFor(() => expect(health.asked()).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', FILL)).not.toBeInTheDocument();
  });
});

describe('the health answer /login read', () => {
  it('is taken in as the member logs in, not asked for again', async () => {
    builtForAServer();
    const health = serverSaysDemo(true);
    const { user } = await renderWithProviders({ route: '/login' });
    await user.click(await screen.findByRole('button', FILL));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    // What the backend has shaped Home's calls: the extensions' pages came, from the one answer.
    expect(await screen.findAllByRole('article')).not.toHaveLength(0);
    expect(health.asked()).toBe(1);
  });
});
