/**
 * Alt text and edit marks (the `alt-text` and `edit-marks` extensions): a post's image carries the
 * description its author gave it, sent with the post and changed with an edit, refused over 1,500
 * characters; a post whose text or description changes is marked edited then, and keeps its
 * creation time.
 */
import type { HealthResponse, Post, PostResponse, PostsResponse } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { seedPostId } from '../seed/default';
import { callAs, db, errorOf, expectHealthy, expectRefusal, PNG_DATA_URL, type CallResult } from './support';

/** Ava's (demo_user's) forest walk, with its photo. */
const avasPhotoPost = seedPostId(5);
const described = 'A path through a pine forest, morning sun in the mist between the trunks.';

async function postOf(id: string): Promise<Post> {
  return (await callAs<PostResponse>('demo_user', 'GET', `/posts/${id}`)).json.post;
}

async function newPost(postData: Record<string, unknown>): Promise<CallResult<PostResponse>> {
  const created = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData });
  expect(created.status).toBe(201);
  const newest = created.json.posts[0];
  if (!newest) throw new Error('no post was answered');
  return callAs<PostResponse>('demo_user', 'GET', `/posts/${newest.id}`);
}

describe('alt text and edit marks: GET /health', () => {
  it("lists the 'alt-text' and 'edit-marks' extensions", async () => {
    const extensions = (await callAs<HealthResponse>('demo_user', 'GET', '/health')).json.extensions;
    expect(extensions).toEqual(expect.arrayContaining(['alt-text', 'edit-marks']));
  });
});

describe('alt text: POST /posts', () => {
  it("keeps the image's description, trimmed, and answers it with the post", async () => {
    const post = (await newPost({ text: 'Morning', image: PNG_DATA_URL, imageAlt: `  ${described}\n` })).json.post;
    expect({ imageAlt: post.imageAlt, editedAt: post.editedAt }).toEqual({ imageAlt: described, editedAt: null });
    expect((await db()).post(post.id)).toMatchObject({ imageAlt: described });
    await expectHealthy(post);
  });

  it('answers an empty description when none is given, and drops one sent without an image', async () => {
    expect((await newPost({ text: 'No words for it', image: PNG_DATA_URL })).json.post.imageAlt).toBe('');
    expect((await newPost({ text: 'Only words', imageAlt: 'A picture that is not there' })).json.post.imageAlt).toBe('');
  });

  it('takes a description of exactly 1,500 characters, and refuses one longer with its message, storing nothing', async () => {
    expect((await newPost({ text: 'Long look', image: PNG_DATA_URL, imageAlt: 'd'.repeat(LIMITS.imageAltMax) })).json.post.imageAlt).toHaveLength(1500);
    const before = (await db()).posts.length;
    const refused = await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Too long', image: PNG_DATA_URL, imageAlt: 'd'.repeat(LIMITS.imageAltMax + 1) } });
    expect({ status: refused.status, message: errorOf(refused), code: refused.json.code }).toEqual({
      status: 400, message: MESSAGES.imageAltTooLong, code: 'image_alt_too_long',
    });
    expect((await db()).posts.length).toBe(before);
  });
});

describe('alt text and edit marks: POST /posts/edit/:postId', () => {
  it('answers a post never edited with editedAt null', async () => {
    expect((await postOf(avasPhotoPost)).editedAt).toBeNull();
  });

  it('changes the description with the text, marks the post edited and keeps its creation time', async () => {
    const before = await postOf(avasPhotoPost);
    const edited = await callAs('demo_user', 'POST', `/posts/edit/${avasPhotoPost}`, { postData: { text: before.content, imageAlt: described } });
    expect(edited.status).toBe(201);
    const after = await postOf(avasPhotoPost);
    expect(after).toMatchObject({ imageAlt: described, content: before.content, createdAt: before.createdAt });
    expect(after.editedAt).not.toBeNull();
    expect(Date.parse(after.editedAt ?? '')).toBeGreaterThan(Date.parse(before.createdAt));
    await expectHealthy(after);
  });

  it('keeps the description when an edit leaves it out, and clears it when sent empty', async () => {
    await callAs('demo_user', 'POST', `/posts/edit/${avasPhotoPost}`, { postData: { text: 'New words', imageAlt: described } });
    await callAs('demo_user', 'POST', `/posts/edit/${avasPhotoPost}`, { postData: { text: 'Newer words' } });
    expect((await postOf(avasPhotoPost)).imageAlt).toBe(described);
    await callAs('demo_user', 'POST', `/posts/edit/${avasPhotoPost}`, { postData: { text: 'Newer words', imageAlt: '' } });
    expect((await postOf(avasPhotoPost)).imageAlt).toBe('');
  });

  it('marks a text-only edit too, and leaves an edit that changes nothing unmarked', async () => {
    const textOnly = seedPostId(11); // Ava's coffee, with a photo
    const before = await postOf(textOnly);
    await callAs('demo_user', 'POST', `/posts/edit/${textOnly}`, { postData: { text: before.content } });
    expect((await postOf(textOnly)).editedAt).toBeNull();
    await callAs('demo_user', 'POST', `/posts/edit/${textOnly}`, { postData: { text: `${before.content} Three cups, in the end.` } });
    const after = await postOf(textOnly);
    expect(after.editedAt).not.toBeNull();
    expect(after.createdAt).toBe(before.createdAt);
  });

  it('refuses a description over 1,500 characters with its message, changing nothing', async () => {
    const before = await postOf(avasPhotoPost);
    const refused = await callAs('demo_user', 'POST', `/posts/edit/${avasPhotoPost}`, { postData: { text: 'Changed', imageAlt: 'd'.repeat(LIMITS.imageAltMax + 1) } });
    expectRefusal(refused, 400, MESSAGES.imageAltTooLong);
    expect(await postOf(avasPhotoPost)).toEqual(before);
  });
});
