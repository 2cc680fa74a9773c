import { screen, within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { emulateViewportWidth } from '../test/viewport';
import { renderWithProviders } from '../test/renderWithProviders';

describe('Explore: finding people where the side panel has no room', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('lists who to follow inside Explore on a phone, and a follow keeps the entry in place with Unfollow', async () => {
    restore = emulateViewportWidth(390);
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });

    expect(await screen.findByRole('heading', { name: 'Explore', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'People' })).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Who to follow?' });
    const noah = within(list).getByText('Noah Kim').closest('li') as HTMLElement;

    await user.click(within(noah).getByRole('button', { name: /^Follow/ }));

    expect(await screen.findByText('You started following Noah Kim')).toBeInTheDocument();
    expect(within(noah).getByRole('button', { name: 'Unfollow Noah Kim' })).toBeInTheDocument();
    expect(noah).toBeInTheDocument();
  });

  it('leaves who to follow to the side panel on a desktop', async () => {
    restore = emulateViewportWidth(1280);
    await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });

    const panel = await screen.findByRole('complementary', { name: 'People' });
    expect(within(panel).getByRole('heading', { name: 'Who to follow?' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Who to follow?' })).toHaveLength(1);
  });
});
