/**
 * Scheduled posts (the `scheduled-posts` extension): a post kept to publish at a time at least a
 * minute ahead and within a year, its author's alone to list, change and cancel; at its time the
 * backend's look publishes it once as a new post, told to the live stream.
 */
import type { Post, PostsPage, ScheduledPostResponse, ScheduledPostsResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, MESSAGES, type MessageKey } from '../messages';
import { DEMO_USER_ID } from '../seed/default';
import { arrange, callAs, db, PNG_DATA_URL, target, tokenFor, type CallResult } from './support';
import { openStream } from './streams';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE_MS).toISOString();
const schedule = (member: string, body: unknown) => callAs<ScheduledPostResponse>(member, 'POST', '/scheduled-posts', body);
const listOf = async (member: string) => (await callAs<ScheduledPostsResponse>(member, 'GET', '/scheduled-posts')).json.scheduledPosts;

/** Makes every waiting post due: their times moved an hour into the past. */
async function makeDue(): Promise<void> {
  await arrange((snapshot) => {
    for (const post of snapshot.scheduledPosts ?? []) post.publishAt = new Date(Date.now() - 60 * MINUTE_MS).toISOString();
  });
}

describe('scheduled posts', () => {
  it('keeps a post for later, the author\'s alone to see, refusing a time too soon, past, too far or not a time', async () => {
    for (const publishAt of [undefined, 'tomorrow', '2030-01-01T09:00:00', inMinutes(-5), inMinutes(0.5), new Date(Date.now() + (LIMITS.scheduleDaysMax + 1) * DAY_MS).toISOString(), 42]) {
      expectRefused(await schedule('demo_user', { postData: { text: 'Later' }, publishAt }), 'scheduleTimeInvalid');
    }
    expectRefused(await schedule('demo_user', { postData: { text: '  ' }, publishAt: inMinutes(10) }), 'postEmpty');
    expect(await listOf('demo_user')).toEqual([]);

    const later = inMinutes(90);
    const sooner = inMinutes(20);
    const first = await schedule('demo_user', { postData: { text: 'An hour and a half from now', warning: 'Spoilers' }, publishAt: later });
    expect(first.status).toBe(201);
    expect(first.json.scheduledPost).toMatchObject({ content: 'An hour and a half from now', warning: 'Spoilers', postImage: '', imageAlt: '', publishAt: later });
    const second = await schedule('demo_user', { postData: { text: 'With a picture', image: PNG_DATA_URL, imageAlt: 'A dot' }, publishAt: sooner });
    expect(second.status).toBe(201);
    expect(second.json.scheduledPost.postImage).not.toBe('');
    expect(second.json.scheduledPost.imageAlt).toBe('A dot');

    // The soonest first; nobody else sees them, nor finds them among the posts.
    expect((await listOf('demo_user')).map((post) => post.content)).toEqual(['With a picture', 'An hour and a half from now']);
    expect(await listOf('liam_chen')).toEqual([]);
    const posts = await callAs<PostsPage>('liam_chen', 'GET', '/posts?limit=100');
    expect(posts.json.posts.map((post) => post.content)).not.toContain('An hour and a half from now');
  });

  it('changes text, warning and time for its author alone, and cancels', async () => {
    const made = (await schedule('demo_user', { postData: { text: 'Draft' }, publishAt: inMinutes(30) })).json.scheduledPost;
    const path = `/scheduled-posts/${made.id}`;
    expectRefused(await callAs('liam_chen', 'POST', path, { postData: { text: 'Mine now' } }), 'scheduledPostNotFound');
    expectRefused(await callAs('liam_chen', 'DELETE', path), 'scheduledPostNotFound');
    expectRefused(await callAs('demo_user', 'POST', path, { publishAt: inMinutes(-1) }), 'scheduleTimeInvalid');
    expectRefused(await callAs('demo_user', 'POST', path, { postData: { text: '' } }), 'postEmpty');

    const moved = inMinutes(45);
    const edited = await callAs<ScheduledPostResponse>('demo_user', 'POST', path, { postData: { text: 'Final words', warning: 'Long' }, publishAt: moved });
    expect(edited.status).toBe(200);
    expect(edited.json.scheduledPost).toMatchObject({ id: made.id, content: 'Final words', warning: 'Long', publishAt: moved });
    expect(await listOf('demo_user')).toEqual([edited.json.scheduledPost]);

    const cancelled = await callAs('demo_user', 'DELETE', path);
    expect(cancelled).toMatchObject({ status: 200, json: { id: made.id } });
    expect(await listOf('demo_user')).toEqual([]);
    expectRefused(await callAs('demo_user', 'DELETE', path), 'scheduledPostNotFound');
    expectRefused(await callAs('demo_user', 'POST', '/scheduled-posts/no-such-post', { publishAt: inMinutes(10) }), 'scheduledPostNotFound');
  });

  it(`keeps at most ${LIMITS.scheduledPostsMax} waiting a member`, async () => {
    await arrange((snapshot) => {
      snapshot.scheduledPosts = Array.from({ length: LIMITS.scheduledPostsMax }, (_, n) => ({
        id: `scheduled-${n}`, authorId: DEMO_USER_ID, content: `Waiting ${n}`, postImage: '', imageAlt: '', warning: '',
        publishAt: new Date(Date.now() + (n + 10) * MINUTE_MS).toISOString(), createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
      }));
    });
    expectRefused(await schedule('demo_user', { postData: { text: 'One more' }, publishAt: inMinutes(5) }), 'scheduledPostsTooMany');
    expect(MESSAGES.scheduledPostsTooMany).toContain(`${LIMITS.scheduledPostsMax} posts`);
    // Another member's count is their own.
    expect((await schedule('liam_chen', { postData: { text: 'Mine' }, publishAt: inMinutes(5) })).status).toBe(201);
  });

  it('publishes a due post once, as a new post of now, told to the live stream', async () => {
    const made = (await schedule('demo_user', { postData: { text: 'Out on time #later', image: PNG_DATA_URL, imageAlt: 'A dot', warning: 'Careful' }, publishAt: inMinutes(10) })).json.scheduledPost;
    // Not due yet: a look publishes nothing.
    expect(await target().publishDue()).toBe(0);
    await makeDue();
    const stream = await openStream(await tokenFor('liam_chen'));
    try {
      const before = Date.now();
      expect(await target().publishDue()).toBe(1);
      expect(await target().publishDue()).toBe(0);
      expect(await listOf('demo_user')).toEqual([]);
      const found = (await db()).posts.filter((post) => post.content === 'Out on time #later');
      expect(found).toHaveLength(1);
      const [post] = found;
      const answered = (await callAs<{ post: Post }>('liam_chen', 'GET', `/posts/${post?.id}`)).json.post;
      expect(answered).toMatchObject({ content: 'Out on time #later', postImage: made.postImage, imageAlt: 'A dot', warning: 'Careful', _id: DEMO_USER_ID });
      expect(Date.parse(answered.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      const tagged = await callAs<PostsPage>('liam_chen', 'GET', '/tags/later/posts');
      expect(tagged.json.posts.map((each) => each.id)).toEqual([post?.id]);
      const [heard] = await stream.until(1);
      expect(heard).toMatchObject({ type: 'post-created', data: { postId: post?.id, authorId: DEMO_USER_ID } });
    } finally {
      stream.close();
    }
  });
});
