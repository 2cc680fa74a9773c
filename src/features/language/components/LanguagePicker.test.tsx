import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../../../contract/seed/default';
import { getMockDb, server, useScenario } from '../../../../mocks/testing/node';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/renderWithProviders';

/** Counts the edits of a member's record the app sends from now on. */
function countEdits(): { calls: number } {
  const counter = { calls: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/users/edit')) counter.calls += 1;
  });
  return counter;
}

afterEach(() => server.events.removeAllListeners());

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

describe("the language on the member's record, so that it follows them to their other devices", () => {
  it('a choice is kept on the record as well as in this browser', async () => {
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Polski');
    expect(await screen.findByRole('combobox', { name: 'Język' })).toHaveValue('pl');
    await waitFor(() => expect(getMockDb().users.get(DEMO_USER_ID)?.language).toBe('pl'));
    expect(window.localStorage.getItem('language')).toBe('pl');
  });

  it('a login on a device that speaks English speaks the language on the record, and the device keeps it', async () => {
    getMockDb().users.get(DEMO_USER_ID)!.language = 'de';
    const { user } = await renderWithProviders({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), DEMO_CREDENTIALS.username);
    await user.type(screen.getByLabelText('Password'), DEMO_CREDENTIALS.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('combobox', { name: 'Sprache' }, { timeout: 5_000 })).toHaveValue('de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(window.localStorage.getItem('language')).toBe('de');
  });

  it('a language the address asks for wins over the record', async () => {
    getMockDb().users.get(DEMO_USER_ID)!.language = 'de';
    window.history.replaceState(null, '', '/?lang=en');
    try {
      await renderWithProviders({ route: '/?lang=en', authAs: DEMO_CREDENTIALS });
      expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('en');
      await screen.findByRole('heading', { name: 'Latest Posts' });
      expect(document.documentElement).toHaveAttribute('lang', 'en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a backend of the spec alone keeps no language: the choice stays in this browser, and nothing is sent', async () => {
    useScenario('spec-only');
    const edits = countEdits();
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(edits.calls).toBe(0);
  });
});

