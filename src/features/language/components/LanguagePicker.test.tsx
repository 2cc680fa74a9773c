import { screen, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../../../contract/seed/default';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/renderWithProviders';

const mainNav = () => screen.getByRole('navigation', { name: /^(Main|Hauptmenü)$/ });

describe('choosing a language in the side navigation', () => {
  it('lists each language by its name in itself, and changes the page in place: its words, lang and direction', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    expect(picker).toHaveValue('en');
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['English', 'en'], ['Deutsch', 'de'], ['Polski', 'pl'], ['العربية', 'ar'],
    ]);

    await user.selectOptions(picker, 'Deutsch');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(within(mainNav()).getByRole('link', { name: 'Startseite' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(window.localStorage.getItem('language')).toBe('de');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'العربية');
    expect(await screen.findByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(window.localStorage.getItem('language')).toBe('ar');
  });

  it("offers QA's pseudo-locale only while it is in force", async () => {
    await activateLanguage('en-XA');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const picker = await screen.findByRole('combobox', { name: /^\[Ļàñĝûàĝé·*\]$/ });
    expect(picker).toHaveValue('en-XA');
    expect(within(picker).getAllByRole('option')).toHaveLength(5);
  });
});
