import type { PostResponse, PostsResponse } from '../api';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { DEMO_BOOKMARK_POST_ID, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { buildPost } from '../seed/factories';
import { pngBytes } from './fixtures';
import { drawablePng, GIF_PARTS, join, plainJpeg, riff, WEBP_VP8L } from './imageFixtures';
import { arrange, call, callAs, dataUrl, db, errorOf, expectHealthy, expectRefusal, imageUrl, PNG_DATA_URL } from './support';

const demoPost = seedPostId(5); // Ava's forest walk
const liamPost = seedPostId(1); // liked by ava, maya, zoe
const noahTextPost = seedPostId(13); // no image, liked by maya only

describe('GET /posts', () => {
  it('answers 200 with every post, newest first, in the wire shape', async () => {
    const result = await call<PostsResponse>('GET', '/posts');

    expect(result.status).toBe(200);
    expect(result.json.posts).toHaveLength(20);
    expect(result.json.posts[0]?.id).toBe(seedPostId(20));
    const first = result.json.posts.find((post) => post.id === liamPost);
    expect(first).toMatchObject({
      _id: SEED_USER_IDS.liam,
      id: liamPost,
      username: 'liam_chen',
      firstName: 'Liam',
      lastName: 'Chen',
      userFullName: 'Liam Chen',
      image: await imageUrl('/images/avatars/liam-chen.jpg'),
      postImage: await imageUrl('/images/posts/mountain-sunrise.jpg'),
      likes: { likeCount: 3 },
    });
    expect(first?.likes.likedBy[0]).toEqual({ _id: DEMO_USER_ID, username: 'demo_user', firstName: 'Ava', lastName: 'Reed', image: await imageUrl('/images/avatars/ava-reed.jpg') });
    expect(new Date(first?.createdAt ?? '').toISOString()).toBe(first?.createdAt);
    expect(result.json.posts.find((post) => post.id === noahTextPost)?.postImage).toBe('');
    await expectHealthy(result.json);
  });
});

describe('GET /posts/:postId', () => {
  it('answers 200 with the post', async () => {
    const result = await call<PostResponse>('GET', `/posts/${demoPost}`);
    expect(result.status).toBe(200);
    expect(result.json.post).toMatchObject({ id: demoPost, _id: DEMO_USER_ID, content: expect.stringContaining('Hello SocialConnect') });
  });

  it('answers 404 for an unknown post', async () => {
    expectRefusal(await call('GET', '/posts/not-a-post'), 404, MESSAGES.postNotFound);
  });
});

describe('GET /posts/user/:username', () => {
  it("answers 200 with that member's posts only, ignoring the username's case", async () => {
    const result = await call<PostsResponse>('GET', '/posts/user/Demo_User');
    expect(result.status).toBe(200);
    expect(result.json.posts.map((post) => post.id)).toEqual([seedPostId(11), seedPostId(5)]);
  });

  it('answers 404 for an unknown member', async () => {
    expectRefusal(await call('GET', '/posts/user/nobody_here'), 404, MESSAGES.userNotFound);
  });
});

describe('POST /posts', () => {
  it('creates a trimmed text post, answers 201 with all posts, the new one first', async () => {
    const result = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData: { text: '  Fresh thoughts  ', image: '', previewImage: '' } });

    expect(result.status).toBe(201);
    expect(result.json.posts).toHaveLength(21);
    const created = result.json.posts[0];
    expect(created).toMatchObject({ _id: DEMO_USER_ID, content: 'Fresh thoughts', postImage: '', likes: { likeCount: 0, likedBy: [], dislikedBy: [] }, userFullName: 'Ava Reed' });
    expect(created?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await db()).post(created?.id ?? '')).toMatchObject({ authorId: DEMO_USER_ID, content: 'Fresh thoughts' });
    await expectHealthy(result.json);
  });

  it('is also answered at /posts/ (with the trailing slash)', async () => {
    const result = await callAs<PostsResponse>('demo_user', 'POST', '/posts/', { postData: { text: 'Slash' } });
    expect(result.status).toBe(201);
    expect(result.json.posts[0]?.content).toBe('Slash');
  });

  it('accepts an image with no text, and an image checked by its content', async () => {
    const result = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData: { text: '', image: PNG_DATA_URL } });
    expect(result.status).toBe(201);
    expect(result.json.posts[0]?.postImage).toBe(await imageUrl(PNG_DATA_URL));

    const { header, frame } = GIF_PARTS;
    const kinds: Array<[string, Uint8Array]> = [
      ['image/jpeg', plainJpeg()],
      ['image/gif', join(header, frame, [0x3b])],
      ['image/webp', riff(WEBP_VP8L)],
      // Named PNG but really a JPEG: the content decides.
      ['image/png', plainJpeg(8, 8)],
    ];
    for (const [type, bytes] of kinds) {
      const image = dataUrl(type, bytes);
      expect((await callAs('demo_user', 'POST', '/posts', { postData: { text: type, image } })).status).toBe(201);
    }
  });

  it('counts 500 characters as a person sees them', async () => {
    const family = '👨‍👩‍👧‍👦';
    const ok = await callAs('demo_user', 'POST', '/posts', { postData: { text: family.repeat(500) } });
    expect(ok.status).toBe(201);
    expectRefusal(await callAs('demo_user', 'POST', '/posts', { postData: { text: 'é'.repeat(501) } }), 400, MESSAGES.postTooLong);
  });

  it('takes an image of exactly 2 MB and refuses one byte more, and a small file that claims a huge canvas', async () => {
    const atLimit = dataUrl('image/png', drawablePng(64, 64, LIMITS.imageBytesMax));
    const overLimit = dataUrl('image/png', pngBytes(64, 64, LIMITS.imageBytesMax + 1));
    const pixelBomb = dataUrl('image/png', pngBytes(4097, 4096));
    const largestCanvas = dataUrl('image/png', drawablePng(4096, 4096));

    const over = await callAs('demo_user', 'POST', '/posts', { postData: { text: 'one byte over', image: overLimit } });
    expectRefusal(over, 400, MESSAGES.imageTooLarge);
    const bomb = await callAs('demo_user', 'POST', '/posts', { postData: { text: 'a pixel bomb', image: pixelBomb } });
    expectRefusal(bomb, 400, MESSAGES.imageTooManyPixels);
    expect((await db()).posts).toHaveLength(20);

    for (const image of [atLimit, largestCanvas]) {
      const taken = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData: { text: 'at the limit', image } });
      expect(taken.status).toBe(201);
      expect(taken.json.posts[0]?.postImage).toBe(await imageUrl(image));
    }
  });

  it('refuses empty posts, bad images and bad bodies, storing nothing', async () => {
    const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`;
    const textAsPng = dataUrl('image/png', new TextEncoder().encode('definitely not an image at all'));
    const huge = `data:image/png;base64,iVBORw0KGgoA${'A'.repeat(4 * 700_000)}`; // about 2.1 MB decoded
    const cutOff = dataUrl('image/jpeg', plainJpeg().slice(0, -2)); // a photo without its last two bytes
    const cases: Array<[unknown, number, string]> = [
      [{ postData: { text: '   ' } }, 400, MESSAGES.postEmpty],
      [{ postData: {} }, 400, MESSAGES.postEmpty],
      [{ postData: { text: 'x', image: svg } }, 400, MESSAGES.imageInvalid],
      [{ postData: { text: 'x', image: textAsPng } }, 400, MESSAGES.imageInvalid],
      [{ postData: { text: 'x', image: 'https://example.com/cat.png' } }, 400, MESSAGES.imageInvalid],
      [{ postData: { text: 'x', image: 'data:image/png;base64,@@@@' } }, 400, MESSAGES.imageInvalid],
      [{ postData: { text: 'x', image: huge } }, 400, MESSAGES.imageTooLarge],
      [{ postData: { text: 'x', image: cutOff } }, 400, MESSAGES.imageCutOff],
      [{ postData: { text: 'x', image: {} } }, 400, MESSAGES.invalidBody],
      [{ postData: { text: 42 } }, 400, MESSAGES.invalidBody],
      [{ postData: 'text' }, 400, MESSAGES.invalidBody],
      [{ text: 'no wrapper' }, 400, MESSAGES.invalidBody],
      ['not json', 400, MESSAGES.invalidJson],
    ];
    for (const [body, status, message] of cases) {
      const result = await callAs('demo_user', 'POST', '/posts', body);
      expect({ status: result.status, message: errorOf(result) }).toEqual({ status, message });
    }
    expect((await db()).posts).toHaveLength(20);
  });
});

describe('DELETE /posts/:postId', () => {
  it("answers 200 with the remaining posts and drops the post from everyone's bookmarks", async () => {
    const liamBookmarked = seedPostId(11); // Ava's coffee post, bookmarked by Liam
    const result = await callAs<PostsResponse>('demo_user', 'DELETE', `/posts/${liamBookmarked}`);

    expect(result.status).toBe(200);
    expect(result.json.posts).toHaveLength(19);
    expect((await db()).post(liamBookmarked)).toBeUndefined();
    expect((await db()).user(SEED_USER_IDS.liam)?.bookmarks).toEqual([seedPostId(7)]);
    await expectHealthy(result.json);
  });

  it('answers 404 for an unknown post', async () => {
    expectRefusal(await callAs('demo_user', 'DELETE', '/posts/not-a-post'), 404, MESSAGES.postNotFound);
  });
});

describe('POST /posts/edit/:postId', () => {
  it('replaces the text (trimmed), keeps the image, bumps updatedAt, answers 201 with all posts', async () => {
    const before = (await db()).post(demoPost);
    const result = await callAs<PostsResponse>('demo_user', 'POST', `/posts/edit/${demoPost}`, { postData: { text: ' Edited walk ' } });

    expect(result.status).toBe(201);
    const edited = result.json.posts.find((post) => post.id === demoPost);
    expect(edited).toMatchObject({ content: 'Edited walk', postImage: before?.postImage, createdAt: before?.createdAt });
    expect(edited?.updatedAt).not.toBe(before?.createdAt);
    expect((await db()).post(demoPost)?.content).toBe('Edited walk');
    await expectHealthy(result.json);
  });

  it('allows empty text on a post with an image, but not on a text-only post', async () => {
    expect((await callAs('demo_user', 'POST', `/posts/edit/${demoPost}`, { postData: { text: '' } })).status).toBe(201);
    const textOnly = buildPost({ authorId: DEMO_USER_ID, content: 'words only' });
    await arrange((snapshot) => {
      snapshot.posts.push(textOnly);
    });
    const refused = await callAs('demo_user', 'POST', `/posts/edit/${textOnly.id}`, { postData: { text: '  ' } });
    expectRefusal(refused, 400, MESSAGES.postEmpty);
    expect((await db()).post(textOnly.id)?.content).toBe('words only');
  });

  it('answers 404 for an unknown post and 400 for a missing text', async () => {
    const unknown = await callAs('demo_user', 'POST', '/posts/edit/not-a-post', { postData: { text: 'x' } });
    expectRefusal(unknown, 404, MESSAGES.postNotFound);
    const noText = await callAs('demo_user', 'POST', `/posts/edit/${demoPost}`, { postData: {} });
    expectRefusal(noText, 400, MESSAGES.invalidBody);
    expectRefusal(await callAs('demo_user', 'POST', `/posts/edit/${demoPost}`, { postData: { text: 'a'.repeat(501) } }), 400, MESSAGES.postTooLong);
  });
});

describe('POST /posts/like/:postId and /posts/dislike/:postId', () => {
  it('like: joins likedBy, leaves dislikedBy, count + 1, answers 201 with all posts', async () => {
    // Noah disliked post 3; now he likes it.
    const result = await callAs<PostsResponse>('zoe_martin', 'POST', `/posts/like/${seedPostId(3)}`);

    expect(result.status).toBe(201);
    const post = result.json.posts.find((item) => item.id === seedPostId(3));
    expect(post?.likes.likeCount).toBe(2);
    expect(post?.likes.likedBy.map((user) => user._id)).toEqual([DEMO_USER_ID, SEED_USER_IDS.zoe]);
    expect(post?.likes.dislikedBy).toEqual([]);
    expect((await db()).post(seedPostId(3))?.likedBy).toContain(SEED_USER_IDS.zoe);
    await expectHealthy(result.json);
  });

  it('dislike: leaves likedBy, joins dislikedBy, count - 1, answers 201 with all posts', async () => {
    const result = await callAs<PostsResponse>('demo_user', 'POST', `/posts/dislike/${liamPost}`);

    expect(result.status).toBe(201);
    const post = result.json.posts.find((item) => item.id === liamPost);
    expect(post?.likes.likeCount).toBe(2);
    expect(post?.likes.likedBy.map((user) => user._id)).not.toContain(DEMO_USER_ID);
    expect(post?.likes.dislikedBy.map((user) => user._id)).toEqual([DEMO_USER_ID]);
    await expectHealthy(result.json);
  });

  it('dislike by a member who has not liked a post with likes is refused, so likeCount == likedBy.length holds', async () => {
    const result = await callAs('noah_kim', 'POST', `/posts/dislike/${liamPost}`);
    expectRefusal(result, 400, MESSAGES.likeBelowZero);
    expect((await db()).post(liamPost)?.likedBy).toHaveLength(3);
  });

  it('like, dislike, like again round-trips', async () => {
    const post = seedPostId(8); // no likes yet
    expect((await callAs('demo_user', 'POST', `/posts/like/${post}`)).status).toBe(201);
    expect((await callAs('demo_user', 'POST', `/posts/dislike/${post}`)).status).toBe(201);
    const again = await callAs<PostsResponse>('demo_user', 'POST', `/posts/like/${post}`);
    expect(again.json.posts.find((item) => item.id === post)?.likes).toMatchObject({ likeCount: 1, dislikedBy: [] });
    await expectHealthy(again.json);
  });

  it('answers 404 for an unknown post', async () => {
    for (const path of ['/posts/like/nope', '/posts/dislike/nope']) {
      expectRefusal(await callAs('demo_user', 'POST', path), 404, MESSAGES.postNotFound);
    }
  });

  it('is atomic: five concurrent likes by one member count once', async () => {
    const post = seedPostId(18); // no likes yet
    const results = await Promise.all(Array.from({ length: 5 }, () => callAs('noah_kim', 'POST', `/posts/like/${post}`)));

    expect(results.map((result) => result.status).sort()).toEqual([201, 400, 400, 400, 400]);
    expect(results.filter((result) => result.status === 400).map(errorOf)).toEqual(Array(4).fill(MESSAGES.alreadyLiked));
    expect((await db()).post(post)?.likedBy).toEqual([SEED_USER_IDS.noah]);
    const read = await call<PostResponse>('GET', `/posts/${post}`);
    expect(read.json.post.likes.likeCount).toBe(1);
    await expectHealthy();
  });

  it('keeps the demo bookmark intact', async () => {
    expect((await db()).user(DEMO_USER_ID)?.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID]);
  });
});
