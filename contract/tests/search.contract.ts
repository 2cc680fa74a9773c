/**
 * Post search (the `post-search` extension): words and phrases anywhere in a post's text, ignoring
 * case and accents; `#tag` and `from:username`; newest first a page at a time; what a member does not
 * see left out; and the refusals of a search that asks for nothing, too little or too much.
 */
import type { HealthResponse, PostsPage } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import type { PostRecord } from '../snapshot';
import { SEED_USER_IDS } from '../seed/default';
import { arrange, call, callAs, everyPage, expectHealthy, expectRefusal } from './support';

const { ava, liam, maya, noah } = SEED_USER_IDS;

/** A post by `authorId` with this text, written `minute` minutes after 09:00 on 2 June 2025. */
function post(id: string, authorId: string, content: string, minute: number): PostRecord {
  const at = new Date(Date.UTC(2025, 5, 2, 9, minute)).toISOString();
  return { id, authorId, content, postImage: '', likedBy: [], dislikedBy: [], createdAt: at, updatedAt: at };
}

/** The network holds only these posts. */
async function onlyPosts(...posts: PostRecord[]): Promise<void> {
  await arrange((snapshot) => {
    snapshot.posts = posts;
    delete snapshot.replies;
    delete snapshot.notifications;
    for (const user of snapshot.users) {
      user.bookmarks = [];
      delete user.pins;
    }
  });
}

function searchPath(q: string): string {
  return `/search/posts?q=${encodeURIComponent(q)}`;
}

/** The ids a search finds on its first page (as `member` when given). */
async function found(q: string, member?: string): Promise<string[]> {
  const result = member === undefined ? await call<PostsPage>('GET', searchPath(q)) : await callAs<PostsPage>(member, 'GET', searchPath(q));
  expect(result.status).toBe(200);
  return result.json.posts.map((entry) => entry.id);
}

describe('post search: GET /health', () => {
  it("lists the 'post-search' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('post-search');
  });
});

