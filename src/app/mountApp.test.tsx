import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../mocks/testing/node';
import userEvent from '@testing-library/user-event';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { renderPage } from '../prerender/renderPage';
import { loginThroughApi } from '../test/renderWithProviders';
import { TOKEN_STORAGE_KEY } from '../features/auth/tokenStorage';
import { mountApp, type MountedApp } from './App';
import { activateLanguage } from '../i18n/firstWords';

/** A page as the build writes it ahead: its markup inside #root, marked with its path. */
async function builtPage(path: string): Promise<HTMLElement> {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = path;
  container.innerHTML = await renderPage(path);
  document.body.append(container);
  return container;
}

let app: MountedApp | undefined;
let errors: jest.SpyInstance;

describe('pages built ahead', () => {
  // Here rather than at the file's top: jest runs these before the set-up's own, so the app is gone
  // before the set-up dismisses the toasts and speaks English again.
  beforeEach(() => {
    errors = jest.spyOn(console, 'error');
  });

  afterEach(() => {
    act(() => app?.root.unmount());
    app = undefined;
    document.body.replaceChildren();
    window.localStorage.clear();
    delete document.documentElement.dataset.wordsComing;
    errors.mockRestore();
  });

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Create your account'],
  ])('%s: the app takes over the built markup without rendering it again', async (path, heading) => {
    const container = await builtPage(path);
    const builtHeading = screen.getByRole('heading', { level: 1, name: heading });
    const builtMarkup = container.innerHTML;

    app = await act(() => mountApp(container));

    // The same element, not a new one: the page was taken over, and React found nothing to correct.
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBe(builtHeading);
    expect(container.innerHTML).toBe(builtMarkup);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps what a visitor typed before the app started, and sends it', async () => {
    const container = await builtPage('/login');
    // Typed while the page's script was still on its way.
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    username.value = DEMO_CREDENTIALS.username;

    app = await act(() => mountApp(container));

    const user = userEvent.setup();
    expect(screen.getByLabelText('Username')).toHaveValue(DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged In Successfully!')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('a page built in English, opened in Polish: taken over as built, then in Polish, with what was typed and the focus kept', async () => {
    const container = await builtPage('/login');
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    username.focus();
    username.value = DEMO_CREDENTIALS.username;
    // As /theme.js marks it for a member who reads Polish: the built English waits hidden.
    document.documentElement.dataset.wordsComing = '';

    try {
      app = await act(() => mountApp(container, 'pl'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
      // Shown once in Polish.
      expect(document.documentElement).not.toHaveAttribute('data-words-coming');
      // The same field, in Polish now.
      expect(screen.getByLabelText('Nazwa użytkownika')).toBe(username);
      expect(username).toHaveValue(DEMO_CREDENTIALS.username);
      expect(username).toHaveFocus();
      expect(document.documentElement).toHaveAttribute('lang', 'pl');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('a language whose catalogue cannot load: the page stays in English, and says it speaks English', async () => {
    const container = await builtPage('/login');
    document.documentElement.lang = 'de';
    document.documentElement.dataset.wordsComing = '';
    // Said in the console, as expected here: kept out of the test's output.
    errors.mockImplementation(() => undefined);
    // As a chunk that does not download fails to load.
    jest.doMock('../i18n/compiled/de.json', () => {
      throw new Error('Loading chunk lang-de failed.');
    });
    try {
      app = await act(() => mountApp(container, 'de'));
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
      expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      // Its English words, hidden while German was coming, show.
      await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-words-coming'));
      expect(errors).toHaveBeenCalledWith('SocialConnect: the de catalogue could not load; the app speaks English.', expect.any(Error));
    } finally {
      jest.dontMock('../i18n/compiled/de.json');
    }
  });

  it('renders afresh for a member who is logged in: /login sends them home', async () => {
    const { encodedToken } = await loginThroughApi(DEMO_CREDENTIALS);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, encodedToken);
    const container = await builtPage('/login');

    app = await act(() => mountApp(container));

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  describe('built for a server (API_MOCKING=off)', () => {
    const before = process.env.API_MOCKING;
    beforeEach(() => {
      process.env.API_MOCKING = 'off';
    });
    afterEach(() => {
      if (before === undefined) delete process.env.API_MOCKING;
      else process.env.API_MOCKING = before;
    });

    it.each([
      ['/login', 'Login'],
      ['/signup', 'Create your account'],
    ])('%s is built without Fill Test Credentials, which the app adds once health says the network is a demo', async (path, heading) => {
      server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: [], demo: true })));
      const container = await builtPage(path);
      const builtHeading = screen.getByRole('heading', { level: 1, name: heading });
      // A server's page never offers it before its health has said so.
      expect(container.innerHTML).not.toContain('Fill Test Credentials');

      app = await act(() => mountApp(container));

      expect(await screen.findByRole('button', { name: 'Fill Test Credentials' })).toBeInTheDocument();
      // Taken over, not rendered again, and React found nothing to correct.
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBe(builtHeading);
      expect(errors).not.toHaveBeenCalled();
    });

    it('and with the stand-in, the page is built with it', async () => {
      process.env.API_MOCKING = 'on';
      const container = await builtPage('/login');
      expect(within(container).getByRole('button', { name: 'Fill Test Credentials' })).toBeInTheDocument();
    });
  });

  it('renders afresh on another address than the one it was built for', async () => {
    const container = await builtPage('/login');
    window.history.replaceState(null, '', '/signup');

    app = await act(() => mountApp(container));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });
});
