import { act, screen, waitFor, within } from '@testing-library/react';
import { DEMO_CREDENTIALS, DEMO_USER_ID } from '../../contract/seed/default';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { articlesOf, findFeed } from '../test/posts';
import { isTyping, shortcutReader } from './keyboardShortcuts';
import { activateLanguage, t } from '../i18n/i18n';

/** The people search of the top bar. */
async function topBarSearch() {
  return within(await screen.findByRole('search', { name: 'People search' })).findByRole('searchbox', { name: 'Search People' });
}

/** The member's home, its feed loaded. */
async function home(route = '/') {
  const view = await renderWithProviders({ route, authAs: DEMO_CREDENTIALS });
  const feed = await findFeed(t('sort.latestPosts'));
  return { ...view, feed, cards: () => articlesOf(feed) };
}

describe('Keyboard shortcuts: moving through the feed', () => {
  it('j and k move the focus from post to post', async () => {
    const { user, cards } = await home();
    await user.keyboard('j');
    expect(cards()[0]).toHaveFocus();
    await user.keyboard('j');
    expect(cards()[1]).toHaveFocus();
    await user.keyboard('j');
    expect(cards()[2]).toHaveFocus();
    await user.keyboard('k');
    expect(cards()[1]).toHaveFocus();
    await user.keyboard('kk');
    // The first post is as far up as k goes.
    expect(cards()[0]).toHaveFocus();
  });

  it('j goes on from the post whose button has the focus', async () => {
    const { user, cards } = await home();
    within(cards()[3]!).getByRole('button', { name: /^Like, / }).focus();
    await user.keyboard('j');
    expect(cards()[4]).toHaveFocus();
  });
});

