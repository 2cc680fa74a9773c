/** The HTTP server around the contract: headers, bodies, media, the app's pages and the logs. */
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import type { LoginResponse, PostsResponse, ScheduledPostResponse } from '../../contract/api';
import { LIMITS } from '../../contract/limits';
import { buildDefaultSeed, DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { PNG_DATA_URL } from '../../contract/tests/fixtures';
import { drawablePng, plainJpeg } from '../../contract/tests/imageFixtures';
import { STAND_IN_TOKEN_SECRET } from '../../contract/tokens';
import { CHANGES_CHANNEL } from '../changeFeed';
import { APP_CSP, IMAGE_BODY_LIMIT, postBodyLimit } from '../app';
import { readFunctions } from '../db/migrate';
import { drawAgain } from '../images';
import { sqlProblems } from '../testing/races';
import { seededWithDemoToken, startTestServer, type TestServer } from '../testing/serverTarget';
import { until } from '../testing/until';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const staticDir = mkdtempSync(join(tmpdir(), 'socialconnect-app-'));
mkdirSync(join(staticDir, 'static', 'js'), { recursive: true });
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SocialConnect</title><div id="root"></div>');
writeFileSync(join(staticDir, 'static', 'js', 'main.0123abcd.js'), 'console.log("app")');
writeFileSync(join(staticDir, 'login.html'), '<!doctype html><title>SocialConnect</title><div id="root" data-prerendered="/login"><h1>Login</h1></div>');

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', staticDir, logger: { level: 'info', stream: logStream } });
  token = await seededWithDemoToken(server);
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** A JPEG of the end-to-end fixtures as an upload's data URL. */
function jpegDataUrl(name: string): string {
  return `data:image/jpeg;base64,${readFileSync(join(__dirname, '..', '..', 'e2e', 'fixtures', name)).toString('base64')}`;
}

/** A JPEG of its own size as an upload's data URL: images of two sizes are never stored as one. */
function sizedJpeg(width: number, height: number): string {
  return `data:image/jpeg;base64,${Buffer.from(plainJpeg(width, height)).toString('base64')}`;
}

/** The hash a stored image's address names. */
function hashOf(url: string): string {
  return /^\/media\/([0-9a-f]{64})\./.exec(url)?.[1] ?? '';
}

/** How many records name each stored image among `urls`, by its hash; an image no longer stored is absent. */
async function refsOf(urls: readonly string[]): Promise<Record<string, number>> {
  const rows = await server.database.query<{ sha256: string; refs: number }>('SELECT sha256, refs FROM media WHERE sha256 = ANY($1::text[])', [urls.map(hashOf)]);
  return Object.fromEntries(rows.map((row) => [row.sha256, row.refs]));
}

function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token, ...headers }, body });
}

