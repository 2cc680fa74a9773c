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
