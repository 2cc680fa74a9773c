/**
 * Content warnings (the `content-warnings` extension): a post may carry a short warning, sent with it
 * or added, changed and taken off by an edit (each marking it edited), answered with the post
 * wherever it is read ('' when none), kept in the network's snapshot, and refused past 100 characters.
 */
import type { Post, PostResponse, PostsResponse, PostsPage } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { callAs, db, errorOf, expectHealthy, PNG_DATA_URL, type CallResult } from './support';

const WARNING = 'Spiders, up close';

async function postOf(id: string): Promise<Post> {
  return (await callAs<PostResponse>('demo_user', 'GET', `/posts/${id}`)).json.post;
}

async function newPost(postData: Record<string, unknown>): Promise<Post> {
  const created = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData });
  expect(created.status).toBe(201);
  const newest = created.json.posts[0];
  if (!newest) throw new Error('no post was answered');
  return postOf(newest.id);
}

function edit(id: string, postData: Record<string, unknown>): Promise<CallResult<PostsResponse>> {
  return callAs<PostsResponse>('demo_user', 'POST', `/posts/edit/${id}`, { postData });
}

function expectTooLong(refused: CallResult): void {
  expect({ status: refused.status, message: errorOf(refused), code: refused.json.code }).toEqual({
    status: 400, message: MESSAGES.contentWarningTooLong, code: 'content_warning_too_long',
  });
}

describe('content warnings', () => {
  it('keeps a new post\'s warning on one line, trimmed, and answers it in every list; a post without one answers \'\'', async () => {
    const post = await newPost({ text: 'Look at this one', image: PNG_DATA_URL, warning: `  Spiders,\n up   close ` });
    expect({ warning: post.warning, editedAt: post.editedAt }).toEqual({ warning: WARNING, editedAt: null });
    await expectHealthy(post);
    expect((await db()).post(post.id)?.warning).toBe(WARNING);
    const lists = ['/posts', '/posts?limit=5', '/feed?limit=5', '/posts/user/demo_user'];
    for (const path of lists) {
      const answered = (await callAs<PostsPage>('demo_user', 'GET', path)).json.posts.find((entry) => entry.id === post.id);
      expect({ path, warning: answered?.warning }).toEqual({ path, warning: WARNING });
    }
    const plain = await newPost({ text: 'Nothing to warn about' });
    expect(plain.warning).toBe('');
    expect((await db()).post(plain.id)).not.toHaveProperty('warning');
  });

  it('is added, changed and taken off by an edit, each marking the post edited; an edit that leaves it out keeps it', async () => {
    const post = await newPost({ text: 'A story' });
    expect((await edit(post.id, { text: 'A story', warning: 'Sad ending' })).status).toBe(201);
    const added = await postOf(post.id);
    expect(added.warning).toBe('Sad ending');
    expect(added.editedAt).not.toBeNull();

    expect((await edit(post.id, { text: 'A story, told again' })).status).toBe(201);
    expect((await postOf(post.id)).warning).toBe('Sad ending');
    expect((await edit(post.id, { text: 'A story, told again', warning: null })).status).toBe(201);
    expect((await postOf(post.id)).warning).toBe('Sad ending');

    expect((await edit(post.id, { text: 'A story, told again', warning: 'Very sad ending' })).status).toBe(201);
    expect((await postOf(post.id)).warning).toBe('Very sad ending');
    expect((await edit(post.id, { text: 'A story, told again', warning: '' })).status).toBe(201);
    expect((await postOf(post.id)).warning).toBe('');
    expect((await db()).post(post.id)).not.toHaveProperty('warning');
  });

  it(`takes ${LIMITS.contentWarningMax} characters, and refuses more with its message, storing nothing`, async () => {
    expect((await newPost({ text: 'Long warning', warning: 'w'.repeat(LIMITS.contentWarningMax) })).warning).toHaveLength(LIMITS.contentWarningMax);
    const before = (await db()).posts.length;
    expectTooLong(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Too long', warning: 'w'.repeat(LIMITS.contentWarningMax + 1) } }));
    expect((await db()).posts.length).toBe(before);

    const post = await newPost({ text: 'Keep me', warning: 'Kept' });
    expectTooLong(await edit(post.id, { text: 'Changed', warning: 'w'.repeat(LIMITS.contentWarningMax + 1) }));
    expect(await postOf(post.id)).toMatchObject({ content: 'Keep me', warning: 'Kept', editedAt: null });
    expect(MESSAGES.contentWarningTooLong).toBe(`A content warning can be at most ${LIMITS.contentWarningMax} characters long.`);
  });
});
