import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { nameHolds } from '../../contract/search';
import { API_EXTENSIONS } from '../../contract/api';
import { errorBody } from '../../contract/errors';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../contract/seed/default';
import { renderWithProviders, topBar } from '../test/renderWithProviders';
import { API, contentsOf, findFeed } from '../test/posts';

/** Posts of Liam's and Maya's with these texts, newest last, newer than the seed's. */
function arrangePosts(...texts: string[]): void {
  texts.forEach((content, index) => {
    const at = new Date(Date.UTC(2026, 5, 1, 9, index)).toISOString();
    const id = `found-${index}`;
    getMockDb().posts.set(id, { id, authorId: index % 2 === 0 ? SEED_USER_IDS.liam : SEED_USER_IDS.maya, content, postImage: '', likedBy: [], dislikedBy: [], createdAt: at, updatedAt: at });
  });
}

/** The search calls the app sends from now on. */
function searchCalls(): string[] {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/search/posts')) sent.push(new URL(request.url).searchParams.get('q') ?? '');
  });
  return sent;
}

afterEach(() => server.events.removeAllListeners());

/** A backend that answers every extension but post search. */
function withoutPostSearch(): void {
  server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'post-search') })));
}

/** The top bar's people search, once its chunk has loaded. */
async function barSearch(): Promise<HTMLElement> {
  return within(await within(topBar()).findByRole('search', { name: 'People search' })).findByRole('searchbox', { name: 'Search People' });
}
const pageField = () => within(screen.getByRole('search', { name: 'Search posts and people' })).getByRole('searchbox', { name: 'Search posts and people' });

