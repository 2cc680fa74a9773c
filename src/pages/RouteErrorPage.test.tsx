import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';

// A screen that crashes while rendering: the router's unexpected-error page takes over.
jest.mock('./ExplorePage', () => ({
  ExplorePage: () => {
    throw new Error('Explore blew up: internal details');
  },
}));

describe('Unexpected application error', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('replaces a crashed screen with a friendly page', async () => {
    await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/internal details/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
