import { within } from '@testing-library/react';
import { DEMO_CREDENTIALS } from '../../contract/seed/default';
import { findFeed } from './posts';
import { renderWithProviders } from './renderWithProviders';

/** Explore as the demo member, a card of Liam's there, and its ⋯ button (More about Liam Chen). */
export async function liamsCardOnExplore() {
  const view = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
  const feed = await findFeed();
  const card = (await within(feed).findAllByRole('article')).find((article) => within(article).queryByText('@liam_chen'));
  if (!card) throw new Error('Explore shows no post by Liam');
  return { ...view, card, more: await within(card).findByRole('button', { name: 'More about Liam Chen' }) };
}
