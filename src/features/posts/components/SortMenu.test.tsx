import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_CREDENTIALS } from '../../../../contract/seed/default';
import { TIMINGS } from '../../../config/timings';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { postsApi } from '../postsApi';
import { articlesOf, contentsOf, findFeed, renderHome } from '../../../test/posts';
import { FIRST_LIGHT, LIGHTS as NORTHERN, NEWEST, SUNSET } from '../../../test/seedTexts';
import { activateLanguage } from '../../../i18n/i18n';

async function openHome() {
  const view = await renderHome();
  jest.useFakeTimers({ advanceTimers: true });
  // The member's clicks move the fake clock along, so each step does not wait for real time.
  return { ...view, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

async function waitForSortLoader() {
  await act(() => jest.advanceTimersByTimeAsync(TIMINGS.sortLoaderMs));
}

/** Chooses a sort from the menu and waits for its loader and its heading. */
async function sortBy(user: Awaited<ReturnType<typeof openHome>>['user'], item: 'Latest' | 'Oldest' | 'Trending') {
  await user.click(screen.getByRole('button', { name: 'Sort posts' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
  await waitForSortLoader();
  return screen.findByRole('heading', { name: `${item} Posts` });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('Sorting the feed', () => {
  it("speaks the member's language: the menu, its choices, the heading and the toast", async () => {
    await activateLanguage('de');
    const { user } = await openHome();
    expect(screen.getByRole('heading', { name: 'Neueste Beiträge' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Beiträge sortieren' }));
    const menu = screen.getByRole('menu', { name: 'Beiträge sortieren' });
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['Neueste', 'Älteste', 'Beliebt']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Beliebt' }));
    await waitForSortLoader();
    expect(await screen.findByRole('heading', { name: 'Beliebte Beiträge' })).toBeInTheDocument();
    expect(await screen.findByText('Nach Beliebtheit sortiert!')).toBeInTheDocument();
    expect(screen.getByRole('feed', { name: 'Beliebte Beiträge' })).toBeInTheDocument();
  });

  it('starts on Latest Posts, newest first', async () => {
    await openHome();
    expect(screen.getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(contentsOf(screen.getByRole('feed'))[0]).toBe(NEWEST);
  });

  it.each([
    ['Oldest', 'Oldest Posts', 'Sorted By Date Successfully!', FIRST_LIGHT],
    ['Trending', 'Trending Posts', 'Sorted By Trending Successfully!', NORTHERN],
  ])('%s: loader for a second, then the heading, the toast and the order', async (item, heading, toast, first) => {
    const { user, store } = await openHome();
    const sortButton = screen.getByRole('button', { name: 'Sort posts' });
    expect(sortButton).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(sortButton);
    const menu = screen.getByRole('menu', { name: 'Sort posts' });
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['Latest', 'Oldest', 'Trending']);

    await user.click(within(menu).getByRole('menuitem', { name: item }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(store.getState().ui.showLoader).toBe(true);
    expect(screen.getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();

    await waitForSortLoader();
    // After the second, once the new order is in (the backend builds the feed; a busy machine may
    // answer after the second).
    await waitFor(() => expect(store.getState().ui.showLoader).toBe(false));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(contentsOf(screen.getByRole('feed'))[0]).toBe(first);
    if (item === 'Trending') expect(contentsOf(screen.getByRole('feed'))[1]).toBe(SUNSET);
  });

  it('Trending: a like changes its card where it is, and the next sort choice orders the feed again', async () => {
    const { user } = await openHome();
    await sortBy(user, 'Trending');

    const feed = screen.getByRole('feed');
    const likeButton = (article: HTMLElement) => within(article).getByRole('button', { name: /^Like, / });
    const counts = articlesOf(feed).map((article) => Number(/\d+/.exec(likeButton(article).textContent ?? '')?.[0]));
    const likedByMe = articlesOf(feed).map((article) => likeButton(article).getAttribute('aria-pressed') === 'true');
    // A card the member has not liked, tied with the one above it: one more like would put it higher.
    const tied = counts.findIndex((count, index) => index > 0 && count === counts[index - 1] && !likedByMe[index]);
    expect(tied).toBeGreaterThan(0);
    const before = contentsOf(feed);

    await user.click(likeButton(articlesOf(feed)[tied]!));
    expect(await screen.findByText('You Liked the Post!')).toBeInTheDocument();
    expect(within(articlesOf(feed)[tied]!).getByRole('button', { name: `Like, ${counts[tied]! + 1} likes` })).toBeInTheDocument();
    expect(contentsOf(feed)).toEqual(before);

    await sortBy(user, 'Trending');
    await waitFor(() => expect(contentsOf(screen.getByRole('feed')).indexOf(before[tied]!)).toBeLessThan(tied));
  });

  it('a sort chosen right after Home loads keeps its loader for the whole second', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    // Home is ready: its own 'loader off in a second' starts now.
    await findFeed('Latest Posts');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // Half a second later, before Home's own timer is up, the member chooses a sort.
    await act(() => jest.advanceTimersByTimeAsync(TIMINGS.loaderOffShortMs / 2));
    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.click(screen.getByRole('menuitem', { name: 'Oldest' }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(TIMINGS.sortLoaderMs - 100));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Oldest Posts' })).toBeInTheDocument();
  });

  it('goes back to Latest from another sort', async () => {
    const { user } = await openHome();
    await sortBy(user, 'Oldest');

    expect(await sortBy(user, 'Latest')).toBeInTheDocument();
    expect(contentsOf(screen.getByRole('feed'))[0]).toBe(NEWEST);
  });

  it('works by keyboard: arrows move, Escape closes and gives focus back, Enter chooses', async () => {
    const { user } = await openHome();
    const sortButton = screen.getByRole('button', { name: 'Sort posts' });
    sortButton.focus();

    // Each key, and the item it leaves focused: the arrows wrap round, Home and End go to the ends.
    const moves = [
      ['{ArrowDown}', 'Latest'],
      ['{ArrowDown}', 'Oldest'],
      ['{ArrowUp}{ArrowUp}', 'Trending'],
      ['{ArrowDown}', 'Latest'],
      ['{End}', 'Trending'],
      ['{Home}', 'Latest'],
    ] as const;
    for (const [keys, focused] of moves) {
      await user.keyboard(keys);
      expect(screen.getByRole('menuitem', { name: focused })).toHaveFocus();
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(sortButton).toHaveFocus();
    expect(sortButton).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Trending' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitForSortLoader();
    expect(await screen.findByRole('heading', { name: 'Trending Posts' })).toBeInTheDocument();
  });

  it('closes on Tab and on a click outside', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.click(screen.getByRole('heading', { name: 'Latest Posts' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    await user.click(screen.getByRole('button', { name: 'Sort posts' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a fresh load of the posts goes back to Latest', async () => {
    const { user, store } = await openHome();
    await sortBy(user, 'Oldest');

    act(() => {
      store.dispatch(postsApi.util.invalidateTags([{ type: 'Post', id: 'LIST' }]));
    });
    expect(await screen.findByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
  });

  it('a new post brings the feed back to newest first', async () => {
    const { user } = await openHome();
    await sortBy(user, 'Oldest');

    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'Newest of all');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
    await waitFor(() => expect(contentsOf(screen.getByRole('feed'))[0]).toBe('Newest of all'));
  });
});

describe('Filter panel (phones)', () => {
  it('toggles open and sorts with the same choices', async () => {
    const { user } = await openHome();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Trending' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Trending' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await waitForSortLoader();
    expect(await screen.findByRole('heading', { name: 'Trending Posts' })).toBeInTheDocument();
    expect(await screen.findByText('Sorted By Trending Successfully!')).toBeInTheDocument();
  });

  it('closes on Escape, giving focus back to Filters, and on a tap outside, choosing nothing', async () => {
    const { user } = await openHome();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Trending' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { name: 'Latest Posts' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Trending' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest Posts' })).toBeInTheDocument();
  });
});