describe('headers', () => {
  it('on API answers: JSON with its charset, nosniff, a request id, nothing that names the stack, no CORS', async () => {
    const response = await fetch(`${server.baseUrl}/api/posts`, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it("on the app's pages: the strict Content-Security-Policy and a referrer policy", async () => {
    for (const path of ['/', '/login', '/users/u-ava-reed', '/posts/anything?x=1']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"');
    }
  });

  it('caches the hashed scripts for good', async () => {
    const response = await fetch(`${server.baseUrl}/static/js/main.0123abcd.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('adds HSTS when the request came over HTTPS through a trusted proxy only', async () => {
    const direct = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('unknown routes and bodies that are not JSON', () => {
  it('answers a JSON 404 under /api and /media, and the app everywhere else', async () => {
    for (const path of ['/api', '/api/', '/api/nothing/here', '/api/posts/a/b/c']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 404, body: { errors: ['No such API route.'], code: 'route_not_found' } });
    }
    const wrongMethod = await fetch(`${server.baseUrl}/api/posts/like/x`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/settings`, { method: 'POST' })).status).toBe(404);
  });

  it("answers the app's pages 200, and 404 (with the app, which says so) where a probe or a scanner looks", async () => {
    const pages = ['/', '/explore', '/bookmark', '/createpost', '/notifications', '/posts/p-1', '/posts/p-1/', '/users/u-ava-reed', '/tags/weekend', '/search', '/settings/muted-and-blocked', '/error', '/signup'];
    const probes = ['/metrics', '/status', '/server-status', '/.env', '/.git/config', '/wp-login.php', '/admin', '/index.php', '/config.json', '/static/js/missing.js', '/posts', '/posts/p-1/edit', '/users', '/explore/more'];
    const answers = async (paths: string[]) => Promise.all(paths.map(async (path) => {
      const response = await fetch(`${server.baseUrl}${path}`);
      return { path, status: response.status, type: response.headers.get('content-type'), app: (await response.text()).includes('<div id="root"') };
    }));
    expect(await answers(pages)).toEqual(pages.map((path) => ({ path, status: 200, type: 'text/html; charset=utf-8', app: true })));
    expect(await answers(probes)).toEqual(probes.map((path) => ({ path, status: 404, type: 'text/html; charset=utf-8', app: true })));
  });

  it("answers a malformed address in the error shape under /api, and with the app's not-found page elsewhere", async () => {
    for (const path of ['/api/%zz', '/api/posts/%E0%A4%A', '/api/%']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: response.status, type: response.headers.get('content-type'), body: await response.json() as unknown })
        .toEqual({ path, status: 404, type: 'application/json; charset=utf-8', body: { errors: [expect.any(String)], code: expect.stringMatching(/_not_found$/) } });
    }
    for (const path of ['/%E0%A4%A', '/users/%zz/x', '/%']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: response.status, type: response.headers.get('content-type'), csp: response.headers.get('content-security-policy') })
        .toEqual({ path, status: 404, type: 'text/html; charset=utf-8', csp: APP_CSP });
      expect(await response.text()).toContain('<div id="root"');
    }
    // A page whose id is malformed is still the app's page: the app says the member is not found.
    expect((await fetch(`${server.baseUrl}/users/%zz`)).status).toBe(200);
  });

  it('answers a page the build wrote ahead with its own HTML, and sends a form posted to it back to it', async () => {
    for (const path of ['/login', '/login/']) {
      const page = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: page.status, type: page.headers.get('content-type') }).toEqual({ path, status: 200, type: 'text/html; charset=utf-8' });
      expect(await page.text()).toContain('data-prerendered="/login"');
    }
    for (const path of ['/', '/explore', '/loginx', '/login/more']) {
      expect(await (await fetch(`${server.baseUrl}${path}`)).text()).not.toContain('data-prerendered');
    }
    // Sent before the app's script took the form over: no password lands in an address, and the visitor is back on the page.
    const posted = await fetch(`${server.baseUrl}/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=guest&password=secret',
      redirect: 'manual',
    });
    expect({ status: posted.status, location: posted.headers.get('location') }).toEqual({ status: 303, location: '/login' });
  });

  it('answers 415 for a body that is not JSON, and 400 for JSON that is not', async () => {
    const text = await post('/api/auth/login', JSON.stringify(DEMO_CREDENTIALS), { 'content-type': 'text/plain' });
    expect({ status: text.status, body: await text.json() }).toEqual({ status: 415, body: { errors: ['Request bodies must be JSON (Content-Type: application/json).'], code: 'unsupported_media_type' } });
    const form = await post('/api/auth/login', 'username=demo_user', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const broken = await post('/api/auth/login', '{"username":');
    expect({ status: broken.status, body: await broken.json() }).toEqual({ status: 400, body: { errors: ['The request body is not valid JSON.'], code: 'invalid_json' } });
  });

  it('answers 413 past 64 KiB, past 6 MiB for a profile, and past 6 MiB and 3 MiB for each more image a new post may have', async () => {
    const big = await post('/api/auth/login', JSON.stringify({ username: 'x'.repeat(70 * 1024), password: 'y' }));
    expect({ status: big.status, body: await big.json() }).toEqual({ status: 413, body: { errors: ['The request body is too large.'], code: 'body_too_large' } });
    const image = await post('/api/posts', JSON.stringify({ postData: { text: 'big', image: `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024)}` } }));
    expect(image.status).toBe(400);
    const avatar = await post('/api/users/edit', JSON.stringify({ userData: { avatar: `data:image/png;base64,${'A'.repeat(7 * 1024 * 1024)}` } }));
    expect({ status: avatar.status, body: await avatar.json() }).toEqual({ status: 413, body: { errors: ['The request body is too large.'], code: 'body_too_large' } });
    // Four images of the largest kind (2 MB, 2.67 MiB each as data URLs), the first sent twice as the
    // spec's app does (its `previewImage`), are read, as a post and as a scheduled one.
    const large = `data:image/png;base64,${Buffer.from(drawablePng(40, 30, LIMITS.imageBytesMax)).toString('base64')}`;
    const postData = { text: 'four large ones', image: large, previewImage: large, moreImages: [{ image: large }, { image: large }, { image: large }] };
    expect(JSON.stringify(postData).length).toBeGreaterThan(IMAGE_BODY_LIMIT);
    const four = await post('/api/posts', JSON.stringify({ postData }));
    expect(four.status).toBe(201);
    const fourId = ((await four.json()) as PostsResponse).posts[0]!.id;
    expect((await fetch(`${server.baseUrl}/api/posts/${fourId}`, { method: 'DELETE', headers: { authorization: token } })).status).toBe(200);
    const publishAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = await post('/api/scheduled-posts', JSON.stringify({ postData, publishAt }));
    expect(scheduled.status).toBe(201);
    const { scheduledPost } = (await scheduled.json()) as ScheduledPostResponse;
    expect((await fetch(`${server.baseUrl}/api/scheduled-posts/${scheduledPost.id}`, { method: 'DELETE', headers: { authorization: token } })).status).toBe(200);
    // Past the limit for the default four images.
    const over = `data:image/png;base64,${'A'.repeat(postBodyLimit(LIMITS.postImagesMax))}`;
    for (const path of ['/api/posts', '/api/scheduled-posts']) {
      const huge = await post(path, JSON.stringify({ postData: { text: 'huge', image: over }, publishAt }));
      expect({ path, status: huge.status, body: await huge.json() }).toEqual({ path, status: 413, body: { errors: ['The request body is too large.'], code: 'body_too_large' } });
    }
  });
});

describe('media', () => {
  it('stores an upload once, drawn again, by its SHA-256 and serves it with its sniffed type, sandboxed and cached for good', async () => {
    const first = await post('/api/posts', JSON.stringify({ postData: { text: 'a dot', image: PNG_DATA_URL } }));
    const again = await post('/api/posts', JSON.stringify({ postData: { text: 'the same dot', image: PNG_DATA_URL } }));
    expect([first.status, again.status]).toEqual([201, 201]);
    const drawn = await drawAgain({ kind: 'png', bytes: Buffer.from(PNG_DATA_URL.split(',')[1] ?? '', 'base64') });
    const bytes = Buffer.from(drawn!.bytes);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const posts = ((await again.json()) as PostsResponse).posts;
    expect(posts.slice(0, 2).map((item) => item.postImage)).toEqual([`/media/${sha}.png`, `/media/${sha}.png`]);
    expect(await server.database.query('SELECT count(*)::int AS n FROM media WHERE sha256 = $1', [sha])).toEqual([{ n: 1 }]);

    const image = await fetch(`${server.baseUrl}/media/${sha}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toBe('sandbox');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    expect(image.headers.get('etag')).toBe(`"${sha}"`);
  });

  it('answers 304 without the bytes to a browser that holds the file already, and 200 to one that holds another', async () => {
    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'a dot to keep', image: PNG_DATA_URL } }));
    const { postImage } = ((await created.json()) as PostsResponse).posts[0]!;
    const sha = /([0-9a-f]{64})/.exec(postImage)![1]!;
    for (const ifNoneMatch of [`"${sha}"`, `W/"${sha}"`, `"${'1'.repeat(64)}", "${sha}"`, '*']) {
      const repeat = await fetch(`${server.baseUrl}${postImage}`, { headers: { 'if-none-match': ifNoneMatch } });
      expect({ ifNoneMatch, status: repeat.status, body: (await repeat.arrayBuffer()).byteLength }).toEqual({ ifNoneMatch, status: 304, body: 0 });
      expect(repeat.headers.get('etag')).toBe(`"${sha}"`);
      expect(repeat.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const other = await fetch(`${server.baseUrl}${postImage}`, { headers: { 'if-none-match': `"${'1'.repeat(64)}"` } });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('image/png');
    // A file the server does not have is not "still held".
    const missing = await fetch(`${server.baseUrl}/media/${'0'.repeat(64)}.png`, { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
  });

  it("answers a photo's size and its WebP copies, each served at its width, cached for good, and gone with the post", async () => {
    // 2000 x 1250 as uploaded: copies 480, 960 and 1,600 wide.
    const photo = `data:image/jpeg;base64,${Buffer.from(plainJpeg(2000, 1250)).toString('base64')}`;
    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'a wide photo', image: photo } }));
    expect(created.status).toBe(201);
    const answered = ((await created.json()) as PostsResponse).posts[0]!;
    const sha = /^\/media\/([0-9a-f]{64})\.jpg$/.exec(answered.postImage)![1]!;
    expect(answered.imageSizes).toEqual({
      width: 2000,
      height: 1250,
      sources: [480, 960, 1600].map((width) => ({ url: `/media/${sha}-${width}.webp`, width })),
    });
    // A list says the same as the answer to the write.
    const listed = ((await (await fetch(`${server.baseUrl}/api/posts`)).json()) as PostsResponse).posts.find((item) => item.id === answered.id);
    expect(listed?.imageSizes).toEqual(answered.imageSizes);

    for (const { url, width } of answered.imageSizes!.sources) {
      const copy = await fetch(`${server.baseUrl}${url}`);
      const bytes = Buffer.from(await copy.arrayBuffer());
      expect({ status: copy.status, type: copy.headers.get('content-type'), cache: copy.headers.get('cache-control'), etag: copy.headers.get('etag') })
        .toEqual({ status: 200, type: 'image/webp', cache: 'public, max-age=31536000, immutable', etag: `"${sha}-${width}"` });
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width, height: Math.round((1250 * width) / 2000) });
      const repeat = await fetch(`${server.baseUrl}${url}`, { headers: { 'if-none-match': `"${sha}-${width}"` } });
      expect({ status: repeat.status, body: (await repeat.arrayBuffer()).byteLength }).toEqual({ status: 304, body: 0 });
    }
    // A width that was not made, or a copy under another image's name, is not there.
    for (const path of [`/media/${sha}-700.webp`, `/media/${'0'.repeat(64)}-480.webp`, `/media/${sha}-480.jpg`, `/media/${sha}-0480.webp`]) {
      expect({ path, status: (await fetch(`${server.baseUrl}${path}`)).status }).toEqual({ path, status: 404 });
    }

    const removed = await fetch(`${server.baseUrl}/api/posts/${answered.id}`, { method: 'DELETE', headers: { authorization: token } });
    expect(removed.status).toBe(200);
    for (const url of [answered.postImage, ...answered.imageSizes!.sources.map((source) => source.url)]) {
      expect({ url, status: (await fetch(`${server.baseUrl}${url}`)).status }).toEqual({ url, status: 404 });
    }
    expect(await server.database.query('SELECT count(*)::int AS n FROM media_copies WHERE sha256 = $1', [sha])).toEqual([{ n: 0 }]);
  });

  it("stops serving a deleted post's photo once no other post names it, and a replaced avatar", async () => {
    const photo = jpegDataUrl('upload-photo.jpg');
    const photoUrl = async (response: Response) => ((await response.json()) as PostsResponse).posts[0]!.postImage;
    const first = await post('/api/posts', JSON.stringify({ postData: { text: 'a photo, once', image: photo } }));
    const shared = await photoUrl(first);
    const second = await post('/api/posts', JSON.stringify({ postData: { text: 'the same photo, twice', image: photo } }));
    expect(await photoUrl(second)).toBe(shared);
    const ids = ((await (await fetch(`${server.baseUrl}/api/posts`)).json()) as PostsResponse).posts
      .filter((item) => item.postImage === shared).map((item) => item.id);
    expect(ids).toHaveLength(2);
    const served = async (url: string) => (await fetch(`${server.baseUrl}${url}`)).status;
    const remove = (id: string) => fetch(`${server.baseUrl}/api/posts/${id}`, { method: 'DELETE', headers: { authorization: token } });

    expect((await remove(ids[0]!)).status).toBe(200);
    expect(await served(shared)).toBe(200);
    expect((await remove(ids[1]!)).status).toBe(200);
    expect(await served(shared)).toBe(404);
    expect(await server.database.query('SELECT count(*)::int AS n FROM media WHERE sha256 = $1', [/([0-9a-f]{64})/.exec(shared)![1]])).toEqual([{ n: 0 }]);

    // An avatar: served while it is the member's, gone once replaced.
    const edited = await post('/api/users/edit', JSON.stringify({ userData: { avatar: jpegDataUrl('new-avatar.jpg') } }));
    expect(edited.status).toBe(201);
    const avatar = ((await edited.json()) as { user: { image: string } }).user.image;
    expect(avatar).toMatch(/^\/media\//);
    expect(await served(avatar)).toBe(200);
    expect((await post('/api/users/edit', JSON.stringify({ userData: { avatar: '' } }))).status).toBe(201);
    expect(await served(avatar)).toBe(404);
  });

  it('keeps each image of a post with several once, and lets go of every one when the post or a scheduled one goes', async () => {
    // Each a JPEG of its own (by its width), so each is stored once and counted once.
    const jpeg = (width: number) => sizedJpeg(width, 8);
    const filesOf = async (urls: readonly string[]) => {
      const names: string[] = [];
      for await (const name of server.media?.list() ?? []) if (urls.some((url) => name.startsWith(hashOf(url)))) names.push(name);
      return names;
    };
    const remove = (path: string) => fetch(`${server.baseUrl}/api${path}`, { method: 'DELETE', headers: { authorization: token } });

    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'three at once', image: jpeg(17), imageAlt: 'first', moreImages: [{ image: jpeg(18), imageAlt: 'second' }, { image: jpeg(19) }] } }));
    expect(created.status).toBe(201);
    const made = ((await created.json()) as PostsResponse).posts[0]!;
    expect(made.moreImages?.map(({ alt }) => alt)).toEqual(['second', '']);
    const urls = [made.postImage, ...(made.moreImages ?? []).map(({ url }) => url)];
    expect(new Set(urls.map(hashOf)).size).toBe(3);
    expect(await refsOf(urls)).toEqual(Object.fromEntries(urls.map((url) => [hashOf(url), 1])));
    expect(await filesOf(urls)).toHaveLength(3);
    for (const url of urls) expect({ url, status: (await fetch(`${server.baseUrl}${url}`)).status }).toEqual({ url, status: 200 });
    // An edit changes the descriptions, and keeps the images as they were.
    const edited = await post(`/api/posts/edit/${made.id}`, JSON.stringify({ postData: { text: 'three at once', moreImageAlts: ['the second', 'the third'] } }));
    expect(edited.status).toBe(201);
    const read = ((await (await fetch(`${server.baseUrl}/api/posts/${made.id}`)).json()) as { post: { moreImages?: Array<{ url: string; alt: string }> } }).post;
    expect(read.moreImages?.map(({ url, alt }) => ({ url, alt }))).toEqual([{ url: urls[1], alt: 'the second' }, { url: urls[2], alt: 'the third' }]);
    // A scheduled post naming one of them counts it again; cancelled, it lets go of its own.
    const publishAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = await post('/api/scheduled-posts', JSON.stringify({ postData: { text: 'later', image: jpeg(20), moreImages: [{ image: jpeg(18) }, { image: jpeg(21) }] }, publishAt }));
    expect(scheduled.status).toBe(201);
    const { scheduledPost } = (await scheduled.json()) as ScheduledPostResponse;
    const later = [scheduledPost.postImage, ...(scheduledPost.moreImages ?? []).map(({ url }) => url)];
    expect(later[1]).toBe(urls[1]);
    expect((await refsOf(urls))[hashOf(urls[1]!)]).toBe(2);
    expect((await remove(`/scheduled-posts/${scheduledPost.id}`)).status).toBe(200);
    expect(await refsOf(later)).toEqual({ [hashOf(urls[1]!)]: 1 });
    expect(await filesOf([later[0]!, later[2]!])).toEqual([]);

    expect((await remove(`/posts/${made.id}`)).status).toBe(200);
    expect(await refsOf(urls)).toEqual({});
    for (const url of urls) expect({ url, status: (await fetch(`${server.baseUrl}${url}`)).status }).toEqual({ url, status: 404 });
    expect(await filesOf(urls)).toEqual([]);
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
  });

  it('counts the images a whole network loaded at once names, and forgets the rest', async () => {
    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'a photo before the load', image: jpegDataUrl('upload-photo.jpg') } }));
    const photo = ((await created.json()) as PostsResponse).posts[0]!.postImage;
    expect((await fetch(`${server.baseUrl}${photo}`)).status).toBe(200);
    await server.store.load(buildDefaultSeed());
    expect((await fetch(`${server.baseUrl}${photo}`)).status).toBe(404);
    // The demo network's own pictures are stored, each counted once per member or post naming it.
    const counted = await server.database.query<{ wrong: number }>(`
      SELECT count(*)::int AS wrong FROM media
      WHERE refs <> (SELECT count(*) FROM (SELECT image FROM members UNION ALL SELECT image FROM posts) AS named WHERE named.image LIKE '/media/' || media.sha256 || '.%')`);
    expect(counted).toEqual([{ wrong: 0 }]);
    expect((await server.database.query<{ n: number }>('SELECT count(*)::int AS n FROM media'))[0]!.n).toBeGreaterThan(0);
    // Logged in afresh on the network just loaded, for the tests after this one.
    const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CREDENTIALS) });
    token = ((await login.json()) as LoginResponse).encodedToken;
  });

  it("keeps a reported post's images served after the post goes, across a load, until the report goes with its reporter", async () => {
    const jpeg = (width: number) => sizedJpeg(width, 9);
    const statuses = async (urls: readonly string[]) => Promise.all(urls.map(async (url) => (await fetch(`${server.baseUrl}${url}`)).status));
    const loginAs = async (username: string) => ((await (await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_CREDENTIALS.password }),
    })).json()) as LoginResponse).encodedToken;

    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'reported soon', image: jpeg(31), moreImages: [{ image: jpeg(32) }] } }));
    const made = ((await created.json()) as PostsResponse).posts[0]!;
    const urls = [made.postImage, ...(made.moreImages ?? []).map(({ url }) => url)];
    const reported = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: await loginAs('liam_chen') },
      body: JSON.stringify({ about: { post: made.id }, reason: 'spam' }),
    });
    expect(reported.status).toBe(201);
    expect(await refsOf(urls)).toEqual(Object.fromEntries(urls.map((url) => [hashOf(url), 2])));

    // The post goes; the report still names its images, which moderators can still see.
    expect((await fetch(`${server.baseUrl}/api/posts/${made.id}`, { method: 'DELETE', headers: { authorization: token } })).status).toBe(200);
    expect(await refsOf(urls)).toEqual(Object.fromEntries(urls.map((url) => [hashOf(url), 1])));
    expect(await statuses(urls)).toEqual([200, 200]);
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
    // A whole network loaded again counts them as the report's.
    await server.store.load(await server.store.snapshot());
    expect(await refsOf(urls)).toEqual(Object.fromEntries(urls.map((url) => [hashOf(url), 1])));
    expect(await statuses(urls)).toEqual([200, 200]);

    // The reporter's account goes, and their report with the images only it kept.
    await server.store.transaction((tx) => tx.deleteMember(SEED_USER_IDS.liam));
    expect(await refsOf(urls)).toEqual({});
    expect(await statuses(urls)).toEqual([404, 404]);
    expect(await sqlProblems(server.database, server.media)).toEqual([]);
    // The demo network again, logged in afresh, for the tests after this one.
    await server.store.load(buildDefaultSeed());
    token = await loginAs(DEMO_CREDENTIALS.username);
  });

  it('answers 404 for an unknown image, a wrong extension, or anything else under /media', async () => {
    const sha = createHash('sha256').update(Buffer.from(PNG_DATA_URL.split(',')[1] ?? '', 'base64')).digest('hex');
    for (const path of [`/media/${'0'.repeat(64)}.png`, `/media/${sha}.jpg`, '/media/%2e%2e%2fpackage.json', '/media/..%2F..%2Fpackage.json', '/media/', `/media/${sha}.svg`]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('request ids', () => {
  it('keeps a sane X-Request-Id as the request id and echoes it; gives any other call an id of its own', async () => {
    const kept = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.0001:retry-2' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.0001:retry-2');
    for (const given of ['has space', 'x'.repeat(129), '<script>', 'a,b', '']) {
      const replaced = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': given } });
      expect({ given, id: replaced.headers.get('x-request-id') }).toEqual({ given, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
  });
});

describe('logs', () => {
  it('says the path and the client of every request, the route only where one matched', async () => {
    logLines.length = 0;
    await fetch(`${server.baseUrl}/api/posts/p-none?cursor=abc`, { headers: { 'x-request-id': 'probe-1' } });
    await fetch(`${server.baseUrl}/wp-login.php`, { headers: { 'x-request-id': 'probe-2' } });
    await fetch(`${server.baseUrl}/api/%zz`, { headers: { 'x-request-id': 'probe-3' } });
    const requests = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ reqId: 'probe-1', method: 'GET', path: '/api/posts/p-none', route: '/api/posts/:postId', status: 404, client: '127.0.0.1' }),
      expect.objectContaining({ reqId: 'probe-2', method: 'GET', path: '/wp-login.php', status: 404, client: '127.0.0.1' }),
      expect.objectContaining({ reqId: 'probe-3', method: 'GET', path: '/api/%zz', status: 404, client: '127.0.0.1' }),
    ]);
    expect(requests.filter((line) => 'route' in line)).toHaveLength(1);
  });

  it('writes one JSON line per request with its id, route, status, member and duration; never a password, token or image', async () => {
    logLines.length = 0;
    const login = await post('/api/auth/login', JSON.stringify(DEMO_CREDENTIALS));
    const loggedIn = ((await login.json()) as LoginResponse).encodedToken;
    const created = await post('/api/posts', JSON.stringify({ postData: { text: 'logged', image: PNG_DATA_URL } }), { authorization: loggedIn });
    expect(created.status).toBe(201);
    const requestId = created.headers.get('x-request-id');
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ reqId: requestId, method: 'POST', path: '/api/posts', route: '/api/posts', status: 201, member: 'u-ava-reed', ms: expect.any(Number) });
    expect(requests[0]).toMatchObject({ path: '/api/auth/login', route: '/api/auth/login', status: 200, member: null });
    const everything = logLines.join('\n');
    expect(everything).not.toContain(DEMO_CREDENTIALS.password);
    expect(everything).not.toContain(loggedIn);
    expect(everything).not.toContain(loggedIn.split('.')[2]);
    expect(everything).not.toContain(PNG_DATA_URL.slice(30, 60));
  });
});

