import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../../contract/seed/default';
import { renderWithProviders } from '../../test/renderWithProviders';
import { emulatePhone } from '../../test/viewport';

describe('The phone bottom navigation', () => {
  let undo: () => void;
  beforeEach(() => {
    undo = emulatePhone();
  });
  afterEach(() => undo());

  it('leads to Muted and blocked from its Display window, by keyboard, leaving no window behind', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const mobile = within(await screen.findByRole('navigation', { name: 'Mobile' }));
    mobile.getByRole('button', { name: 'Display' }).focus();
    await user.keyboard('{Enter}');
    const display = within(await screen.findByRole('dialog', { name: 'Display' }));
    // Focus starts on the Theme choice; the language, the content warnings' setting, then the link come next.
    await user.tab();
    expect(display.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await user.tab();
    expect(display.getByRole('checkbox', { name: 'Open posts with a content warning' })).toHaveFocus();
    await user.tab();
    expect(await display.findByRole('link', { name: 'Muted and blocked' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Muted and blocked' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Display' })).not.toBeInTheDocument());
  });

  it('changes the language from its Display window, in place: the window and the bar speak it at once', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const mobile = within(await screen.findByRole('navigation', { name: 'Mobile' }));
    await user.click(mobile.getByRole('button', { name: 'Display' }));
    const display = within(await screen.findByRole('dialog', { name: 'Display' }));
    await user.selectOptions(display.getByRole('combobox', { name: 'Language' }), 'Polski');

    expect(await screen.findByRole('dialog', { name: 'Wygląd' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Wygląd' })).getByRole('combobox', { name: 'Język' })).toHaveValue('pl');
    expect(within(screen.getByRole('navigation', { name: 'Menu mobilne' })).getByRole('link', { name: 'Strona główna' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'pl');
    expect(window.localStorage.getItem('language')).toBe('pl');
  });
});