describe('Keyboard shortcuts: acting on the post', () => {
  it('l likes the post that has the focus, and l again takes the like back', async () => {
    const { user, cards } = await home();
    await user.keyboard('j');
    const like = within(cards()[0]!).getByRole('button', { name: /^Like, / });
    const before = like.getAttribute('aria-pressed');
    await user.keyboard('l');
    expect(await screen.findByText(before === 'true' ? 'You Disliked the post!' : 'You Liked the Post!')).toBeInTheDocument();
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true'));
  });

  it('b bookmarks the post that has the focus', async () => {
    const { user, cards } = await home();
    await user.keyboard('jj');
    const bookmark = within(cards()[1]!).getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('b');
    expect(await screen.findByText('Added to Bookmark!')).toBeInTheDocument();
    expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  });

  it("r opens the post's page, with its replies", async () => {
    const { user, router, cards } = await home();
    await user.keyboard('j');
    const id = cards()[0]!.getAttribute('data-post-id');
    await user.keyboard('r');
    await waitFor(() => expect(currentPath(router)).toBe(`/posts/${id}`));
  });

  it('l, b and r do nothing while no post has the focus', async () => {
    const { user, router, cards } = await home();
    const pressed = () => cards().flatMap((card) => within(card).queryAllByRole('button', { pressed: true }));
    const before = pressed();
    await user.keyboard('lbr');
    expect(currentPath(router)).toBe('/');
    expect(pressed()).toEqual(before);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Keyboard shortcuts: writing, searching, going places', () => {
  it('n puts the focus in the composer, and what follows is typed there', async () => {
    const { user } = await home();
    await user.keyboard('n');
    const box = screen.getByRole('textbox', { name: 'New post text' });
    expect(box).toHaveFocus();
    await user.keyboard('jk');
    expect(box).toHaveValue('jk');
  });

  it('n where there is no composer opens Create post, ready to type', async () => {
    const { user, router } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    await findFeed('Explore');
    await user.keyboard('n');
    await waitFor(() => expect(currentPath(router)).toBe('/createpost'));
    expect(await screen.findByRole('textbox', { name: 'New post text' })).toHaveFocus();
  });

  it('/ puts the focus in the people search', async () => {
    const { user } = await home();
    const search = await topBarSearch();
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
  });

  it.each([
    ['g h', '/explore', '/'],
    ['g e', '/', '/explore'],
    ['g b', '/', '/bookmark'],
    ['g p', '/', `/users/${DEMO_USER_ID}`],
  ])('%s goes from %s to %s', async (keys, from, to) => {
    const { user, router } = await renderWithProviders({ route: from, authAs: DEMO_CREDENTIALS });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.keyboard(keys.replace(' ', ''));
    await waitFor(() => expect(currentPath(router)).toBe(to));
  });

  it('none acts while the member types in a field, or holds Ctrl, Meta or Alt', async () => {
    const { user, router, cards } = await home();
    const search = await topBarSearch();
    await user.click(search);
    await user.keyboard('gej');
    expect(search).toHaveValue('gej');
    expect(currentPath(router)).toBe('/');
    await user.clear(search);

    await user.click(screen.getByRole('heading', { name: 'Latest Posts' }));
    await user.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}g{/Meta}e');
    expect(cards().some((card) => card === document.activeElement)).toBe(false);
    expect(currentPath(router)).toBe('/');
  });
});

describe('Keyboard shortcuts: the list of them', () => {
  it('? opens a window listing them: focus inside, Tab kept in, Escape closes and gives the focus back', async () => {
    const { user, cards } = await home();
    await user.keyboard('jj');
    const from = cards()[1]!;
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const table = within(dialog).getByRole('table');
    expect(within(table).getByRole('row', { name: 'j Next post' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'g then h Go Home' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '? Show these shortcuts' })).toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    // Behind the window, the shortcuts wait.
    await user.keyboard('j');
    expect(from).not.toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
    expect(from).toHaveFocus();
  });
});

describe('Keyboard shortcuts in another language', () => {
  it('keep their keys and meaning right to left (j is the next post, k the one before), and the ? window speaks the language', async () => {
    await activateLanguage('ar');
    const { user, cards } = await home();
    await user.keyboard('jj');
    expect(cards()[1]).toHaveFocus();
    await user.keyboard('k');
    expect(cards()[0]).toHaveFocus();
    await act(() => activateLanguage('pl'));
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Skróty klawiszowe' });
    expect(within(dialog).getByRole('row', { name: 'j Następny wpis' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'g potem h Przejdź na stronę główną' })).toBeInTheDocument();
  });
});

describe('The feed, for screen readers', () => {
  it("is a feed of articles, each with its place in the list", async () => {
    const { cards } = await home();
    const all = cards();
    expect(all.length).toBeGreaterThan(2);
    all.forEach((card, index) => expect(card).toHaveAttribute('aria-posinset', String(index + 1)));
    const size = all[0]!.getAttribute('aria-setsize');
    // The size where the list is whole, -1 while more pages may come.
    expect(size === '-1' || size === String(all.length)).toBe(true);
  });
});

describe('Reading keys into shortcuts', () => {
  it('takes g then a letter as one shortcut only when the second key comes in time', () => {
    const read = shortcutReader(1000);
    expect(read('g', 0)).toBe('wait');
    expect(read('h', 900)).toBe('goHome');
    expect(read('g', 2000)).toBe('wait');
    // Too late: h alone is nothing.
    expect(read('h', 3001)).toBeNull();
    expect(read('g', 4000)).toBe('wait');
    // g then b is Bookmarks; b alone bookmarks.
    expect(read('b', 4100)).toBe('goBookmarks');
    expect(read('b', 4200)).toBe('bookmark');
    expect(read('q', 4300)).toBeNull();
    expect(read('?', 4400)).toBe('help');
  });

  it('counts keys pressed in fields, in editable text, or with a modifier held as typing', () => {
    const press = (target: EventTarget | null, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
      isTyping({ ctrlKey: false, metaKey: false, altKey: false, ...modifiers, target });
    const field = (html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      document.body.append(holder);
      return holder.firstElementChild!;
    };
    expect(press(field('<input>'))).toBe(true);
    expect(press(field('<textarea></textarea>'))).toBe(true);
    expect(press(field('<select><option>a</option></select>'))).toBe(true);
    expect(press(field('<div contenteditable="true"><b>bold</b></div>').firstElementChild)).toBe(true);
    expect(press(field('<button>Like</button>'))).toBe(false);
    expect(press(document.body)).toBe(false);
    expect(press(document.body, { ctrlKey: true })).toBe(true);
    expect(press(document.body, { metaKey: true })).toBe(true);
    expect(press(document.body, { altKey: true })).toBe(true);
  });
});
