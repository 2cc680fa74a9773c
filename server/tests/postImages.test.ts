/**
 * A post's images after its first (the `more-images` extension) on the server. How many a post may
 * have is a setting (POST_IMAGES_MAX): a server set to two says so in /api/health, refuses a third
 * image with a message that names its own limit (storing nothing), takes two, and reads a new post's
 * body up to 6 MiB for each. A post's images after the first, and a scheduled post's, go out in the
 * network's snapshot and come back from it (a snapshot's data URLs stored as uploads are), each
 * counted once for each post that names it.
 */
import type { HealthResponse, Post, ScheduledPost } from '../../contract/api';
import { LIMITS } from '../../contract/limits';
import { ERROR_CODES, MESSAGES, postImagesText } from '../../contract/messages';
import type { DbSnapshot } from '../../contract/snapshot';
import { dataUrl } from '../../contract/tests/fixtures';
import { plainJpeg } from '../../contract/tests/imageFixtures';
import { postBodyLimit } from '../app';
import { sqlProblems } from '../testing/races';
import { seededWithDemoToken, startTestServer, type TestServer } from '../testing/serverTarget';

const IMAGES_MAX = 2;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', postImagesMax: IMAGES_MAX });
  token = await seededWithDemoToken(server);
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** A JPEG of its own for each width: each is stored apart. Wider than 480, it has a smaller copy. */
function jpeg(width: number): string {
  return dataUrl('image/jpeg', plainJpeg(width, 8));
}

async function send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: T }> {
  // A write answers what it changed alone (`Prefer: return=minimal`): a new post, not every post.
  const headers: Record<string, string> = { authorization: token, prefer: 'return=minimal', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const answer = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: answer.status, json: (await answer.json()) as T };
}

const later = (): string => new Date(Date.now() + 60 * 60 * 1000).toISOString();

async function counts(): Promise<{ posts: number; scheduled: number; media: number }> {
  const [row] = await server.database.query<{ posts: number; scheduled: number; media: number }>(
    'SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM scheduled_posts) AS scheduled, (SELECT count(*)::int FROM media) AS media',
  );
  return row ?? { posts: -1, scheduled: -1, media: -1 };
}

describe('POST_IMAGES_MAX set to 2', () => {
  it('says its limit in /api/health', async () => {
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as HealthResponse;
    expect(health.limits).toEqual({ imagePixelsMax: LIMITS.imagePixelsMax, postImagesMax: IMAGES_MAX });
  });

  it('refuses a third image, as a post and as a scheduled one, naming its own limit; nothing is stored', async () => {
    const before = await counts();
    const postData = { text: 'Three of them', image: jpeg(30), moreImages: [{ image: jpeg(31) }, { image: jpeg(32) }] };
    const refusal = { status: 400, json: { errors: ['A post can have at most 2 images.'], code: ERROR_CODES.tooManyImages } };
    expect(await send('POST', '/posts', { postData })).toEqual(refusal);
    expect(await send('POST', '/scheduled-posts', { postData, publishAt: later() })).toEqual(refusal);
    // Three in moreImages alone, without `image`, are three too.
    expect(await send('POST', '/posts', { postData: { text: 'Three again', moreImages: [{ image: jpeg(30) }, ...postData.moreImages] } })).toEqual(refusal);
    expect(postImagesText(IMAGES_MAX)).not.toBe(MESSAGES.tooManyImages);
    expect(await counts()).toEqual(before);
  });

  it('takes two', async () => {
    const taken = await send<{ post: Post }>('POST', '/posts', { postData: { text: 'Two of them', image: jpeg(33), moreImages: [{ image: jpeg(34), imageAlt: 'the second' }] } });
    expect(taken.status).toBe(201);
    expect(taken.json.post.moreImages?.map(({ alt }) => alt)).toEqual(['the second']);
  });

  it("reads a new post's body up to 6 MiB for each image, and answers 413 past it", async () => {
    const limit = postBodyLimit(IMAGES_MAX);
    for (const path of ['/posts', '/scheduled-posts']) {
      const body = (image: string) => ({ postData: { text: 'Big', image }, ...(path === '/scheduled-posts' ? { publishAt: later() } : {}) });
      // Under the limit, the body is read: its image is refused for its size, as any is.
      const read = await send('POST', path, body(`data:image/png;base64,${'A'.repeat(limit - 64 * 1024)}`));
      expect({ path, status: read.status, code: read.json.code }).toEqual({ path, status: 400, code: ERROR_CODES.imageTooLarge });
      const over = await send('POST', path, body(`data:image/png;base64,${'A'.repeat(limit)}`));
      expect({ path, ...over }).toEqual({ path, status: 413, json: { errors: ['The request body is too large.'], code: 'body_too_large' } });
    }
  });
});

