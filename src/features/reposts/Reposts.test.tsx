import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ERROR_CODES, MESSAGES } from '../../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../../contract/seed/default';
import type { Post, PostsPage } from '../../types/api';
import { getMockDb, server, useScenario } from '../../../mocks/testing/node';
import { REPOSTS_DEMO } from '../../../mocks/scenarios';
import { elsewhere } from '../../test/elsewhere';
import { API, articlesOf, contentsOf, findFeed, renderHome } from '../../test/posts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { COFFEE, DUNES, GOLDEN, LAKE, LAKE_ALT } from '../../test/seedTexts';
import { selectLive } from '../live/liveSlice';
import type { AppStore } from '../../app/store';

const LAKE_ID = seedPostId(2);

/** A post's card, by the post's id (a quote card elsewhere may show its text too). */
function cardOf(postId: string): HTMLElement {
  const card = document.querySelector<HTMLElement>(`article[data-post-id="${postId}"]`);
  if (!card) throw new Error(`No card shows post ${postId}`);
  return card;
}

/** A card's Repost menu button, named with the count it shows: "Repost, 2 reposts". */
function repostButton(card: HTMLElement): HTMLElement {
  return within(card).getByRole('button', { name: /^Repost, \d+ reposts?$/ });
}

/** Opens a card's Repost menu. */
async function openMenu(user: Awaited<ReturnType<typeof renderHome>>['user'], card: HTMLElement): Promise<HTMLElement> {
  await user.click(repostButton(card));
  return screen.getByRole('menu', { name: 'Repost or quote' });
}

/** Who reposted the post, as the stand-in keeps it. */
function repostersOf(postId: string): string[] {
  return [...getMockDb().posts.values()].filter((post) => post.repostOf === postId).map((post) => post.authorId);
}

/** Resolves once this browser's live stream is open. */
async function untilLive(store: AppStore): Promise<void> {
  await waitFor(() => expect(selectLive(store.getState())).toBe(true));
}

/** The JSON bodies of the POST /posts calls the app makes from now on. */
function watchNewPosts(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/posts/') void request.clone().json().then((body) => bodies.push(body));
  });
  return bodies;
}