describe('what the SQL functions answer is checked against the contract', () => {
  it('a write whose function answers a refusal the contract does not know fails loudly: 500 in the error shape, and the log names both', async () => {
    await server.database.exec(`CREATE OR REPLACE FUNCTION bookmark_in_one_statement(
      p_jti text, p_member text, p_username text, p_version integer, p_post text, p_bookmarked boolean, p_events_kept bigint, p_channel text
    ) RETURNS text LANGUAGE sql AS $$ SELECT 'bookmarkedTwice' $$`);
    try {
      logLines.length = 0;
      const answer = await post(`/api/users/bookmark/${seedPostId(3)}`, '{}');
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 500, body: { errors: ['Something went wrong on our side. Please try again later.'], code: 'server_error' } });
      expect(logLines.join('\n')).toContain('bookmark_in_one_statement answered a refusal the contract does not know: \\"bookmarkedTwice\\".');
    } finally {
      await server.database.exec(readFunctions().find((fn) => fn.name === 'bookmark_in_one_statement')?.sql ?? '');
    }
    expect((await post(`/api/users/bookmark/${seedPostId(3)}`, '{}')).status).toBe(201);
  });

  it("a committed write's event that is not one the contract knows reaches no stream, and the log shows it", async () => {
    logLines.length = 0;
    // An event with a field no event has: a function that let a member's email out would look like this.
    const leaking = { version: 1_000_000, events: [{ type: 'member-updated', memberId: 'u-ava-reed', email: 'ava@example.com', id: 1_000_000 }] };
    await server.database.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(leaking)]);
    await until(() => logLines.some((line) => line.includes('is not one the contract knows')), 'the log line', 5_000);
    const line = JSON.parse(logLines.find((text) => text.includes('is not one the contract knows')) ?? '{}') as { level?: number; msg?: string };
    expect(line.level).toBe(50);
    expect(line.msg).toMatch(/^A committed write's notification is not one the contract knows \(\/events\/0.*\); the live streams load again\. It was: \{"version":1000000/);
  });
});