describe('GET /search/posts', () => {
  it('finds every word anywhere in the text, part of a word too, ignoring case and accents, newest first', async () => {
    await onlyPosts(
      post('s-1', liam, 'Café au lait at dawn', 1),
      post('s-2', maya, 'The CAFE by the harbour', 2),
      post('s-3', noah, 'Cafés are my office', 3),
      post('s-4', liam, 'A naïve sketch of a café', 4),
      post('s-5', maya, 'Tea, not coffee', 5),
    );
    expect(await found('cafe')).toEqual(['s-4', 's-3', 's-2', 's-1']);
    expect(await found('CAFÉ')).toEqual(['s-4', 's-3', 's-2', 's-1']);
    // Every word must be there; a word may be part of a longer one ("afé" in "Cafés").
    expect(await found('afe naive')).toEqual(['s-4']);
    expect(await found('cafe harbour')).toEqual(['s-2']);
    expect(await found('coffee cafe')).toEqual([]);
    // Punctuation around a word is not part of it.
    expect(await found('tea,')).toEqual(['s-5']);
  });

  it('finds a quoted phrase as written, its words side by side', async () => {
    await onlyPosts(
      post('p-1', liam, 'first light over the ridge', 1),
      post('p-2', liam, 'the light came first', 2),
    );
    expect(await found('"first light"')).toEqual(['p-1']);
    expect(await found('first light')).toEqual(['p-2', 'p-1']);
  });

  it('takes % and _ as the characters they are, not as patterns', async () => {
    await onlyPosts(
      post('l-1', liam, 'Up 50%off this week', 1),
      post('l-2', liam, 'Up 500off this week', 2),
      post('l-3', liam, 'snake_case names', 3),
      post('l-4', liam, 'snakescase names', 4),
      post('l-5', liam, 'a back\\slash here', 5),
    );
    expect(await found('50%off')).toEqual(['l-1']);
    expect(await found('snake_case')).toEqual(['l-3']);
    expect(await found('back\\slash')).toEqual(['l-5']);
  });

  it('finds by #tag and by from:username, in any case, alone or with words', async () => {
    await onlyPosts(
      post('t-1', liam, 'Ridge walk #Hiking', 1),
      post('t-2', maya, 'Coast walk #hiking', 2),
      post('t-3', maya, 'Coast walk, no tag', 3),
      post('t-4', liam, 'Ridge again', 4),
    );
    expect(await found('#hiking')).toEqual(['t-2', 't-1']);
    expect(await found('#HIKING walk')).toEqual(['t-2', 't-1']);
    expect(await found('from:Maya_Patel')).toEqual(['t-3', 't-2']);
    expect(await found('from:@liam_chen ridge')).toEqual(['t-4', 't-1']);
    expect(await found('coast from:maya_patel #hiking')).toEqual(['t-2']);
    // Nobody by that name: nothing found, and no refusal.
    expect(await found('from:nobody_here')).toEqual([]);
  });

  it('pages what it finds newest first, 20 a page by default: nothing skipped, nothing twice', async () => {
    const posts = Array.from({ length: 25 }, (_, index) => post(`g-${String(index).padStart(2, '0')}`, index % 2 === 0 ? liam : maya, `Garden note ${index + 1}`, index));
    await onlyPosts(...posts, post('g-other', noah, 'Kitchen note', 40));
    const first = await call<PostsPage>('GET', searchPath('garden'));
    expect(first.status).toBe(200);
    expect(first.json.posts).toHaveLength(20);
    expect(first.json.nextCursor).not.toBeNull();
    expect(first.json.posts[0]).toMatchObject({ content: 'Garden note 25', username: 'liam_chen' });
    const paged = await everyPage(searchPath('garden'), 7, (page: PostsPage) => page.posts.map((entry) => entry.content));
    expect(paged.pages).toBe(4);
    expect(paged.items).toEqual(Array.from({ length: 25 }, (_, index) => `Garden note ${25 - index}`));
    await expectHealthy(first.json);
  });

  it('follows edits and deletes: a post is found by its text as it is now', async () => {
    await onlyPosts(post('e-1', ava, 'Morning sketch of the bridge', 1));
    expect(await found('bridge')).toEqual(['e-1']);
    expect((await callAs('demo_user', 'POST', '/posts/edit/e-1', { postData: { text: 'Morning sketch of the tower' } })).status).toBe(201);
    expect(await found('bridge')).toEqual([]);
    expect(await found('tower')).toEqual(['e-1']);
    expect((await callAs('demo_user', 'DELETE', '/posts/e-1')).status).toBe(200);
    expect(await found('tower')).toEqual([]);
  });

  it("leaves out a muted member's posts and those of a block either way, for that member alone", async () => {
    await onlyPosts(
      post('m-1', liam, 'Lantern festival tonight', 1),
      post('m-2', maya, 'Lantern photos soon', 2),
      post('m-3', noah, 'Lantern repair notes', 3),
    );
    expect((await callAs('demo_user', 'POST', `/users/mute/${liam}`)).status).toBe(201);
    expect((await callAs('maya_patel', 'POST', `/users/block/${ava}`)).status).toBe(201);
    expect((await callAs('demo_user', 'POST', `/users/block/${noah}`)).status).toBe(201);
    expect(await found('lantern', 'demo_user')).toEqual([]);
    expect(await found('from:maya_patel', 'demo_user')).toEqual([]);
    // Others, and a search without a token, see every post.
    expect(await found('lantern', 'zoe_martin')).toEqual(['m-3', 'm-2', 'm-1']);
    expect(await found('lantern')).toEqual(['m-3', 'm-2', 'm-1']);
  });

  describe('refusals', () => {
    it.each([
      ['no q', '/search/posts', 'searchEmpty'],
      ['a blank q', searchPath('   '), 'searchEmpty'],
      ['only punctuation', searchPath('!? ...'), 'searchEmpty'],
      ['words too short alone', searchPath('to be'), 'searchTooShort'],
      ['two authors', searchPath('from:liam_chen from:maya_patel'), 'searchOneAuthor'],
      ['an empty author', searchPath('from: walk'), 'searchOneAuthor'],
      ['a tag no text can hold', searchPath(`#${'a'.repeat(51)}`), 'tagInvalid'],
      ['too long', searchPath('a'.repeat(LIMITS.searchQueryMax + 1)), 'searchTooLong'],
      ['too many terms', searchPath(Array.from({ length: LIMITS.searchTermsMax + 1 }, (_, index) => `word${index}`).join(' ')), 'searchTooManyTerms'],
      ['a bad page size', `${searchPath('walk')}&limit=0`, 'pageLimitInvalid'],
    ] as const)('refuses %s with 400 and its message', async (_name, path, key) => {
      expectRefusal(await call('GET', path), 400, MESSAGES[key]);
    });

    it('takes a short word beside a long one, a tag or an author', async () => {
      await onlyPosts(post('w-1', liam, 'Go up the hill', 1));
      expect(await found('up hill')).toEqual(['w-1']);
      expect(await found('up from:liam_chen')).toEqual(['w-1']);
      expect(await found(`${'a'.repeat(LIMITS.searchQueryMax)}`)).toEqual([]);
    });

    it('says the limits it holds to', () => {
      expect(MESSAGES.searchTooLong).toBe(`A search can be at most ${LIMITS.searchQueryMax} characters long.`);
      expect(MESSAGES.searchTooManyTerms).toBe(`A search can have at most ${LIMITS.searchTermsMax} words, tags and from: together.`);
      expect(MESSAGES.searchTooShort).toBe(`Search for a word of at least ${LIMITS.searchWordMin} letters, a #tag or from:username.`);
    });
  });
});