describe('Reposts', () => {
  it('reposts a post from its menu and undoes it: toast, count, the menu word, and the focus back on the button', async () => {
    const { user } = await renderHome();
    expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 0 reposts');
    const menu = await openMenu(user, cardOf(LAKE_ID));
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Repost', 'Quote']);
    expect(within(menu).getByRole('menuitem', { name: 'Repost' })).toHaveFocus();

    await user.click(within(menu).getByRole('menuitem', { name: 'Repost' }));
    expect(await screen.findByText('Reposted!')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(repostButton(cardOf(LAKE_ID))).toHaveFocus();
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 1 repost'));
    expect(repostersOf(LAKE_ID)).toEqual([DEMO_USER_ID]);

    const again = await openMenu(user, cardOf(LAKE_ID));
    await user.click(within(again).getByRole('menuitem', { name: 'Undo repost' }));
    expect(await screen.findByText('Repost undone.')).toBeInTheDocument();
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 0 reposts'));
    expect(repostButton(cardOf(LAKE_ID))).toHaveFocus();
    expect(repostersOf(LAKE_ID)).toEqual([]);
  });

  it("undone from the member's own repost card, which leaves Home: the focus goes on to the next card", async () => {
    // Zoe's dunes are on the member's Home only as her own repost.
    await elsewhere('demo_user', 'POST', `/posts/${seedPostId(4)}/repost`);
    const { user } = await renderHome();
    const feed = await findFeed('Latest Posts');
    const cards = articlesOf(feed);
    const at = cards.indexOf(cardOf(seedPostId(4)));
    const next = cards[at + 1];
    expect(next).toBeDefined();

    await user.click(within(await openMenu(user, cardOf(seedPostId(4)))).getByRole('menuitem', { name: 'Undo repost' }));
    expect(await screen.findByText('Repost undone.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(`article[data-post-id="${seedPostId(4)}"]`)).toBeNull());
    await waitFor(() => expect(next).toHaveFocus());
  });

  it('shows a repost at once and takes it back with a toast when the backend fails it', async () => {
    const { user } = await renderHome();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.post(`${API}/posts/:postId/repost`, async () => {
      await gate;
      return HttpResponse.json({ errors: [MESSAGES.serverError], code: ERROR_CODES.serverError }, { status: 500 });
    }));

    await user.click(within(await openMenu(user, cardOf(LAKE_ID))).getByRole('menuitem', { name: 'Repost' }));
    // At once, while the answer is held back: the count, and Undo repost in the menu.
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 1 repost'));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Undo repost' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(repostButton(cardOf(LAKE_ID))).toHaveFocus();

    act(() => release());
    expect(await screen.findByText(`Your repost was not saved. ${MESSAGES.serverError}`)).toBeInTheDocument();
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 0 reposts'));
    expect(within(await openMenu(user, cardOf(LAKE_ID))).getByRole('menuitem', { name: 'Repost' })).toBeInTheDocument();
    expect(screen.queryByText('Reposted!')).not.toBeInTheDocument();
  });

  it('says above a reposted post who reposted it, linking to their profile', async () => {
    await elsewhere('liam_chen', 'POST', `/posts/${seedPostId(4)}/repost`);
    await renderHome();
    const card = cardOf(seedPostId(4));
    expect(card).toHaveAccessibleName('Zoe Martin');
    const line = within(card).getByRole('link', { name: 'Reposted by Liam Chen' });
    expect(line).toHaveAttribute('href', `/users/${SEED_USER_IDS.liam}`);
    // The icon is for the eye alone.
    expect(line.parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(contentsOf(await findFeed('Latest Posts'))[0]).toBe(DUNES);
    expect(within(cardOf(LAKE_ID)).queryByRole('link', { name: /^Reposted by/ })).not.toBeInTheDocument();
  });

  it('shows a post once in a list, however many of its pages hold it', async () => {
    const answer = await fetch(`${API}/posts/${LAKE_ID}`).then((response) => response.json() as Promise<{ post: Post }>);
    const golden = await fetch(`${API}/posts/${seedPostId(10)}`).then((response) => response.json() as Promise<{ post: Post }>);
    const coffee = await fetch(`${API}/posts/${seedPostId(11)}`).then((response) => response.json() as Promise<{ post: Post }>);
    const liam = { _id: SEED_USER_IDS.liam, username: 'liam_chen', firstName: 'Liam', lastName: 'Chen', image: '' };
    const first: PostsPage = { posts: [{ ...answer.post, repost: { id: 'repost-1', by: liam, createdAt: new Date().toISOString() } }, golden.post], nextCursor: 'page-2' };
    const second: PostsPage = { posts: [answer.post, coffee.post], nextCursor: null };
    server.use(http.get(`${API}/feed`, ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('cursor') === 'page-2' ? second : first)));

    await renderHome();
    const feed = await findFeed('Latest Posts');
    await waitFor(() => expect(contentsOf(feed)).toEqual([LAKE, GOLDEN, COFFEE]));
    expect(within(articlesOf(feed)[0]!).getByRole('link', { name: 'Reposted by Liam Chen' })).toBeInTheDocument();
  });
});

describe('Quotes', () => {
  it('quotes a post from its menu: the composer in a window with the post under it, sent with quoteOf, the card in the feed', async () => {
    const { user } = await renderHome();
    const bodies = watchNewPosts();
    await user.click(within(await openMenu(user, cardOf(LAKE_ID))).getByRole('menuitem', { name: 'Quote' }));

    const dialog = await screen.findByRole('dialog', { name: 'Quote post' });
    const text = within(dialog).getByRole('textbox', { name: 'New post text' });
    expect(text).toHaveFocus();
    expect(within(dialog).getByRole('region', { name: 'The post you quote' })).toHaveTextContent(LAKE);
    // A quote goes out now: it is not scheduled.
    expect(within(dialog).queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    await user.type(text, 'Still water, still mind.');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Quote posted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(repostButton(cardOf(LAKE_ID))).toHaveFocus();
    expect(bodies).toEqual([expect.objectContaining({ quoteOf: LAKE_ID, postData: expect.objectContaining({ text: 'Still water, still mind.' }) })]);

    const feed = await findFeed('Latest Posts');
    await waitFor(() => expect(contentsOf(feed)[0]).toBe('Still water, still mind.'));
    const quoting = articlesOf(feed)[0]!;
    const quoted = within(quoting).getByRole('link', { name: new RegExp(`^Maya Patel\\s*@maya_patel\\s*${LAKE}`) });
    expect(quoted).toHaveAttribute('href', `/posts/${LAKE_ID}`);
    expect(within(quoted).getByRole('img', { name: LAKE_ALT })).toBeInTheDocument();
    // The quoted post's count, linking to its page where its quotes are.
    expect(within(cardOf(LAKE_ID)).getByRole('link', { name: 'Quotes, 1 quote' })).toHaveAttribute('href', `/posts/${LAKE_ID}`);
  });

  it('keeps the window and every word when the backend refuses the quote', async () => {
    const { user } = await renderHome();
    await user.click(within(await openMenu(user, cardOf(LAKE_ID))).getByRole('menuitem', { name: 'Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quote post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New post text' }), 'Words worth keeping.');
    // Maya changed her mind meanwhile, on another device.
    getMockDb().users.get(SEED_USER_IDS.maya)!.quotePolicy = 'nobody';
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('The author does not let you quote this post.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Quote post' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'New post text' })).toHaveValue('Words worth keeping.');
    expect([...getMockDb().posts.values()].some((post) => post.quoteOf === LAKE_ID)).toBe(false);
  });

  it("does not let the member quote where the author's policy does not, and says why", async () => {
    const users = getMockDb().users;
    users.get(SEED_USER_IDS.maya)!.quotePolicy = 'nobody';
    users.get(SEED_USER_IDS.zoe)!.quotePolicy = 'followers';
    users.get(SEED_USER_IDS.liam)!.quotePolicy = 'followers';
    users.get(DEMO_USER_ID)!.quotePolicy = 'nobody';
    const { user } = await renderHome('/explore');

    const lakeMenu = await openMenu(user, cardOf(LAKE_ID));
    const refused = within(lakeMenu).getByRole('menuitem', { name: 'Quote' });
    expect(refused).toHaveAttribute('aria-disabled', 'true');
    expect(refused).toHaveAccessibleDescription('Maya Patel does not let anyone quote this post.');
    await user.click(refused);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Reposting is still the member's to do.
    expect(within(lakeMenu).getByRole('menuitem', { name: 'Repost' })).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Escape}');

    const dunes = within(await openMenu(user, cardOf(seedPostId(4)))).getByRole('menuitem', { name: 'Quote' });
    expect(dunes).toHaveAttribute('aria-disabled', 'true');
    expect(dunes).toHaveAccessibleDescription('Only members who follow Zoe Martin can quote this post.');
    await user.keyboard('{Escape}');

    // The demo member follows Liam; and may always quote their own posts.
    for (const postId of [seedPostId(10), seedPostId(11)]) {
      const quote = within(await openMenu(user, cardOf(postId))).getByRole('menuitem', { name: 'Quote' });
      expect(quote).not.toHaveAttribute('aria-disabled');
      expect(quote).not.toHaveAccessibleDescription();
      await user.keyboard('{Escape}');
    }
  });

  it('shows a quoted post as a card under the text, its warning in place of its words, and says when it is gone', async () => {
    getMockDb().posts.get(seedPostId(4))!.warning = 'Sand everywhere';
    await elsewhere('liam_chen', 'POST', '/posts', { postData: { text: 'Look at the lake.' }, quoteOf: LAKE_ID });
    await elsewhere('liam_chen', 'POST', '/posts', { postData: { text: 'Careful, dunes.' }, quoteOf: seedPostId(4) });
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'My own words, soon gone.' } });
    const mine = [...getMockDb().posts.values()].find((post) => post.content === 'My own words, soon gone.')!;
    await elsewhere('liam_chen', 'POST', '/posts', { postData: { text: 'Quoting what Maya said.' }, quoteOf: mine.id });
    await elsewhere('maya_patel', 'DELETE', `/posts/${mine.id}`);
    await renderHome();
    const feed = await findFeed('Latest Posts');
    const byText = (text: string) => articlesOf(feed).find((card) => card.querySelector('.post-card__content')?.textContent === text)!;

    const lake = within(byText('Look at the lake.')).getByRole('link', { name: new RegExp(LAKE) });
    expect(lake).toHaveAttribute('href', `/posts/${LAKE_ID}`);
    // One link: a keyboard reaches the whole card in one stop.
    lake.focus();
    expect(lake).toHaveFocus();

    const warned = within(byText('Careful, dunes.')).getByRole('link', { name: /Zoe Martin/ });
    expect(warned).toHaveTextContent('Content warning: Sand everywhere');
    expect(warned).not.toHaveTextContent(DUNES);
    expect(within(warned).queryByRole('img', { name: /dunes/i })).not.toBeInTheDocument();

    const gone = byText('Quoting what Maya said.');
    expect(within(gone).getByText('This post is no longer available')).toBeInTheDocument();
    expect(within(gone).getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain(`/posts/${mine.id}`);
  });

  it("lists a post's quotes under it on its page, and nothing when it has none", async () => {
    await elsewhere('liam_chen', 'POST', '/posts', { postData: { text: 'First quote of the lake.' }, quoteOf: LAKE_ID });
    await elsewhere('zoe_martin', 'POST', '/posts', { postData: { text: 'Second quote of the lake.' }, quoteOf: LAKE_ID });
    await renderWithProviders({ route: `/posts/${LAKE_ID}`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Quotes', level: 2 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(contentsOf(await findFeed('Posts quoting this post'))).toEqual(['Second quote of the lake.', 'First quote of the lake.']);
  });

  it('shows no Quotes heading for a post nobody quoted', async () => {
    await renderWithProviders({ route: `/posts/${seedPostId(10)}`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('article', { name: 'Liam Chen' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(repostButton(cardOf(seedPostId(10)))).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Quotes' })).not.toBeInTheDocument();
  });
});

describe('Who can quote your posts', () => {
  it('saves the choice at once, says so, and keeps the focus on it', async () => {
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    const group = await screen.findByRole('radiogroup', { name: 'Who can quote your posts' }, { timeout: 10_000 });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['anyone', 'followers', 'nobody']);
    expect(within(group).getByRole('radio', { name: 'Anyone' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Nobody' }));
    expect(await screen.findByText('Saved: nobody but you can quote your posts.')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Nobody' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Nobody' })).toHaveFocus();
    expect(getMockDb().users.get(DEMO_USER_ID)?.quotePolicy).toBe('nobody');
  });

  it('says why a choice was not saved and brings the one before back', async () => {
    getMockDb().users.get(DEMO_USER_ID)!.quotePolicy = 'followers';
    const { user } = await renderWithProviders({ route: '/settings/account', authAs: DEMO_CREDENTIALS });
    const group = await screen.findByRole('radiogroup', { name: 'Who can quote your posts' }, { timeout: 10_000 });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Followers' })).toBeChecked());
    server.use(http.post(`${API}/users/edit`, () => HttpResponse.json({ errors: [MESSAGES.quotePolicyInvalid], code: ERROR_CODES.quotePolicyInvalid }, { status: 400 })));

    await user.click(within(group).getByRole('radio', { name: 'Anyone' }));
    expect(await screen.findByText('Quote policy must be anyone, followers or nobody.')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Followers' })).toBeChecked());
    expect(within(group).getByRole('radio', { name: 'Anyone' })).not.toBeChecked();
    expect(getMockDb().users.get(DEMO_USER_ID)?.quotePolicy).toBe('followers');
  });
});

describe('Notifications of reposts and quotes', () => {
  it('says who reposted or quoted the member’s post, grouped, and leads to the post', async () => {
    await elsewhere('zoe_martin', 'POST', `/posts/${seedPostId(11)}/repost`);
    await elsewhere('liam_chen', 'POST', `/posts/${seedPostId(11)}/repost`);
    await elsewhere('noah_kim', 'POST', `/posts/${seedPostId(11)}/repost`);
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: 'Quoting Ava.' }, quoteOf: seedPostId(5) });
    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
    const quoted = within(list).getByRole('link', { name: /^New: Maya Patel quoted your post: “Hello SocialConnect!/ });
    expect(quoted).toHaveAttribute('href', `/posts/${seedPostId(5)}`);
    const reposted = within(list).getByRole('link', { name: /^New: Noah Kim and 2 others reposted your post: “Two cups, one long conversation/ });
    expect(reposted).toHaveAttribute('href', `/posts/${seedPostId(11)}`);
  });

  it('says one repost with the one name', async () => {
    await elsewhere('zoe_martin', 'POST', `/posts/${seedPostId(11)}/repost`);
    await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
    expect(within(list).getByRole('link', { name: /^New: Zoe Martin reposted your post: “Two cups/ })).toBeInTheDocument();
  });
});

describe('Reposts on the live stream', () => {
  it('moves the counts of every copy of a post when another member reposts or quotes it, and shows the member’s own repost from another device', async () => {
    const { user, store } = await renderHome();
    await untilLive(store);

    await elsewhere('zoe_martin', 'POST', `/posts/${LAKE_ID}/repost`);
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 1 repost'));
    await elsewhere('noah_kim', 'POST', '/posts', { postData: { text: 'A quote from afar.' }, quoteOf: LAKE_ID });
    expect(await within(cardOf(LAKE_ID)).findByRole('link', { name: 'Quotes, 1 quote' })).toBeInTheDocument();
    // Zoe's repost is not the member's: the menu still offers Repost.
    expect(within(await openMenu(user, cardOf(LAKE_ID))).getByRole('menuitem', { name: 'Repost' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await elsewhere('demo_user', 'POST', `/posts/${seedPostId(10)}/repost`);
    await waitFor(() => expect(repostButton(cardOf(seedPostId(10)))).toHaveAccessibleName('Repost, 1 repost'));
    expect(within(await openMenu(user, cardOf(seedPostId(10)))).getByRole('menuitem', { name: 'Undo repost' })).toBeInTheDocument();
  });

  it('takes a repost taken back off the lists it brought the post into', async () => {
    await elsewhere('liam_chen', 'POST', `/posts/${seedPostId(4)}/repost`);
    const { store } = await renderHome();
    await untilLive(store);
    expect(within(cardOf(seedPostId(4))).getByRole('link', { name: 'Reposted by Liam Chen' })).toBeInTheDocument();

    await elsewhere('liam_chen', 'DELETE', `/posts/${seedPostId(4)}/repost`);
    await waitFor(() => expect(document.querySelector(`article[data-post-id="${seedPostId(4)}"]`)).toBeNull());
    expect(contentsOf(await findFeed('Latest Posts'))).not.toContain(DUNES);
  });

  it("counts a followed member's repost as new on Home, never on Explore, which lists originals alone, nor the member's own", async () => {
    const { store, router } = await renderHome('/explore');
    await untilLive(store);
    await elsewhere('zoe_martin', 'POST', `/posts/${seedPostId(1)}/repost`);
    await elsewhere('noah_kim', 'POST', '/posts', { postData: { text: 'An original, for Explore.' } });
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();

    await act(() => router.navigate('/'));
    await findFeed('Latest Posts');
    await elsewhere('liam_chen', 'POST', `/posts/${seedPostId(4)}/repost`);
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    // The member's own repost, from another device: the post is on their Home already.
    await elsewhere('demo_user', 'POST', `/posts/${LAKE_ID}/repost`);
    await waitFor(() => expect(repostButton(cardOf(LAKE_ID))).toHaveAccessibleName('Repost, 1 repost'));
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
  });
});

describe("QA's reposts scenario", () => {
  it('opens Home on a quote and a repost, a quote of a post gone since, and no Quote on the posts of a member who lets nobody', async () => {
    useScenario('reposts');
    const { user, router } = await renderHome();
    const feed = await findFeed('Latest Posts');
    const [quote, repost] = articlesOf(feed);
    expect([quote, repost].map((card) => card?.getAttribute('data-post-id'))).toEqual([REPOSTS_DEMO.quoteId, REPOSTS_DEMO.repostedPostId]);
    expect(within(quote!).getByRole('link', { name: /^Noah Kim\s*@noah_kim\s*Fifty kilometres/ })).toHaveAttribute('href', `/posts/${REPOSTS_DEMO.quotedPostId}`);
    expect(within(repost!).getByRole('link', { name: 'Reposted by Liam Chen' })).toBeInTheDocument();
    expect(within(cardOf(REPOSTS_DEMO.quoteOfGoneId)).getByText('This post is no longer available')).toBeInTheDocument();

    await act(() => router.navigate('/explore'));
    await findFeed('Explore');
    const ride = within(await openMenu(user, cardOf(REPOSTS_DEMO.quotedPostId))).getByRole('menuitem', { name: 'Quote' });
    expect(ride).toHaveAttribute('aria-disabled', 'true');
    expect(ride).toHaveAccessibleDescription('Noah Kim does not let anyone quote this post.');
  });
});

describe('A backend without reposts', () => {
  it('shows no Repost menu, no counts, and no quote policy (the spec alone)', async () => {
    useScenario('spec-only');
    const { router } = await renderHome();
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Repost/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Quotes/ })).not.toBeInTheDocument();

    await act(() => router.navigate('/settings/account'));
    expect(await screen.findByText('This network does not list the devices you are logged in on.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Who can quote your posts' })).not.toBeInTheDocument();
  });
});