describe('tokens', () => {
  it("refuses a well-formed token signed with the stand-in's public development secret", async () => {
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u-ava-reed', username: 'demo_user', iat, exp: iat + 3600, jti: 'minted-by-anyone', ver: 0 })}`;
    const minted = `${unsigned}.${createHmac('sha256', STAND_IN_TOKEN_SECRET).update(unsigned).digest('base64url')}`;
    const answer = await fetch(`${server.baseUrl}/api/users/bookmark`, { headers: { authorization: minted } });
    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 401, body: { errors: ['The token is invalid. Unauthorized access error.'], code: 'token_invalid' } });
    // The same request with the server's own token is answered: only the key differs.
    const own = await fetch(`${server.baseUrl}/api/users/bookmark`, { headers: { authorization: token } });
    expect(own.status).toBe(200);
  });
});

describe('health', () => {
  it('answers ok while the database answers, and 503 in the error shape once it does not', async () => {
    const own = await startTestServer({ kind: 'pglite' });
    try {
      const ok = await fetch(`${own.baseUrl}/api/health`);
      expect({ status: ok.status, body: await ok.json() }).toEqual({ status: 200, body: { status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'events', 'replies', 'tags', 'notifications', 'idempotency', 'reply-links', 'reaction-counts', 'alt-text', 'edit-marks', 'member-lists', 'mute-block', 'change-counts', 'image-sizes', 'member-language', 'pins', 'content-warnings', 'post-search', 'accounts', 'scheduled-posts', 'reposts', 'more-images', 'moderation', 'suggestions', 'member-search'], demo: false, limits: { imagePixelsMax: 16_777_216, postImagesMax: LIMITS.postImagesMax } } });
      await own.database.close();
      const down = await fetch(`${own.baseUrl}/api/health`);
      expect({ status: down.status, body: await down.json() }).toEqual({ status: 503, body: { errors: ['The service is unavailable right now. Please try again in a moment.'], code: 'service_unavailable' } });
    } finally {
      await own.app.close();
    }
  }, 60_000);
});

