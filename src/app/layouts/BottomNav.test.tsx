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
    // Focus starts on the Theme choice; the link comes next.
    await user.tab();
    expect(await display.findByRole('link', { name: 'Muted and blocked' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Muted and blocked' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Display' })).not.toBeInTheDocument());
  });
});
