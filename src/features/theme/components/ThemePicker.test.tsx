import { act, screen, waitFor, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../../../contract/seed/default';
import { renderAfterReload, renderWithProviders } from '../../../test/renderWithProviders';
import { emulatePhone } from '../../../test/viewport';
import { TOKEN_STORAGE_KEY } from '../../auth/tokenStorage';
import { tokenFor } from '../../../../mocks/testing/node';
import { THEME_STORAGE_KEY } from '../themeChoice';

const page = () => document.documentElement;

async function themeGroup(within_: 'Main' | 'dialog' = 'Main') {
  const around = within_ === 'Main'
    ? await screen.findByRole('navigation', { name: 'Main' })
    : await screen.findByRole('dialog', { name: 'Display' });
  return within(around).getByRole('group', { name: 'Theme' });
}

afterEach(() => page().removeAttribute('data-theme'));

describe('Theme, in the side navigation', () => {
  it('follows the system until the member chooses: Light, Dark or System, shown at once and kept', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const theme = within(await themeGroup());
    expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(page()).not.toHaveAttribute('data-theme');

    await user.click(theme.getByRole('radio', { name: 'Dark' }));
    expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(page()).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // The arrow keys move through the group, as in any radio group.
    await user.keyboard('{ArrowRight}');
    expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(page()).not.toHaveAttribute('data-theme');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    await user.click(theme.getByRole('radio', { name: 'Light' }));
    expect(page()).toHaveAttribute('data-theme', 'light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('shows the choice the browser kept from an earlier visit', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, await tokenFor(DEMO_CREDENTIALS.username));
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    // The page's head runs /theme.js before the app starts.
    await jest.isolateModulesAsync(async () => {
      await import('../boot');
    });
    expect(page()).toHaveAttribute('data-theme', 'dark');
    renderAfterReload('/');
    expect(within(await themeGroup()).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('follows a choice made in another tab', async () => {
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const theme = within(await themeGroup());
    act(() => {
      window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(page()).toHaveAttribute('data-theme', 'dark');
  });

  it('still shows the choice where the browser refuses to keep it', async () => {
    const refuse = jest.spyOn(Storage.prototype, 'setItem').mockImplementation((key) => {
      if (key === THEME_STORAGE_KEY) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      const theme = within(await themeGroup());
      await user.click(theme.getByRole('radio', { name: 'Dark' }));
      expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
      expect(page()).toHaveAttribute('data-theme', 'dark');
    } finally {
      refuse.mockRestore();
    }
  });
});

describe('Theme, on phones', () => {
  it('opens from Display in the bottom navigation, in a window that Escape closes', async () => {
    const undo = emulatePhone();
    try {
      const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
      const mobile = within(await screen.findByRole('navigation', { name: 'Mobile' }));
      const display = mobile.getByRole('button', { name: 'Display' });
      await user.click(display);
      const theme = within(await themeGroup('dialog'));
      // The window starts on the choice in force.
      expect(theme.getByRole('radio', { name: 'System' })).toHaveFocus();
      await user.click(theme.getByRole('radio', { name: 'Dark' }));
      expect(page()).toHaveAttribute('data-theme', 'dark');

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Display' })).not.toBeInTheDocument());
      expect(display).toHaveFocus();
      expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    } finally {
      undo();
    }
  });
});