describe("a post's images after the first in the network's snapshot", () => {
  it('go out with each post and scheduled post, and come back from it the same, counted once for each post', async () => {
    const made = await send<{ post: Post }>('POST', '/posts', { postData: { text: 'Kept whole', image: jpeg(35), imageAlt: 'first', moreImages: [{ image: jpeg(600), imageAlt: 'wide' }] } });
    expect(made.status).toBe(201);
    const [, wide] = [made.json.post.postImage, made.json.post.moreImages?.[0]];
    expect(wide?.sizes?.sources.length).toBeGreaterThan(0);
    const scheduled = await send<{ scheduledPost: ScheduledPost }>('POST', '/scheduled-posts', { postData: { text: 'Kept for later', image: jpeg(36), moreImages: [{ image: jpeg(600), imageAlt: 'wide again' }] }, publishAt: later() });
    expect(scheduled.status).toBe(201);

    const snapshot = await server.store.snapshot();
    const record = snapshot.posts.find((post) => post.id === made.json.post.id);
    expect(record?.moreImages).toEqual([{ url: wide?.url, alt: 'wide', sizes: wide?.sizes }]);
    const scheduledRecord = snapshot.scheduledPosts?.find((post) => post.id === scheduled.json.scheduledPost.id);
    expect(scheduledRecord?.moreImages).toEqual(scheduled.json.scheduledPost.moreImages);
    expect(scheduledRecord?.moreImages).toEqual([{ url: wide?.url, alt: 'wide again', sizes: wide?.sizes }]);
    // Others' posts, with one image or none, have none after it.
    expect(snapshot.posts.filter((post) => post.authorId !== made.json.post._id).every((post) => post.moreImages === undefined)).toBe(true);

    await server.store.load(snapshot);
    expect(await server.store.snapshot()).toEqual(snapshot);
    const [counted] = await server.database.query<{ refs: number }>('SELECT refs FROM media WHERE sha256 = substring($1 FROM 8 FOR 64)', [wide?.url]);
    expect(counted?.refs).toBe(2);
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
  });

  it("stores a snapshot's data URLs as uploads, without the sizes it says of them", async () => {
    const snapshot = await server.store.snapshot();
    const [first] = snapshot.posts;
    if (!first) throw new Error('no post');
    const given: DbSnapshot = {
      ...snapshot,
      posts: snapshot.posts.map((post) => (post.id === first.id
        ? { ...post, moreImages: [{ url: jpeg(37), alt: 'from a data URL', sizes: { width: 37, height: 8, sources: [{ url: '/media/none-480.webp', width: 480 }] } }, { url: '/images/avatars/ava-reed.jpg', alt: '' }] }
        : post)),
    };
    await server.store.load(given);
    const loaded = (await server.store.snapshot()).posts.find((post) => post.id === first.id);
    expect(loaded?.moreImages).toEqual([{ url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.jpg$/), alt: 'from a data URL' }, { url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.jpg$/), alt: '' }]);
    const served = await fetch(`${server.baseUrl}${loaded?.moreImages?.[0]?.url}`);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({ status: 200, type: 'image/jpeg' });
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
    // Loaded back as it was, the images only that snapshot named go.
    await server.store.load(snapshot);
    expect((await fetch(`${server.baseUrl}${loaded?.moreImages?.[0]?.url}`)).status).toBe(404);
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
  });
});