describe('DEV_ORIGINS: a development copy of the app on another origin', () => {
  const listed = 'http://localhost:3000';
  const alsoListed = 'http://127.0.0.1:5077';
  const unlisted = 'http://localhost:3001';
  const preflight = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' };
  /** What an answer says to other origins: its CORS headers, Vary, and Cross-Origin-Resource-Policy. */
  const crossOrigin = (response: Response): Record<string, string> => {
    const said: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name.startsWith('access-control-') || name === 'vary' || name === 'cross-origin-resource-policy') said[name] = value;
    });
    return said;
  };
  const answerHeaders = (origin: string) => ({
    'access-control-allow-origin': origin,
    'access-control-expose-headers': 'x-request-id, retry-after, idempotent-replayed, preference-applied, x-network-version',
    vary: 'Origin',
    'cross-origin-resource-policy': 'same-origin',
  });

  const devLog: string[] = [];
  let dev: TestServer;
  let devToken: string;
  beforeAll(async () => {
    dev = await startTestServer({
      kind: 'pglite', staticDir, devOrigins: [listed, alsoListed], rateLimits: 'memory',
      logger: { level: 'info', stream: new Writable({ write(chunk: Buffer, _encoding, done) { devLog.push(...chunk.toString('utf8').split('\n').filter(Boolean)); done(); } }) },
    });
    await dev.store.load(buildDefaultSeed());
    devToken = await dev.ctx.tokens.sign({ id: 'u-ava-reed', username: 'demo_user', sessionVersion: 0 });
  }, 60_000);
  afterAll(() => dev?.close());

  it('off by default: no answer says anything to another origin, and a preflight is a plain 404', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`, { headers: { origin: listed } });
    expect(health.status).toBe(200);
    expect(crossOrigin(health)).toEqual({ 'cross-origin-resource-policy': 'same-origin' });
    const asked = await fetch(`${server.baseUrl}/api/posts`, { method: 'OPTIONS', headers: { origin: listed, ...preflight } });
    expect({ status: asked.status, body: await asked.json() }).toEqual({ status: 404, body: { errors: ['No such API route.'], code: 'route_not_found' } });
    expect(crossOrigin(asked)).toEqual({ 'cross-origin-resource-policy': 'same-origin' });
  });

  it("answers a listed origin's preflight 204 on any path under /api and /media, and writes no error for it", async () => {
    devLog.length = 0;
    for (const [origin, path] of [[listed, '/api/posts'], [alsoListed, '/api/auth/login'], [listed, '/api/no/such/route'], [listed, '/api'], [listed, '/media/anything.png'], [listed, '/api/events']] as const) {
      const asked = await fetch(`${dev.baseUrl}${path}`, { method: 'OPTIONS', headers: { origin, ...preflight } });
      expect({ path, status: asked.status, body: await asked.text() }).toEqual({ path, status: 204, body: '' });
      expect({ path, headers: crossOrigin(asked) }).toEqual({
        path,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': 'authorization, content-type, idempotency-key, last-event-id, prefer, x-network-version',
          'access-control-max-age': '600',
          vary: path.startsWith('/media') ? 'Origin, Referer' : 'Origin',
          'cross-origin-resource-policy': path.startsWith('/media') ? 'cross-origin' : 'same-origin',
        },
      });
      expect(asked.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const lines = devLog.map((line) => JSON.parse(line) as { level: number; msg: string; method?: string; status?: number });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(lines.filter((line) => line.msg === 'request').map((line) => [line.method, line.status])).toEqual(Array.from({ length: 6 }, () => ['OPTIONS', 204]));
  });

  it('counts no preflight against a rate limit, and says a 429 and when to try again to the listed origin', async () => {
    // Signups: 5 per client in 30 minutes. Twice as many preflights leave all five.
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${dev.baseUrl}/api/auth/signup`, { method: 'OPTIONS', headers: { origin: listed, ...preflight } })).status).toBe(204);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await fetch(`${dev.baseUrl}/api/auth/signup`, { method: 'POST', headers: { origin: listed, 'content-type': 'application/json' }, body: '{}' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(crossOrigin(last!)).toEqual(answerHeaders(listed));
  });

  it('says to a listed origin that it may read every answer: a success, a 401, a 404, a 415', async () => {
    const health = await fetch(`${dev.baseUrl}/api/health`, { headers: { origin: listed } });
    expect(health.status).toBe(200);
    expect(crossOrigin(health)).toEqual(answerHeaders(listed));
    const bookmarks = await fetch(`${dev.baseUrl}/api/users/bookmark`, { headers: { origin: alsoListed } });
    expect(bookmarks.status).toBe(401);
    expect(crossOrigin(bookmarks)).toEqual(answerHeaders(alsoListed));
    for (const path of ['/api/no/such/route', '/api', '/api/%zz']) {
      const missing = await fetch(`${dev.baseUrl}${path}`, { headers: { origin: listed } });
      expect({ path, status: missing.status, headers: crossOrigin(missing) }).toEqual({ path, status: 404, headers: answerHeaders(listed) });
    }
    const text = await fetch(`${dev.baseUrl}/api/auth/login`, { method: 'POST', headers: { origin: listed, 'content-type': 'text/plain' }, body: 'x' });
    expect({ status: text.status, headers: crossOrigin(text) }).toEqual({ status: 415, headers: answerHeaders(listed) });
  });

  it("says nothing to an origin that is not listed, nor on the app's own pages", async () => {
    for (const origin of [unlisted, 'https://localhost:3000', 'http://localhost:3000/', 'null']) {
      const health = await fetch(`${dev.baseUrl}/api/health`, { headers: { origin } });
      expect({ origin, status: health.status, headers: crossOrigin(health) }).toEqual({ origin, status: 200, headers: { vary: 'Origin', 'cross-origin-resource-policy': 'same-origin' } });
      const asked = await fetch(`${dev.baseUrl}/api/posts`, { method: 'OPTIONS', headers: { origin, ...preflight } });
      expect({ origin, status: asked.status, headers: crossOrigin(asked) }).toEqual({ origin, status: 404, headers: { vary: 'Origin', 'cross-origin-resource-policy': 'same-origin' } });
    }
    // A page varies with the encodings the browser takes (its compressed copies), not with the origin.
    for (const path of ['/', '/login', '/apix', '/mediafiles']) {
      const page = await fetch(`${dev.baseUrl}${path}`, { headers: { origin: listed } });
      expect({ path, type: page.headers.get('content-type'), headers: crossOrigin(page) }).toEqual({ path, type: 'text/html; charset=utf-8', headers: { vary: 'accept-encoding', 'cross-origin-resource-policy': 'same-origin' } });
    }
    const pagePreflight = await fetch(`${dev.baseUrl}/login`, { method: 'OPTIONS', headers: { origin: listed, ...preflight } });
    expect({ status: pagePreflight.status, allowed: pagePreflight.headers.get('access-control-allow-origin') }).toEqual({ status: 404, allowed: null });
  });

  it("puts the listed origin on the live stream's head, which the stream writes itself", async () => {
    const stream = await fetch(`${dev.baseUrl}/api/events`, { headers: { origin: listed, authorization: devToken } });
    try {
      expect({ status: stream.status, type: stream.headers.get('content-type') }).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
      expect(crossOrigin(stream)).toEqual(answerHeaders(listed));
    } finally {
      await stream.body?.cancel();
    }
    const refused = await fetch(`${dev.baseUrl}/api/events`, { headers: { origin: listed } });
    expect({ status: refused.status, headers: crossOrigin(refused) }).toEqual({ status: 401, headers: answerHeaders(listed) });
  });

  it("lets a listed origin's page show the images (an <img> sends its page in Referer, not Origin), and no other", async () => {
    const created = await fetch(`${dev.baseUrl}/api/posts`, {
      method: 'POST', headers: { origin: listed, authorization: devToken, 'content-type': 'application/json' }, body: JSON.stringify({ postData: { text: 'a dot', image: PNG_DATA_URL } }),
    });
    expect(created.status).toBe(201);
    const image = ((await created.json()) as PostsResponse).posts[0]?.postImage ?? '';
    expect(image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const imageFrom = async (headers: Record<string, string>) => {
      const answer = await fetch(`${dev.baseUrl}${image}`, { headers });
      expect(answer.status).toBe(200);
      return crossOrigin(answer);
    };
    const shown = { vary: 'Origin, Referer', 'cross-origin-resource-policy': 'cross-origin' };
    expect(await imageFrom({ referer: `${listed}/` })).toEqual(shown);
    expect(await imageFrom({ referer: `${alsoListed}/posts/p-1` })).toEqual(shown);
    expect(await imageFrom({ origin: listed })).toEqual({ ...shown, 'access-control-allow-origin': listed, 'access-control-expose-headers': answerHeaders(listed)['access-control-expose-headers'] });
    const kept = { vary: 'Origin, Referer', 'cross-origin-resource-policy': 'same-origin' };
    expect(await imageFrom({})).toEqual(kept);
    expect(await imageFrom({ referer: `${unlisted}/` })).toEqual(kept);
    expect(await imageFrom({ origin: unlisted, referer: `${listed}/` })).toEqual(kept);
    const missing = await fetch(`${dev.baseUrl}/media/${'0'.repeat(64)}.png`, { headers: { origin: listed } });
    expect({ status: missing.status, allowed: missing.headers.get('access-control-allow-origin') }).toEqual({ status: 404, allowed: listed });
    // Off by default: the images stay this origin's, and nothing varies.
    expect(crossOrigin(await fetch(`${server.baseUrl}${image}`, { headers: { referer: `${listed}/` } }))).toEqual({ 'cross-origin-resource-policy': 'same-origin' });
  });

  it('says the 503 of a server that is closing to the listed origin', async () => {
    const closing = await startTestServer({ kind: 'pglite', devOrigins: [listed] });
    // The server's side of the connection: a close ends the connections with no call begun on them,
    // so the call's first bytes must be read (its parse begun) before the close starts.
    let accepted: Socket | undefined;
    closing.app.server.once('connection', (socket: Socket) => {
      accepted = socket;
    });
    // A call that arrives during the shut-down, on a connection opened before it.
    const late = connect({ host: '127.0.0.1', port: Number(new URL(closing.baseUrl).port) });
    const answer = new Promise<string>((resolve) => {
      let text = '';
      late.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      late.on('close', () => resolve(text));
    });
    const begun = `GET /api/posts HTTP/1.1\r\nHost: localhost\r\nOrigin: ${listed}\r\n`;
    late.write(begun);
    await until(() => (accepted?.bytesRead ?? 0) >= Buffer.byteLength(begun), 'the server to read the call\'s first bytes', 5_000);
    const closed = closing.close();
    await until(() => fetch(`${closing.baseUrl}/api/health`).then(() => false, () => true), 'the server to stop accepting connections', 5_000);
    late.write('\r\n');
    const [head = ''] = (await answer).split('\r\n\r\n');
    await closed;
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(new RegExp(`\r\naccess-control-allow-origin: ${listed}\r\n`, 'i'));
    expect(head).toMatch(/\r\nvary: Origin\r\n/i);
  }, 60_000);
});
