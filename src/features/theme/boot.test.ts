import { takeHeldPresses } from '../../lib/heldPresses';
import { THEME_STORAGE_KEY } from './themeChoice';

/** Runs /theme.js as the page's head does, before anything else. */
function runThemeScript(): Promise<void> {
  return jest.isolateModulesAsync(async () => {
    await import('./boot');
  });
}

const page = () => document.documentElement;

afterEach(() => {
  page().removeAttribute('data-theme');
  page().removeAttribute('data-words-coming');
  page().lang = 'en';
  window.history.replaceState(null, '', '/');
  // The script's hold on presses, taken as the app takes it.
  takeHeldPresses(document.body)();
  document.body.innerHTML = '';
});

describe('The theme script of the page head', () => {
  it.each(['light', 'dark'])('puts a kept choice of %s on the page', async (choice) => {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
    await runThemeScript();
    expect(page()).toHaveAttribute('data-theme', choice);
  });

  it('leaves the page to the system when nothing, or nothing it knows, was kept', async () => {
    await runThemeScript();
    expect(page()).not.toHaveAttribute('data-theme');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    await runThemeScript();
    expect(page()).not.toHaveAttribute('data-theme');
  });

  it('leaves the page to the system where storage cannot be read', async () => {
    const refuse = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    try {
      await runThemeScript();
      expect(page()).not.toHaveAttribute('data-theme');
    } finally {
      refuse.mockRestore();
    }
  });

  it('for a member who reads Arabic, puts Arabic on the page and keeps a page built in English from showing its words, 3 s at most', async () => {
    jest.useFakeTimers();
    try {
      window.history.replaceState(null, '', '/login?lang=ar');
      await runThemeScript();
      expect(page()).toHaveAttribute('lang', 'ar');
      expect(page()).toHaveAttribute('dir', 'rtl');
      expect(page()).toHaveAttribute('data-words-coming');
      // The app has not spoken Arabic by then: the page shows as it was built.
      jest.advanceTimersByTime(2999);
      expect(page()).toHaveAttribute('data-words-coming');
      jest.advanceTimersByTime(1);
      expect(page()).not.toHaveAttribute('data-words-coming');
    } finally {
      jest.useRealTimers();
    }
  });

  it('in English, a page built in English shows its words at once', async () => {
    window.history.replaceState(null, '', '/login?lang=en');
    await runThemeScript();
    expect(page()).toHaveAttribute('lang', 'en');
    expect(page()).not.toHaveAttribute('data-words-coming');
  });

  it('holds a press on the page from then until the app takes the page over', async () => {
    document.body.innerHTML = '<div id="root"><button type="button">Login</button></div>';
    await runThemeScript();
    const login = document.querySelector('button') as HTMLButtonElement;
    login.click();
    expect(login).toHaveAttribute('aria-busy', 'true');
    takeHeldPresses(document.getElementById('root') as HTMLElement)();
    expect(login).not.toHaveAttribute('aria-busy');
  });
});
