/**
 * Up to four images a post (the `more-images` extension): the first as the spec's `postImage`, the
 * rest in `moreImages`, in the author's order, each with its own description, each checked as the
 * first is (a real image, no metadata that reveals a person); a fifth refused before any is kept; the
 * descriptions changed by an edit, by position; scheduled posts and quotes carry them.
 */
import type { HealthResponse, MoreImage, Post, PostResponse, PostsPage, PostsResponse, ScheduledPostResponse, ScheduledPostsResponse } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { readImageDataUrl } from '../validation';
import { drawablePng, cameraJpeg, plainJpeg, secretsIn } from './imageFixtures';
import { arrange, call, callAs, dataUrl, db, expectHealthy, expectRefusal, imageUrl, target, type CallResult } from './support';

/** Four pictures told apart by their widths, as data URLs. */
const PICTURES = [12, 13, 14, 15].map((width) => dataUrl('image/png', drawablePng(width, 10)));
const [first, second, third, fourth] = PICTURES as [string, string, string, string];

async function newPost(member: string, postData: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Post> {
  const created = await callAs<PostsResponse>(member, 'POST', '/posts', { postData, ...extra });
  expect(created.status).toBe(201);
  const newest = created.json.posts[0];
  if (!newest) throw new Error('no post was answered');
  return (await callAs<PostResponse>(member, 'GET', `/posts/${newest.id}`)).json.post;
}

/** What a post's images after the first are, by URL and description. */
function urlsAndAlts(images: readonly MoreImage[] | undefined): Array<{ url: string; alt: string }> {
  return (images ?? []).map(({ url, alt }) => ({ url, alt }));
}

async function expected(...given: Array<[string, string]>): Promise<Array<{ url: string; alt: string }>> {
  return Promise.all(given.map(async ([source, alt]) => ({ url: await imageUrl(source), alt })));
}

/** An image a backend answered, as bytes: its /media URL fetched from the server, or the stand-in's data URL. */
async function imageBytes(url: string): Promise<Uint8Array> {
  if (url.startsWith('data:')) return readImageDataUrl(url).bytes;
  const response = await fetch(new URL(url, target().baseUrl));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

function expectRefused(result: CallResult, key: keyof typeof MESSAGES): void {
  expectRefusal(result, 400, MESSAGES[key]);
}

describe('more images: GET /health', () => {
  it("lists 'more-images' and says how many images a post may have", async () => {
    const health = (await callAs<HealthResponse>('demo_user', 'GET', '/health')).json;
    expect(health.extensions).toContain('more-images');
    expect(health.limits?.postImagesMax).toBe(LIMITS.postImagesMax);
  });
});

describe('more images: POST /posts', () => {
  it('keeps four images in the order given, each with its description, and answers them in lists as in the post', async () => {
    const post = await newPost('demo_user', {
      text: 'Four views from the ridge',
      image: first,
      imageAlt: 'The valley at dawn.',
      moreImages: [{ image: second, imageAlt: '  The lake, from above.\n' }, { image: third }, { image: fourth, imageAlt: 'The hut.' }],
    });
    expect(post.postImage).toBe(await imageUrl(first));
    expect(post.imageAlt).toBe('The valley at dawn.');
    expect(urlsAndAlts(post.moreImages)).toEqual(await expected([second, 'The lake, from above.'], [third, ''], [fourth, 'The hut.']));

    const listed = (await callAs<PostsResponse>('demo_user', 'GET', '/posts')).json.posts.find((each) => each.id === post.id);
    expect(urlsAndAlts(listed?.moreImages)).toEqual(urlsAndAlts(post.moreImages));
    const home = (await callAs<PostsPage>('demo_user', 'GET', '/feed?limit=5')).json.posts.find((each) => each.id === post.id);
    expect(urlsAndAlts(home?.moreImages)).toEqual(urlsAndAlts(post.moreImages));
    await expectHealthy(post);
  });

  it('answers no moreImages for a post with one image or none, and makes the first given the first when image is empty', async () => {
    expect((await newPost('demo_user', { text: 'Just one', image: first })).moreImages).toBeUndefined();
    expect((await newPost('demo_user', { text: 'No picture' })).moreImages).toBeUndefined();

    const only = await newPost('demo_user', { text: '', moreImages: [{ image: second, imageAlt: 'Second, now first.' }, { image: third, imageAlt: 'Third.' }] });
    expect({ postImage: only.postImage, imageAlt: only.imageAlt }).toEqual({ postImage: await imageUrl(second), imageAlt: 'Second, now first.' });
    expect(urlsAndAlts(only.moreImages)).toEqual(await expected([third, 'Third.']));
  });

  it('refuses a fifth image, a broken one among them and a description too long, keeping nothing', async () => {
    const before = (await db()).posts.length;
    const five = { text: 'Too many', image: first, moreImages: [second, third, fourth, first].map((image) => ({ image })) };
    const refused = await callAs('demo_user', 'POST', '/posts', { postData: five });
    expectRefused(refused, 'tooManyImages');
    expect(refused.json.code).toBe('too_many_images');

    expectRefused(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Broken', image: first, moreImages: [{ image: 'data:image/png;base64,bm90IGFuIGltYWdl' }] } }), 'imageInvalid');
    expectRefused(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Wordy', image: first, moreImages: [{ image: second, imageAlt: 'd'.repeat(LIMITS.imageAltMax + 1) }] } }), 'imageAltTooLong');
    expectRefused(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Odd', moreImages: 'not a list' } }), 'invalidBody');
    expectRefused(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Odd', moreImages: [{ picture: second }] } }), 'invalidBody');
    expect((await db()).posts.length).toBe(before);
  });

  it('keeps no metadata that reveals a person in any of the images', async () => {
    const photo = dataUrl('image/jpeg', cameraJpeg(plainJpeg(), 1));
    expect(secretsIn(readImageDataUrl(photo).bytes)).toContain('GPS latitude');
    const post = await newPost('demo_user', { text: 'Two from the walk', image: first, moreImages: [{ image: photo, imageAlt: 'A gradient.' }] });
    const [more] = post.moreImages ?? [];
    expect(more).toBeDefined();
    expect(secretsIn(await imageBytes(more!.url))).toEqual([]);
  });
});

describe('more images: POST /posts/edit/:postId', () => {
  it("changes the images' descriptions by position, marking the post edited, and refuses a list that does not match", async () => {
    const post = await newPost('demo_user', { text: 'Three', image: first, moreImages: [{ image: second, imageAlt: 'Two.' }, { image: third, imageAlt: 'Three.' }] });
    expect(post.editedAt).toBeNull();

    const unchanged = await callAs('demo_user', 'POST', `/posts/edit/${post.id}`, { postData: { text: 'Three' } });
    expect(unchanged.status).toBe(201);
    const kept = (await callAs<PostResponse>('demo_user', 'GET', `/posts/${post.id}`)).json.post;
    expect({ alts: kept.moreImages?.map((image) => image.alt), editedAt: kept.editedAt }).toEqual({ alts: ['Two.', 'Three.'], editedAt: null });

    expect((await callAs('demo_user', 'POST', `/posts/edit/${post.id}`, { postData: { text: 'Three', moreImageAlts: ['The second, described.', ''] } })).status).toBe(201);
    const edited = (await callAs<PostResponse>('demo_user', 'GET', `/posts/${post.id}`)).json.post;
    expect(urlsAndAlts(edited.moreImages)).toEqual(await expected([second, 'The second, described.'], [third, '']));
    expect(edited.editedAt).not.toBeNull();

    for (const moreImageAlts of [['one'], ['one', 'two', 'three'], 'one', [1, 2]]) {
      expectRefused(await callAs('demo_user', 'POST', `/posts/edit/${post.id}`, { postData: { text: 'Three', moreImageAlts } }), 'imageAltsInvalid');
    }
    expectRefused(await callAs('demo_user', 'POST', `/posts/edit/${post.id}`, { postData: { text: 'Three', moreImageAlts: ['d'.repeat(LIMITS.imageAltMax + 1), ''] } }), 'imageAltTooLong');
    const after = (await callAs<PostResponse>('demo_user', 'GET', `/posts/${post.id}`)).json.post;
    expect(urlsAndAlts(after.moreImages)).toEqual(urlsAndAlts(edited.moreImages));
  });
});

describe('more images: scheduled posts and quotes', () => {
  it('keeps a scheduled post\'s images, lets an edit describe them, and publishes them with it', async () => {
    const publishAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const scheduled = await callAs<ScheduledPostResponse>('demo_user', 'POST', '/scheduled-posts', {
      postData: { text: 'Later, with pictures', image: first, moreImages: [{ image: second, imageAlt: 'Two.' }] }, publishAt,
    });
    expect(scheduled.status).toBe(201);
    expect(urlsAndAlts(scheduled.json.scheduledPost.moreImages)).toEqual(await expected([second, 'Two.']));
    expectRefused(await callAs('demo_user', 'POST', '/scheduled-posts', { postData: { text: 'Too many', moreImages: PICTURES.concat(first).map((image) => ({ image })) }, publishAt }), 'tooManyImages');

    const id = scheduled.json.scheduledPost.id;
    const edited = await callAs<ScheduledPostResponse>('demo_user', 'POST', `/scheduled-posts/${id}`, { postData: { moreImageAlts: ['The second.'] } });
    expect(urlsAndAlts(edited.json.scheduledPost.moreImages)).toEqual(await expected([second, 'The second.']));
    expect(urlsAndAlts((await callAs<ScheduledPostsResponse>('demo_user', 'GET', '/scheduled-posts')).json.scheduledPosts[0]?.moreImages)).toEqual(await expected([second, 'The second.']));

    await arrange((snapshot) => {
      for (const post of snapshot.scheduledPosts ?? []) post.publishAt = new Date(Date.now() - 60_000).toISOString();
    });
    expect(await target().publishDue()).toBe(1);
    const published = (await call<PostsResponse>('GET', '/posts/user/demo_user')).json.posts.find((post) => post.content === 'Later, with pictures');
    expect(published?.postImage).toBe(await imageUrl(first));
    expect(urlsAndAlts(published?.moreImages)).toEqual(await expected([second, 'The second.']));
  });

  it("shows a quoted post's images in the quote", async () => {
    const quoted = await newPost('demo_user', { text: 'Quote me', image: first, moreImages: [{ image: second, imageAlt: 'Two.' }] });
    const quote = await newPost('demo_user', { text: 'Look at these' }, { quoteOf: quoted.id });
    expect(urlsAndAlts(quote.quote?.post?.moreImages)).toEqual(await expected([second, 'Two.']));
  });
});
