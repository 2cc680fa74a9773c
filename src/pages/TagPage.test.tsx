import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server } from '../../mocks/testing/node';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { API, articlesOf, findFeed } from '../test/posts';
import { activateLanguage } from '../i18n/i18n';

/** Gives a seed post a new text (post 11 is the demo member's own, on their Home). */
function writeIntoPost(n: number, content: string): void {
  const post = getMockDb().posts.get(seedPostId(n));
  if (!post) throw new Error(`seed post ${n} is missing`);
  post.content = content;
}

/** `count` posts of Liam's holding the text, one a minute from 1 June 2026 (newer than the seed's). */
function arrangePosts(count: number, text: (n: number) => string): void {
  for (let index = 0; index < count; index += 1) {
    const at = new Date(Date.UTC(2026, 5, 1, 9, index)).toISOString();
    const id = `tagged-${String(index).padStart(3, '0')}`;
    getMockDb().posts.set(id, { id, authorId: SEED_USER_IDS.liam, content: text(index + 1), postImage: '', likedBy: [], dislikedBy: [], createdAt: at, updatedAt: at });
  }
}

/** A backend without the `tags` extension. */
function withoutTags(): void {
  server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'replies'] })));
}

const MARKUP = '<b>x</b> #SomeTag <script>alert(1)</script>';

describe('Tags in a text', () => {
  it("link to the tag's page, while markup around them shows as the text it is", async () => {
    writeIntoPost(11, MARKUP);
    const { user, router } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Latest Posts');
    const card = within(feed).getByText(/<b>x<\/b>/).closest('article') as HTMLElement;
    const content = card.querySelector('.post-card__content');
    expect(content?.textContent).toBe(MARKUP);
    expect(content?.querySelector('b, script')).toBeNull();

    const tag = within(card).getByRole('link', { name: '#SomeTag' });
    expect(tag).toHaveAttribute('href', '/tags/SomeTag');
    await user.click(tag);

    await waitFor(() => expect(currentPath(router)).toBe('/tags/SomeTag'));
    expect(await screen.findByRole('heading', { name: '#SomeTag', level: 1 })).toBeInTheDocument();
    const tagged = await findFeed('Posts with #SomeTag');
    expect(articlesOf(tagged)).toHaveLength(1);
    expect(within(tagged).getByText(/<b>x<\/b>/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SocialConnect | #SomeTag'));
  });

  it("stay text, and the text links to its post as before, on a backend that does not list posts by tag", async () => {
    withoutTags();
    writeIntoPost(11, 'Only a tag here #SomeTag');
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Latest Posts');
    expect(within(feed).queryByRole('link', { name: '#SomeTag' })).not.toBeInTheDocument();
    expect(within(feed).getByRole('link', { name: 'Only a tag here #SomeTag' })).toHaveAttribute('href', `/posts/${seedPostId(11)}`);
  });
});

describe('The tag page', () => {
  let restoreObserver: () => void = () => undefined;
  afterEach(() => restoreObserver());

  it('lists the posts with the tag in any case, newest first, 20 at a time, and loads more', async () => {
    const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    restoreObserver = () => {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    };
    // No observer: the next page loads on "Load more posts" alone.
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    arrangePosts(23, (n) => `Trail day ${n} ${n % 2 === 0 ? '#trail' : '#TRAIL'}`);
    writeIntoPost(3, 'Not this one: #trails');
    const { user } = await renderWithProviders({ route: '/tags/Trail', authAs: DEMO_CREDENTIALS });

    const feed = await findFeed('Posts with #Trail');
    expect(articlesOf(feed)).toHaveLength(20);
    expect(within(articlesOf(feed)[0]!).getByText(/^Trail day 23/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Load more posts' }));

    await waitFor(() => expect(articlesOf(feed)).toHaveLength(23));
    expect(articlesOf(feed).map((card) => card.querySelector('.post-card__content')?.textContent?.split(' #')[0])).toEqual(
      Array.from({ length: 23 }, (_, index) => `Trail day ${23 - index}`),
    );
    expect(screen.queryByText('Not this one: #trails')).not.toBeInTheDocument();
  });

  it("says it in the member's language, the tag kept as written", async () => {
    await activateLanguage('de');
    await renderWithProviders({ route: '/tags/nothinghere', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('Noch keine Beiträge mit #nothinghere.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.title).toBe('SocialConnect | #nothinghere');
  });

  it('says so when no post has the tag yet', async () => {
    await renderWithProviders({ route: '/tags/nothinghere', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: '#nothinghere', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No posts with #nothinghere yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("shows the backend's refusal of a path that is no tag, and says in place that the posts could not be loaded", async () => {
    await renderWithProviders({ route: '/tags/no-dashes', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText(MESSAGES.tagInvalid, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('The posts with #no-dashes could not be loaded.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: '#no-dashes', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
  });

  it('goes to the error page when the backend fails, as every page that cannot load does', async () => {
    server.use(http.get(`${API}/tags/:tag/posts`, () => HttpResponse.json({ errors: [MESSAGES.serverError], code: 'server_error' }, { status: 500 })));
    const { router } = await renderWithProviders({ route: '/tags/trail', authAs: DEMO_CREDENTIALS });
    await waitFor(() => expect(currentPath(router)).toBe('/error'), { timeout: 10_000 });
    expect(await screen.findByText("It's not you, It's us..!")).toBeInTheDocument();
  });

  it('says that the backend does not list posts by tag when it does not', async () => {
    withoutTags();
    await renderWithProviders({ route: '/tags/trail', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('This server does not list posts by tag.', {}, { timeout: 10_000 })).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: '#trail', level: 1 })).toBeInTheDocument();
  });
});
