/**
 * Tags (the `tags` extension): the posts whose text holds `#tag`, matched ignoring case, newest
 * first a page at a time; a post's tags follow its text through edits and go with it; and the
 * refusal of a path that is no tag.
 */
import type { HealthResponse, PostResponse, PostsPage } from '../api';
import { encodeCursor } from '../cursor';
import { MESSAGES } from '../messages';
import { TAG_MAX } from '../richText';
import type { PostRecord } from '../snapshot';
import { SEED_USER_IDS, seedPostId } from '../seed/default';
import { arrange, call, callAs, everyPage, expectHealthy, expectRefusal } from './support';

/** Ava's (demo_user's) forest walk. */
const avasPost = seedPostId(5);

/** Every page of a tag's posts, following the cursors to the end. */
async function allPages(tag: string, limit: number): Promise<{ contents: string[]; pages: number }> {
  const { items, pages } = await everyPage(`/tags/${tag}/posts`, limit, (page: PostsPage) => page.posts.map((post) => post.content));
  return { contents: items, pages };
}

async function contentsOf(tag: string): Promise<string[]> {
  const result = await call<PostsPage>('GET', `/tags/${tag}/posts`);
  expect(result.status).toBe(200);
  return result.json.posts.map((post) => post.content);
}

/** A post of Liam's with this text, written `minute` minutes after 09:00 on 1 June 2025. */
function liamsPost(id: string, content: string, minute: number): PostRecord {
  const at = new Date(Date.UTC(2025, 5, 1, 9, minute)).toISOString();
  return { id, authorId: SEED_USER_IDS.liam, content, postImage: '', likedBy: [], dislikedBy: [], createdAt: at, updatedAt: at };
}

describe('tags: GET /health', () => {
  it("lists the 'tags' extension", async () => {
    expect((await call<HealthResponse>('GET', '/health')).json.extensions).toContain('tags');
  });
});

