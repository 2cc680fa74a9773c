import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { errorBody } from '../../../../contract/errors';
import { DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../../../mocks/testing/node';
import { callAs } from '../../../../mocks/testing/testSupport';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { cardWith, renderHome } from '../../../test/posts';
import { COFFEE as AVAS_COFFEE, FIRST_LIGHT, FOREST as AVAS_WALK } from '../../../test/seedTexts';

async function openProfile(userId: string, name: string) {
  const view = await renderWithProviders({ route: `/users/${userId}`, authAs: DEMO_CREDENTIALS });
  await screen.findByRole('heading', { level: 1, name });
  return view;
}

/** The card holding `text` in the list named `list`. */
async function cardIn(list: string, text: string): Promise<HTMLElement> {
  const feed = await screen.findByRole('feed', { name: list });
  const card = (await within(feed).findAllByRole('article')).find((article) => within(article).queryByText(text));
  if (!card) throw new Error(`${list} shows no card with "${text}"`);
  return card;
}

describe('pinned posts', () => {
  it('pins a post of the member\'s own from their profile, shows it above their posts marked Pinned, and unpins it there', async () => {
    const { user } = await openProfile(SEED_USER_IDS.ava, 'Ava Reed');
    const card = await cardIn('Posts by Ava Reed', AVAS_WALK);
    const pin = await within(card).findByRole('button', { name: 'Pin to your profile' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('heading', { name: 'Pinned posts' })).not.toBeInTheDocument();

    await user.click(pin);
    expect(await screen.findByText('Pinned to your profile!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Pinned posts' })).toBeInTheDocument();
    const pinnedCard = await cardIn('Posts Ava Reed pinned', AVAS_WALK);
    expect(within(pinnedCard).getByText('Pinned')).toBeInTheDocument();
    // The post stays in its place among her posts too, its button pressed there as well.
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Pin to your profile' })).toHaveAttribute('aria-pressed', 'true'));
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.pins).toEqual([seedPostId(5)]);

    await user.click(within(pinnedCard).getByRole('button', { name: 'Pin to your profile' }));
    expect(await screen.findByText('Unpinned from your profile!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Pinned posts' })).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Pin to your profile' })).toHaveAttribute('aria-pressed', 'false');
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.pins).toEqual([]);
  });

  it('lists the latest pin first', async () => {
    const { user } = await openProfile(SEED_USER_IDS.ava, 'Ava Reed');
    for (const text of [AVAS_WALK, AVAS_COFFEE]) {
      const pin = within(await cardIn('Posts by Ava Reed', text)).getByRole('button', { name: 'Pin to your profile' });
      await user.click(pin);
      await waitFor(() => expect(pin).toHaveAttribute('aria-pressed', 'true'));
    }
    const pinned = await screen.findByRole('feed', { name: 'Posts Ava Reed pinned' });
    await waitFor(() => expect(within(pinned).getAllByRole('article').map((article) => within(article).getByText(/Saturday|walk/).textContent)).toEqual([AVAS_COFFEE, AVAS_WALK]));
  });

  it('says the backend\'s refusal of a fourth pin, and pins nothing', async () => {
    server.use(http.post(`${TEST_API_BASE}/posts/pin/:postId`, () => HttpResponse.json(errorBody('pinsFull'), { status: 400 })));
    const { user } = await openProfile(SEED_USER_IDS.ava, 'Ava Reed');
    const pin = within(await cardIn('Posts by Ava Reed', AVAS_WALK)).getByRole('button', { name: 'Pin to your profile' });
    await user.click(pin);
    expect(await screen.findByText('You can pin at most 3 posts. Unpin one first.')).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Pinned to your profile!')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pinned posts' })).not.toBeInTheDocument();
  });

  it('shows another member\'s pinned posts, with no way to pin or unpin them', async () => {
    getMockDb().users.get(SEED_USER_IDS.liam)!.pins = [seedPostId(1)];
    await openProfile(SEED_USER_IDS.liam, 'Liam Chen');
    const card = await cardIn('Posts Liam Chen pinned', FIRST_LIGHT);
    expect(within(card).getByText('Pinned')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pin to your profile' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('feed', { name: 'Posts by Liam Chen' })).queryAllByRole('button', { name: 'Pin to your profile' })).toEqual([]);
  });

  it('shows a pin made on the member\'s other device on this one\'s Home, and its removal', async () => {
    await renderHome();
    const pin = () => within(cardWith(AVAS_WALK)).getByRole('button', { name: 'Pin to your profile' });
    expect(pin()).toHaveAttribute('aria-pressed', 'false');
    // Another device of hers pins it: the live stream tells this one.
    expect((await act(() => callAs(SEED_USER_IDS.ava, 'POST', `/posts/pin/${seedPostId(5)}`))).status).toBe(201);
    await waitFor(() => expect(pin()).toHaveAttribute('aria-pressed', 'true'));
    expect((await act(() => callAs(SEED_USER_IDS.ava, 'POST', `/posts/unpin/${seedPostId(5)}`))).status).toBe(201);
    await waitFor(() => expect(pin()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('offers no pin and shows no pinned posts on a backend without them', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'pins') })));
    getMockDb().users.get(SEED_USER_IDS.ava)!.pins = [seedPostId(5)];
    await openProfile(SEED_USER_IDS.ava, 'Ava Reed');
    const card = await cardIn('Posts by Ava Reed', AVAS_WALK);
    expect(within(card).getByRole('button', { name: 'Edit post' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pin to your profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pinned posts' })).not.toBeInTheDocument();
  });
});