describe('Search: posts', () => {
  it('opens from the top bar with Enter, and lists the posts that hold the words, accents and case aside, newest first', async () => {
    arrangePosts('Café at the lantern festival', 'Lantern repair notes', 'No match here', 'The LANTERN glowed');
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.type(await barSearch(), 'lantern{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('lantern');
    expect(await screen.findByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(pageField()).toHaveValue('lantern');
    expect(await barSearch()).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    const feed = await findFeed('Posts matching “lantern”');
    expect(contentsOf(feed)).toEqual(['The LANTERN glowed', 'Lantern repair notes', 'Café at the lantern festival']);
    await waitFor(() => expect(document.title).toBe('SocialConnect | Search: lantern'));

    // A new search from the page's own field: accents and part of a word.
    await user.clear(pageField());
    await user.type(pageField(), 'CAFE LANT{Enter}');
    const again = await findFeed('Posts matching “CAFE LANT”');
    expect(contentsOf(again)).toEqual(['Café at the lantern festival']);
  });

  it('is offered under the people found, and finds by #tag and from:username', async () => {
    arrangePosts('Ridge walk #Hiking', 'Coast walk #hiking', 'Coast walk, no tag');
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.type(await barSearch(), '#hiking');
    await user.click(within(topBar()).getByRole('link', { name: 'Search posts for “#hiking”' }));
    expect(contentsOf(await findFeed('Posts matching “#hiking”'))).toEqual(['Coast walk #hiking', 'Ridge walk #Hiking']);

    await user.clear(pageField());
    await user.type(pageField(), 'from:maya_patel coast{Enter}');
    expect(contentsOf(await findFeed('Posts matching “from:maya_patel coast”'))).toEqual(['Coast walk #hiking']);
  });

  it('takes in a post the member writes that the search finds, at the top, when she comes back to it', async () => {
    arrangePosts('Lantern repair notes', 'Nothing here');
    const sent = searchCalls();
    const { user, router } = await renderWithProviders({ route: '/search?q=lantern', authAs: DEMO_CREDENTIALS });
    expect(contentsOf(await findFeed('Posts matching “lantern”'))).toEqual(['Lantern repair notes']);

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    await user.type(await screen.findByRole('textbox', { name: 'New post text' }), 'Paper lanterns tonight');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(contentsOf(await findFeed('Posts matching “lantern”'))).toEqual(['Paper lanterns tonight', 'Lantern repair notes']);
    // From what the app held: the search was sent once, when the page first opened.
    expect(sent).toEqual(['lantern']);
  });

  it('says when nothing matches', async () => {
    await renderWithProviders({ route: '/search?q=zebracrossing', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No posts match “zebracrossing”.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says why a search cannot be sent, before sending it, and keeps what was typed', async () => {
    const sent = searchCalls();
    const { user } = await renderWithProviders({ route: '/search', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('Type a word, a #tag or from:username and press Enter.')).toBeInTheDocument();
    await user.type(pageField(), 'to be{Enter}');
    expect(await within(screen.getByRole('tabpanel', { name: 'Posts' })).findByRole('status')).toHaveTextContent('Search for a word of at least 3 letters, a #tag or from:username.');
    expect(pageField()).toHaveValue('to be');
    await user.clear(pageField());
    await user.type(pageField(), 'from:liam_chen from:maya_patel{Enter}');
    expect(await screen.findByText('Search the posts of one member at a time: from:username, once.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says in place that a refused search failed, the reason in a toast, and keeps the words to try again', async () => {
    server.use(http.get(`${API}/search/posts`, () => HttpResponse.json(errorBody('tooManyRequests'), { status: 429, headers: { 'retry-after': '30' } })));
    await renderWithProviders({ route: '/search?q=lantern', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('The search could not be done. Try again in a moment.')).toBeInTheDocument();
    expect(await screen.findByText(/Too many requests/)).toBeInTheDocument();
    expect(pageField()).toHaveValue('lantern');
  });
});

describe('Search: many people found', () => {
  it('lists the first 20 under the top bar, says how many there are, and opens them on the People tab, 100 there', async () => {
    useScenario('busy');
    const named = [...getMockDb().users.values()].filter((member) => nameHolds(member, 'a')).length;
    expect(named).toBeGreaterThan(100);
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.type(await barSearch(), 'a');
    const found = await within(topBar()).findByRole('list', { name: 'People found' });
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(20));
    await user.click(within(topBar()).getByRole('link', { name: `20 of ${named.toLocaleString('en')} people` }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=a&in=people'));
    const panel = await screen.findByRole('tabpanel', { name: 'People' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(100));
    expect(within(panel).getByText(`100 of ${named.toLocaleString('en')} people`)).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(`${named.toLocaleString('en')} people found`);
  });
});

describe('Search: tabs', () => {
  it('move between Posts and People with the arrow keys, People listing the members by name', async () => {
    const { user, router } = await renderWithProviders({ route: '/search?q=maya', authAs: DEMO_CREDENTIALS });
    const posts = await screen.findByRole('tab', { name: 'Posts' });
    expect(await screen.findByText('No posts match “maya”.')).toBeInTheDocument();
    await user.click(posts);
    await user.keyboard('{ArrowRight}');
    const people = screen.getByRole('tab', { name: 'People' });
    expect(people).toHaveFocus();
    expect(people).toHaveAttribute('aria-selected', 'true');
    expect(posts).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'People' });
    // The members list is asked for as the tab opens.
    expect(await within(panel).findByRole('link', { name: /Maya Patel/ })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('in')).toBe('people');

    await user.keyboard('{Home}');
    expect(posts).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Posts' })).toBeInTheDocument();
  });

  it('say on People that the people could not load, and Try again lists them', async () => {
    let failing = true;
    server.use(http.get(`${API}/users/search`, () => (failing ? HttpResponse.json({ errors: ['The server could not answer.'] }, { status: 500 }) : undefined)));
    const { user } = await renderWithProviders({ route: '/search?q=maya&in=people', authAs: DEMO_CREDENTIALS });
    const panel = await screen.findByRole('tabpanel', { name: 'People' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('People could not load.');
    expect(within(panel).queryByText('No User Found')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: /Maya Patel/ })).toBeInTheDocument();
    // The button has gone; the keyboard carries on from the panel, not from the top of the page.
    expect(panel).toHaveFocus();
  });

  it('open on People from the top bar when the words are too short to search posts', async () => {
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.type(await barSearch(), 'ma{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(await screen.findByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'People' });
    expect(await within(panel).findByRole('link', { name: /Maya Patel/ })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Zoe Martin/ })).toBeInTheDocument();
  });

  it('show People alone on a backend that does not search posts', async () => {
    withoutPostSearch();
    await renderWithProviders({ route: '/search?q=noah&in=posts', authAs: DEMO_CREDENTIALS });
    // Once the backend has said what it answers.
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel', { name: 'People' })).findByRole('link', { name: /Noah Kim/ })).toBeInTheDocument();
  });

  it('are not offered from the top bar on such a backend: Enter there stays a people search', async () => {
    withoutPostSearch();
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.type(await barSearch(), 'noah{Enter}');
    expect(await within(topBar()).findByRole('list', { name: 'People found' })).toBeInTheDocument();
    expect(within(topBar()).queryByRole('link', { name: /Search posts for/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