describe('GET /tags/:tag/posts', () => {
  it('answers an empty last page for a tag no post holds', async () => {
    const result = await call<PostsPage>('GET', '/tags/nobodywritesthis/posts');
    expect({ status: result.status, body: result.json }).toEqual({ status: 200, body: { posts: [], nextCursor: null } });
  });

  it('pages the posts with the tag newest first, 20 a page by default, in any case, and no other post', async () => {
    await arrange((snapshot) => {
      const cases = ['#Hiking', '#hiking', '#HIKING', 'Up the hill #hiKing!'];
      // 23 posts with the tag, the newest last; two of them written in the same minute.
      const tagged = Array.from({ length: 23 }, (_, index) => liamsPost(`t-${String(index).padStart(3, '0')}`, `Walk ${index + 1} ${cases[index % cases.length]}`, index === 22 ? 21 : index));
      const others = [
        liamsPost('t-other-1', 'hiking without its hash', 30),
        liamsPost('t-other-2', 'a#hiking is no tag', 31),
        liamsPost('t-other-3', 'Walk #hikingboots', 32),
        liamsPost('t-other-4', 'Walk #hike', 33),
      ];
      snapshot.posts.push(...others, ...tagged.reverse());
    });
    const first = await call<PostsPage>('GET', '/tags/hiking/posts');
    expect(first.json.posts).toHaveLength(20);
    expect(first.json.nextCursor).not.toBeNull();
    expect(first.json.posts[0]).toMatchObject({ username: 'liam_chen', userFullName: 'Liam Chen', likes: { likeCount: 0, likedBy: [] } });

    // Newest first; the two of one minute by id: t-021 before t-022.
    const expected = ['Walk 22', 'Walk 23', ...Array.from({ length: 21 }, (_, index) => `Walk ${21 - index}`)];
    const paged = await allPages('hiking', 5);
    expect(paged.pages).toBe(5);
    expect(paged.contents.map((content) => content.split(' ').slice(0, 2).join(' '))).toEqual(expected);
    expect((await allPages('HiKiNg', 20)).contents).toEqual(paged.contents);
    await expectHealthy(first.json);
  });

  it('keeps its place when a post with the tag is written between two pages: nothing skipped, nothing twice', async () => {
    await arrange((snapshot) => {
      snapshot.posts.push(...Array.from({ length: 6 }, (_, index) => liamsPost(`t-${index}`, `Sunrise ${index + 1} #dawn`, index)));
    });
    const first = await call<PostsPage>('GET', '/tags/dawn/posts?limit=4');
    expect((await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Written while someone read #Dawn' } })).status).toBe(201);
    const second = await call<PostsPage>('GET', `/tags/dawn/posts?limit=4&cursor=${encodeURIComponent(first.json.nextCursor ?? '')}`);
    expect([...first.json.posts, ...second.json.posts].map((post) => post.content)).toEqual(['Sunrise 6 #dawn', 'Sunrise 5 #dawn', 'Sunrise 4 #dawn', 'Sunrise 3 #dawn', 'Sunrise 2 #dawn', 'Sunrise 1 #dawn']);
    expect(second.json.nextCursor).toBeNull();
    expect(await contentsOf('dawn')).toContain('Written while someone read #Dawn');
  });

  it('finds a new post by its tags at once, the newest first, and a tag in any script', async () => {
    await arrange((snapshot) => {
      snapshot.posts.push(liamsPost('t-cafe', 'Old haunt #Café', 0));
    });
    const written = await callAs<PostResponse>('demo_user', 'POST', '/posts', { postData: { text: 'Morning at the #CAFÉ with #friends' } });
    expect(written.status).toBe(201);
    expect(await contentsOf(encodeURIComponent('café'))).toEqual(['Morning at the #CAFÉ with #friends', 'Old haunt #Café']);
    expect(await contentsOf('friends')).toEqual(['Morning at the #CAFÉ with #friends']);
  });

  it("follows a post's text: an edit moves it in and out of a tag, and a deleted post leaves it", async () => {
    const edit = (text: string) => callAs('demo_user', 'POST', `/posts/edit/${avasPost}`, { postData: { text } });
    expect(await contentsOf('forest')).toEqual([]);

    expect((await edit('A walk in the #Forest')).status).toBe(201);
    expect(await contentsOf('forest')).toEqual(['A walk in the #Forest']);

    expect((await edit('A walk in the woods #trees')).status).toBe(201);
    expect(await contentsOf('forest')).toEqual([]);
    expect(await contentsOf('trees')).toEqual(['A walk in the woods #trees']);

    expect((await callAs('demo_user', 'DELETE', `/posts/${avasPost}`)).status).toBe(200);
    expect(await contentsOf('trees')).toEqual([]);
    await expectHealthy();
  });

  it('refuses a path that is no tag with its message and code: too long, other characters, no letter', async () => {
    expect(MESSAGES.tagInvalid).toContain(String(TAG_MAX));
    const longest = 'a'.repeat(TAG_MAX);
    expect((await call('GET', `/tags/${longest}/posts`)).status).toBe(200);
    for (const tag of ['a'.repeat(TAG_MAX + 1), 'no-dashes', encodeURIComponent('#hiking'), encodeURIComponent('two words'), '42', '___', encodeURIComponent('<b>x</b>'), '%00']) {
      const result = await call('GET', `/tags/${tag}/posts`);
      expectRefusal(result, 400, MESSAGES.tagInvalid);
      expect(result.json).toMatchObject({ code: 'tag_invalid' });
    }
  });

  it('refuses a bad limit and a cursor it did not issue', async () => {
    expectRefusal(await call('GET', '/tags/hiking/posts?limit=0'), 400, MESSAGES.pageLimitInvalid);
    expectRefusal(await call('GET', '/tags/hiking/posts?limit=101'), 400, MESSAGES.pageLimitInvalid);
    const otherLists = [encodeCursor('replies', ['2025-06-01T09:00:00.000Z', 't-000']), encodeCursor('posts:oldest', ['2025-06-01T09:00:00.000Z', 't-000'])];
    for (const cursor of ['garbage', 'W10', ...otherLists]) {
      expectRefusal(await call('GET', `/tags/hiking/posts?cursor=${encodeURIComponent(cursor)}`), 400, MESSAGES.pageCursorInvalid);
    }
  });
});
