import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, useScenario } from '../../../../mocks/testing/node';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import { MESSAGES } from '../../../../contract/messages';
import { currentPath, renderWithProviders } from '../../../test/renderWithProviders';
import { activateLanguage } from '../../../i18n/i18n';
import { cardImageSizes, cardImageSrcSet } from './imageSources';
import { API, cardWith, contentsOf, findFeed, LIKE_BUTTON, recordCalls, renderHome } from '../../../test/posts';
import { COFFEE, GOLDEN, LAKE, LAKE_ALT, LIGHTS } from '../../../test/seedTexts';

function likeButton(card: HTMLElement) {
  return within(card).getByRole('button', { name: LIKE_BUTTON });
}

describe('Post card', () => {
  it('shows the author, @username, the time, the content and the image', async () => {
    await renderHome();
    const card = cardWith(LAKE);
    expect(card).toHaveAccessibleName('Maya Patel');
    expect(within(card).getByRole('link', { name: 'Maya Patel' })).toHaveAttribute('href', '/users/u-maya-patel');
    expect(within(card).getByText('@maya_patel')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: LAKE })).toHaveAttribute('href', `/posts/${seedPostId(2)}`);
    const time = card.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2025-05-02T09:15:00.000Z');
    expect(time?.textContent).toMatch(/^May 2, 2025 \d{1,2}:\d{2}:00 (AM|PM)$/);
    const image = within(card).getByRole('img', { name: LAKE_ALT });
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('says so where an image could not load, keeping its place and its description', async () => {
    await renderHome();
    const card = cardWith(LAKE);
    const image = within(card).getByRole('img', { name: LAKE_ALT });
    expect(within(card).queryByText('The image could not load.')).not.toBeInTheDocument();
    fireEvent.error(image);
    expect(await within(card).findByText('The image could not load.')).toBeVisible();
    expect(within(card).getByRole('img', { name: LAKE_ALT })).toBeInTheDocument();
    // The frame keeps the size it held while loading, so the cards below stay where they were.
    expect(image.parentElement).toHaveAttribute('data-loading');

    const other = within(cardWith(COFFEE)).getByRole('img', { name: /^Two cups of coffee on a wooden table/ });
    fireEvent.load(other);
    await waitFor(() => expect(other.parentElement).not.toHaveAttribute('data-loading'));
    expect(within(cardWith(COFFEE)).queryByText('The image could not load.')).not.toBeInTheDocument();
  });

  it('gives an image whose size the backend says its width, height and copies, and a frame of its shape before it loads', async () => {
    const lake = getMockDb().posts.get(seedPostId(2))!;
    const sha = 'a'.repeat(64);
    getMockDb().posts.set(lake.id, {
      ...lake,
      postImage: `/media/${sha}.jpg`,
      imageSizes: { width: 2000, height: 1250, sources: [480, 960, 1600].map((width) => ({ url: `/media/${sha}-${width}.webp`, width })) },
    });
    await renderHome();
    const image = within(cardWith(LAKE)).getByRole('img', { name: LAKE_ALT });
    expect(image).toHaveAttribute('srcset', `/media/${sha}-480.webp 480w, /media/${sha}-960.webp 960w, /media/${sha}-1600.webp 1600w, /media/${sha}.jpg 2000w`);
    // 606 pixels on a desktop's card; on a phone, the screen less the margins.
    expect(image).toHaveAttribute('sizes', '(max-width: 768px) min(calc(100vw - 58px), 606px), 606px');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['2000', '1250']);
    const frame = image.parentElement!;
    expect([frame.hasAttribute('data-sized'), frame.style.getPropertyValue('--image-ratio'), frame.style.getPropertyValue('--image-width')]).toEqual([true, '1.6', '2000']);

    // A post of the seed, with no size said: the image alone, in the 16:10 frame.
    const coffee = within(cardWith(COFFEE)).getByRole('img', { name: /^Two cups of coffee on a wooden table/ });
    expect([coffee.hasAttribute('srcset'), coffee.hasAttribute('width'), coffee.parentElement!.hasAttribute('data-sized')]).toEqual([false, false, false]);
  });

  it('shows a tall image no wider than its greatest height allows, and an image without copies without srcset', async () => {
    expect(cardImageSizes({ width: 1000, height: 2000 })).toBe('(max-width: 768px) min(calc(100vw - 58px), 280px), 280px');
    expect(cardImageSizes({ width: 300, height: 200 })).toBe('(max-width: 768px) min(calc(100vw - 58px), 300px), 300px');
    expect(cardImageSrcSet('/media/x.gif', { width: 640, height: 480, sources: [] })).toBeUndefined();
  });

  it("makes the Comments icon a link to the post's replies, named with their count, between Like and the Repost menu before Bookmark", async () => {
    const { user } = await renderHome();
    const card = cardWith(LAKE);
    const replies = within(card).getByRole('link', { name: 'Replies, 0 replies' });
    expect(replies).toHaveAttribute('href', `/posts/${seedPostId(2)}`);
    likeButton(card).focus();
    await user.tab();
    expect(replies).toHaveFocus();
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Repost, 0 reposts' })).toHaveFocus();
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Bookmark' })).toHaveFocus();
  });

  it('shows names and texts written right to left in their direction', async () => {
    const hebrew = 'שלום לכולם, זה הפוסט הראשון שלי';
    const post = getMockDb().posts.get(seedPostId(11));
    if (!post) throw new Error('seed');
    post.content = hebrew;
    const { user } = await renderHome();
    const card = cardWith(hebrew);
    expect(within(card).getByRole('link', { name: hebrew })).toHaveAttribute('dir', 'auto');
    expect(within(card).getByRole('link', { name: 'Ava Reed' })).toHaveAttribute('dir', 'auto');
    await user.click(within(card).getByRole('button', { name: 'Edit post' }));
    expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveAttribute('dir', 'auto');
  });

  it('names the Like button with the count it shows (WCAG 2.5.3: the name holds the visible text)', async () => {
    await renderHome();
    const button = likeButton(cardWith(LAKE));
    expect(button.textContent).toBe('Like, 2 likes');
    // What a sighted member reads on the button is the count; the name says it too.
    expect(button.querySelector('.post-card__count')).toHaveTextContent('2');
    expect(button).toHaveAccessibleName('Like, 2 likes');
    expect(button).not.toHaveAttribute('aria-label');
  });

  it('names the Like and Bookmark buttons, their toasts and the delete window in the language spoken, the count shown still in the name', async () => {
    await activateLanguage('pl');
    const { user } = await renderHome();
    const button = within(cardWith(LAKE)).getByRole('button', { name: 'Polub, 2 polubienia' });
    expect(button.textContent).toBe('Polub, 2 polubienia');
    expect(button.querySelector('.post-card__count')).toHaveTextContent('2');
    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Zakładka', pressed: false }));
    expect(await screen.findByText('Dodano do zakładek!')).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith(LAKE)).getByRole('button', { name: 'Zakładka' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Usuń wpis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć ten wpis?' });
    expect(dialog).toHaveTextContent('Zniknie na zawsze, razem z polubieniami i zakładkami.');
    await user.click(within(dialog).getByRole('button', { name: 'Zachowaj wpis' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('likes and dislikes a post: heart, count and toasts', async () => {
    const { user } = await renderHome();
    const card = cardWith(LAKE);
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
    expect(likeButton(card)).toHaveTextContent('2');

    await user.click(likeButton(card));
    expect(await screen.findByText('You Liked the Post!')).toBeInTheDocument();
    await waitFor(() => expect(likeButton(cardWith(LAKE))).toHaveAttribute('aria-pressed', 'true'));
    expect(likeButton(cardWith(LAKE))).toHaveTextContent('3');
    expect(likeButton(cardWith(LAKE))).toHaveAccessibleName('Like, 3 likes');

    await user.click(likeButton(cardWith(LAKE)));
    expect(await screen.findByText('You Disliked the post!')).toBeInTheDocument();
    await waitFor(() => expect(likeButton(cardWith(LAKE))).toHaveAttribute('aria-pressed', 'false'));
    expect(likeButton(cardWith(LAKE))).toHaveTextContent('2');
    expect(getMockDb().posts.get(seedPostId(2))?.dislikedBy).toContain(DEMO_USER_ID);
  });

  it('shows a like at once and takes it back when the backend refuses', async () => {
    const { user } = await renderHome();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(`${API}/posts/like/:postId`, async () => {
        await gate;
        return HttpResponse.json({ errors: [MESSAGES.alreadyLiked] }, { status: 400 });
      }),
    );

    await user.click(likeButton(cardWith(LAKE)));
    // Optimistic: the heart fills and the count goes up while the answer is still held back.
    await waitFor(() => expect(likeButton(cardWith(LAKE))).toHaveAttribute('aria-pressed', 'true'));
    expect(likeButton(cardWith(LAKE))).toHaveTextContent('3');

    act(() => release());
    expect(await screen.findByText(MESSAGES.alreadyLiked)).toBeInTheDocument();
    await waitFor(() => expect(likeButton(cardWith(LAKE))).toHaveAttribute('aria-pressed', 'false'));
    expect(likeButton(cardWith(LAKE))).toHaveTextContent('2');
    expect(screen.queryByText('You Liked the Post!')).not.toBeInTheDocument();
  });

  it('keeps the heart filled when the post was liked already on another device, then shows the count the backend has', async () => {
    const { user } = await renderHome();
    // Liked from another device, and by Liam meanwhile, unseen here: the backend has both.
    getMockDb().posts.get(seedPostId(2))?.likedBy.push(DEMO_USER_ID, SEED_USER_IDS.liam);
    const button = likeButton(cardWith(LAKE));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('2');
    // The post's reload answers a moment later, as over a network, so the screen can render meanwhile.
    let reloaded = false;
    server.use(http.get(`${API}/posts/:postId`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reloaded = true;
      return undefined;
    }));
    const pressed: Array<string | null> = [];
    const watch = new MutationObserver(() => pressed.push(likeButton(cardWith(LAKE)).getAttribute('aria-pressed')));
    watch.observe(cardWith(LAKE), { attributes: true, subtree: true, attributeFilter: ['aria-pressed'] });

    await user.click(button);
    expect(await screen.findByText(MESSAGES.alreadyLiked)).toBeInTheDocument();
    await waitFor(() => expect(likeButton(cardWith(LAKE))).toHaveTextContent('4'));
    watch.disconnect();
    expect(reloaded).toBe(true);
    expect(likeButton(cardWith(LAKE))).toHaveAttribute('aria-pressed', 'true');
    // Filled once, and never emptied on the way.
    expect(pressed).toEqual(['true']);
  });

  it('takes back a dislike the backend refuses', async () => {
    const { user } = await renderHome();
    server.use(http.post(`${API}/posts/dislike/:postId`, () => HttpResponse.json({ errors: [MESSAGES.likeBelowZero] }, { status: 400 })));
    const card = cardWith(GOLDEN);
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
    await user.click(likeButton(card));
    expect(await screen.findByText(MESSAGES.likeBelowZero)).toBeInTheDocument();
    await waitFor(() => expect(likeButton(cardWith(GOLDEN))).toHaveAttribute('aria-pressed', 'true'));
    expect(likeButton(cardWith(GOLDEN))).toHaveTextContent('2');
  });

  it('bookmarks a post, shows it on /bookmark, and removes it there', async () => {
    const { user, router } = await renderHome();
    const bookmark = within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));

    await user.click(bookmark);
    expect(await screen.findByText('Added to Bookmark!')).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));

    await act(() => router.navigate('/bookmark'));
    expect(await screen.findByRole('heading', { name: 'Bookmarks', level: 1 })).toBeInTheDocument();
    const feed = await findFeed('Bookmarks');
    expect(contentsOf(feed).sort()).toEqual([LAKE, LIGHTS].sort());

    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText('Removed from Bookmark!')).toBeInTheDocument();
    await waitFor(() => expect(contentsOf(feed)).toEqual([LIGHTS]));
    expect(getMockDb().users.get(DEMO_USER_ID)?.bookmarks).toEqual([seedPostId(12)]);
  });

  it('takes back a bookmark the backend refuses', async () => {
    const { user } = await renderHome();
    server.use(http.post(`${API}/users/bookmark/:postId`, () => HttpResponse.json({ errors: [MESSAGES.alreadyBookmarked] }, { status: 400 })));
    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText(MESSAGES.alreadyBookmarked)).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByText('Added to Bookmark!')).not.toBeInTheDocument();
  });

  it("keeps a removal the backend refuses: the post stays bookmarked", async () => {
    const { user } = await renderHome();
    await waitFor(() => expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
    server.use(http.post(`${API}/users/remove-bookmark/:postId`, () => HttpResponse.json({ errors: [MESSAGES.notBookmarked] }, { status: 400 })));
    await user.click(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' }));
    expect(await screen.findByText(MESSAGES.notBookmarked)).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith(LIGHTS)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it("disables edit and delete on other members' posts", async () => {
    await renderHome();
    const card = cardWith(GOLDEN);
    expect(within(card).getByRole('button', { name: 'Edit post' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Delete post' })).toBeDisabled();
    const own = cardWith(COFFEE);
    expect(within(own).getByRole('button', { name: 'Edit post' })).toBeEnabled();
    expect(within(own).getByRole('button', { name: 'Delete post' })).toBeEnabled();
  });

  it('edits an own post in the edit window', async () => {
    const { user } = await renderHome();
    const edit = within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' });
    await user.click(edit);

    const dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const textbox = within(dialog).getByRole('textbox', { name: 'Post content' });
    // Focus starts in the text, ready to type, not on Close.
    expect(textbox).toHaveFocus();
    expect(textbox).toHaveValue(COFFEE);

    // Escape closes the window and gives focus back to the pencil.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await user.click(edit);
    const again = within(screen.getByRole('dialog', { name: 'New Post Content:' })).getByRole('textbox', { name: 'Post content' });
    await user.clear(again);
    await user.type(again, 'Three cups, actually.');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Three cups, actually.' })).toBeInTheDocument();
    expect(getMockDb().posts.get(seedPostId(11))?.content).toBe('Three cups, actually.');
  });

  it('edits in German: the window, its field, its button, its toast, and a refusal worded by its code', async () => {
    await activateLanguage('de');
    const { user } = await renderHome();
    server.use(http.post(`${API}/posts/edit/:postId`, () => HttpResponse.json({ errors: [MESSAGES.postTooLong], code: 'post_too_long' }, { status: 400 }), { once: true }));
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Beitrag bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Inhalt des Beitrags:' });
    const textbox = within(dialog).getByRole('textbox', { name: 'Inhalt des Beitrags' });
    await user.clear(textbox);
    await user.type(textbox, 'Drei Tassen, eigentlich.');
    await user.click(within(dialog).getByRole('button', { name: 'Beitrag aktualisieren' }));
    expect(await screen.findByText('Ein Beitrag darf höchstens 500 Zeichen lang sein.')).toBeInTheDocument();
    expect(textbox).toHaveValue('Drei Tassen, eigentlich.');

    await user.click(within(dialog).getByRole('button', { name: 'Beitrag aktualisieren' }));
    expect(await screen.findByText('Beitrag erfolgreich bearbeitet!')).toBeInTheDocument();
    expect(getMockDb().posts.get(seedPostId(11))?.content).toBe('Drei Tassen, eigentlich.');
  });

  it('keeps the edit window and the text when the edit fails', async () => {
    const { user } = await renderHome();
    server.use(http.post(`${API}/posts/edit/:postId`, () => HttpResponse.json({ errors: [MESSAGES.editNotOwner] }, { status: 400 })));
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const textbox = within(dialog).getByRole('textbox', { name: 'Post content' });
    await user.type(textbox, ' Edited.');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText(MESSAGES.editNotOwner)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Post Content:' })).toBeInTheDocument();
    expect(textbox).toHaveValue(`${COFFEE} Edited.`);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: COFFEE })).toBeInTheDocument();
  });

  it.each([
    ['a server error', () => server.use(http.post(`${API}/posts/edit/:postId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }))), MESSAGES.serverError],
    ['a backend that cannot write (503)', () => useScenario('read-only'), MESSAGES.serviceUnavailable],
  ])('keeps the edit window and the text on the page after %s, and Update Post works again', async (_failure, fail, message) => {
    const { user, router } = await renderHome();
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'New Post Content:' });
    const textbox = within(dialog).getByRole('textbox', { name: 'Post content' });
    await user.type(textbox, ' Edited offline.');
    fail();
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText(`Your edit was not saved; it stays in the window. ${message}`)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(screen.getByRole('dialog', { name: 'New Post Content:' })).toBeInTheDocument();
    expect(textbox).toHaveValue(`${COFFEE} Edited offline.`);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Update Post' })).toBeEnabled());

    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: `${COFFEE} Edited offline.` })).toBeInTheDocument();
  });

  it('closes the edit window and the delete confirmation on Back, staying on the page; no stray entries remain', async () => {
    const { user, router } = await renderHome();
    await act(() => router.navigate('/explore'));
    const { calls, stop } = recordCalls();
    await waitFor(() => expect(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' })).toBeEnabled(), { timeout: 3000 });

    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    await user.type(screen.getByRole('textbox', { name: 'Post content' }), ' Not saved.');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/explore');
    expect(screen.getByRole('link', { name: COFFEE })).toBeInTheDocument();

    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' }));
    expect(screen.getByRole('dialog', { name: 'Delete this post?' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/explore');

    // Closed by Escape, the window leaves nothing behind: Back then leaves the page.
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await act(() => router.navigate(-1));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
    stop();
  });

  it.each([
    ['Ctrl+Enter', '{Control>}{Enter}{/Control}'],
    ['Cmd+Enter', '{Meta>}{Enter}{/Meta}'],
  ])('saves from the edit window with %s; focus goes back to the pencil', async (_keys, press) => {
    const { user } = await renderHome();
    const edit = within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' });
    await user.click(edit);
    const textbox = screen.getByRole('textbox', { name: 'Post content' });
    await user.clear(textbox);
    await user.type(textbox, 'Two cups.{Enter}Then a third.');
    await user.keyboard(press);

    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(edit).toHaveFocus();
    expect(getMockDb().posts.get(seedPostId(11))?.content).toBe('Two cups.\nThen a third.');
  });

  it('keeps what was typed in the edit window through a reload (the window opens again with it), and lets it go once closed', async () => {
    const first = await renderHome();
    await first.user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    await first.user.type(screen.getByRole('textbox', { name: 'Post content' }), ' Half-edited.');
    // The page loads again with its history entry, which had the window open.
    const { state } = first.router.state.location;
    first.unmount();

    const second = await renderWithProviders({ route: { pathname: '/', state }, authAs: DEMO_CREDENTIALS });
    const dialog = await screen.findByRole('dialog', { name: 'New Post Content:' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('textbox', { name: 'Post content' })).toHaveValue(`${COFFEE} Half-edited.`);
    await second.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Closed on purpose: opened again, it starts from the post.
    await second.user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveValue(COFFEE);
  });

  it('an edit saved is forgotten: nothing of it is kept for a reload', async () => {
    const { user } = await renderHome();
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    await user.type(screen.getByRole('textbox', { name: 'Post content' }), ' Saved.');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const kept = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
    expect(kept.filter((key) => key?.includes('.edit.'))).toEqual([]);
  });

  it('does not send an empty edit', async () => {
    const { user } = await renderHome();
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Edit post' }));
    await user.clear(screen.getByRole('textbox', { name: 'Post content' }));
    expect(screen.getByRole('button', { name: 'Update Post' })).toBeDisabled();
  });

  it('asks first: Cancel, Escape or Keep the post leave it, and focus goes back to Delete', async () => {
    const { user } = await renderHome();
    const { calls, stop } = recordCalls();
    const deleteButton = within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' });

    await user.click(deleteButton);
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(within(dialog).getByText('It will be gone for good, with its likes and bookmarks.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Delete this post?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(deleteButton);
    await user.click(screen.getByRole('button', { name: 'Keep the post' }));
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(calls).toEqual([]);
    stop();
  });

  it('deletes an own post once confirmed, by keyboard too', async () => {
    const { user } = await renderHome();
    const { calls, stop } = recordCalls();
    within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Tab}{Enter}');
    expect(await screen.findByText('Post Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(COFFEE)).not.toBeInTheDocument());
    expect(calls).toEqual([`DELETE /posts/${seedPostId(11)}`]);
    stop();
  });

  it('removes the bookmark first when deleting a bookmarked post', async () => {
    getMockDb().users.get(DEMO_USER_ID)?.bookmarks.push(seedPostId(11));
    const { user } = await renderHome();
    await waitFor(() => expect(within(cardWith(COFFEE)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true'));
    const { calls, stop } = recordCalls();
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post Deleted Successfully!')).toBeInTheDocument();
    expect(calls).toEqual([`POST /users/remove-bookmark/${seedPostId(11)}`, `DELETE /posts/${seedPostId(11)}`]);
    expect(getMockDb().users.get(DEMO_USER_ID)?.bookmarks).toEqual([seedPostId(12)]);
    stop();
  });

  it('keeps the post when the delete is refused', async () => {
    const { user } = await renderHome();
    server.use(http.delete(`${API}/posts/:postId`, () => HttpResponse.json({ errors: [MESSAGES.deleteNotOwner] }, { status: 400 })));
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.deleteNotOwner)).toBeInTheDocument();
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.queryByText('Post Deleted Successfully!')).not.toBeInTheDocument();
  });

  it('deleting on the post page goes home', async () => {
    const { user, router } = await renderWithProviders({ route: `/posts/${seedPostId(11)}`, authAs: DEMO_CREDENTIALS });
    const card = await screen.findByRole('article', { name: 'Ava Reed' });
    await user.click(within(card).getByRole('button', { name: 'Delete post' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });
});
