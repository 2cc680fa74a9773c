/**
 * A member's data (the `accounts` extension): GET /account/export answers everything they made;
 * POST /account/import reads it back into a new account, here or on another network. Exported, then
 * imported into a new account and exported again, nothing differs but what names the account and
 * what cannot carry over; an account that has posts or replies refuses an import, so a repeat makes
 * nothing twice.
 */
import type { DataExport, DataImportRequest, DataImportResult, SignupResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGES, MESSAGE_STATUS, type MessageKey } from '../messages';
import { SAMPLE_SIGNUP, SEED_USER_IDS, seedPostId } from '../seed/default';
import { drawablePng } from './imageFixtures';
import { call, callAs, dataUrl, db, expectHealthy, imageUrl, PNG_DATA_URL, target, type CallResult } from './support';

/** The second image of Ava's picture post (`more-images`). */
const SECOND_PICTURE = dataUrl('image/png', drawablePng(3, 2));

function expectRefused(result: CallResult<unknown>, key: MessageKey): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

const exportOf = (member: string) => callAs<DataExport>(member, 'GET', '/account/export');
const importInto = (member: string, body: unknown) => callAs<DataImportResult>(member, 'POST', '/account/import', body);

/** An image as an import carries it: one shipped with the app as its path, any other as a data URL of its bytes. */
async function carried(url: string): Promise<string> {
  if (url === '' || url.startsWith('/images/') || url.startsWith('data:')) return url;
  const response = await fetch(new URL(url, target().baseUrl));
  expect({ url, status: response.status }).toEqual({ url, status: 200 });
  const bytes = Buffer.from(await response.arrayBuffer());
  return `data:${response.headers.get('content-type') ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;
}

/** An export as the app sends it back: its images fetched, its lists by username and id. */
async function importBodyOf(data: DataExport): Promise<DataImportRequest> {
  return {
    format: data.format,
    profile: { userBio: data.profile.userBio, userPortfolioUrl: data.profile.userPortfolioUrl, language: data.profile.language, avatar: await carried(data.profile.image) },
    posts: await Promise.all(data.posts.map(async (post) => ({
      id: post.id, text: post.content, image: await carried(post.postImage), imageAlt: post.imageAlt, warning: post.warning, createdAt: post.createdAt, editedAt: post.editedAt,
      ...(post.moreImages ? { moreImages: await Promise.all(post.moreImages.map(async ({ url, alt }) => ({ image: await carried(url), imageAlt: alt }))) } : {}),
    }))),
    replies: data.replies.map((reply) => ({ id: reply.id, postId: reply.postId, replyToId: reply.replyToId, text: reply.content, createdAt: reply.createdAt })),
    pinnedPostIds: data.pinnedPostIds,
    following: data.following.map((member) => member.username),
    muting: data.muting.map((member) => member.username),
    blocking: data.blocking.map((member) => member.username),
    bookmarks: data.bookmarks.map((bookmark) => bookmark.postId),
  };
}

/**
 * An export with what names the account and its things put aside: the profile's username, names and
 * joining time (the new account's own), and every id of the member's own posts and replies, each
 * named by its place instead. What others made stays as it is (their posts' ids, their usernames).
 */
function comparable(data: DataExport, keptAs: ReadonlyMap<string, string> = new Map()) {
  const kept = (url: string) => keptAs.get(url) ?? url;
  const place = new Map<string, string>([...data.posts.map((post, index) => [post.id, `post ${index}`] as const), ...data.replies.map((reply, index) => [reply.id, `reply ${index}`] as const)]);
  const named = (id: string | null) => (id === null ? null : place.get(id) ?? id);
  const author = (username: string) => (username === data.profile.username ? 'the member' : username);
  const { username: _username, firstName: _first, lastName: _last, createdAt: _joined, ...profile } = data.profile;
  return {
    format: data.format,
    profile: { ...profile, image: kept(profile.image) },
    posts: data.posts.map(({ id, ...post }) => ({
      ...post, id: named(id), postImage: kept(post.postImage), ...(post.moreImages ? { moreImages: post.moreImages.map((image) => ({ ...image, url: kept(image.url) })) } : {}),
    })),
    replies: data.replies.map((reply) => ({ ...reply, id: named(reply.id), postId: named(reply.postId), replyToId: named(reply.replyToId), postAuthor: author(reply.postAuthor) })),
    pinnedPostIds: data.pinnedPostIds.map(named),
    following: data.following,
    muting: data.muting,
    blocking: data.blocking,
    bookmarks: data.bookmarks.map((bookmark) => ({ ...bookmark, postId: named(bookmark.postId), postAuthor: author(bookmark.postAuthor) })),
  };
}

/** Ava (demo_user) makes one of everything an export holds, on top of the seed's posts, follow and bookmark. */
async function arrangeAva(): Promise<void> {
  const posted = async (postData: Record<string, unknown>) => {
    const answer = await call<{ post: { id: string } }>('POST', '/posts', { body: { postData }, authorization: await tokenOfAva(), headers: { prefer: 'return=minimal' } });
    expect(answer.status).toBe(201);
    return answer.json.post.id;
  };
  const picture = await posted({ text: 'A small picture, with a "quote", a comma, and a line\nbreak', image: PNG_DATA_URL, imageAlt: 'One grey pixel', moreImages: [{ image: SECOND_PICTURE, imageAlt: 'Two grey rows' }] });
  const warned = await posted({ text: 'Spoilers for the finale #tv', warning: 'The finale' });
  expect((await callAs('demo_user', 'POST', `/posts/edit/${warned}`, { postData: { text: 'Spoilers for the whole finale #tv' } })).status).toBe(201);
  const first = await callAs<{ reply: { id: string } }>('demo_user', 'POST', `/posts/${picture}/replies`, { replyData: { text: 'Taken at dawn' } });
  expect(first.status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/posts/${picture}/replies`, { replyData: { text: 'And a second thought', replyTo: first.json.reply.id } })).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/posts/${seedPostId(1)}/replies`, { replyData: { text: 'Lovely, Liam' } })).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/posts/pin/${warned}`)).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/users/bookmark/${picture}`)).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.noah}`)).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/users/mute/${SEED_USER_IDS.liam}`)).status).toBe(201);
  expect((await callAs('demo_user', 'POST', `/users/block/${SEED_USER_IDS.zoe}`)).status).toBe(201);
  expect((await callAs('demo_user', 'POST', '/users/edit', { userData: { userBio: 'Walks, pictures, tea.', userPortfolioUrl: 'https://ava.example.com', language: 'de' } })).status).toBe(201);
}

let avaToken: string | undefined;
async function tokenOfAva(): Promise<string> {
  avaToken ??= (await call<{ encodedToken: string }>('POST', '/auth/login', { body: { username: 'demo_user', password: 'welcome123' } })).json.encodedToken;
  return avaToken;
}

beforeEach(() => {
  avaToken = undefined;
});

async function signUpSam(): Promise<void> {
  const joined = await call<SignupResponse>('POST', '/auth/signup', { body: SAMPLE_SIGNUP });
  expect(joined.status).toBe(201);
}

describe("a member's data", () => {
  it('exports everything the member made, oldest first, and only to them', async () => {
    await arrangeAva();
    const answer = await exportOf('demo_user');
    expect(answer.status).toBe(200);
    const data = answer.json;
    expect(data.format).toBe(LIMITS.dataFormat);
    expect(data.profile).toMatchObject({ username: 'demo_user', firstName: 'Ava', lastName: 'Reed', userBio: 'Walks, pictures, tea.', userPortfolioUrl: 'https://ava.example.com', language: 'de' });
    const view = await db();
    expect(data.posts.map((post) => post.id)).toEqual(view.posts.filter((post) => post.authorId === SEED_USER_IDS.ava).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map((post) => post.id));
    const [picture, warned] = data.posts.slice(-2);
    expect(picture).toMatchObject({ imageAlt: 'One grey pixel', warning: '', editedAt: null });
    expect(picture?.postImage).not.toBe('');
    expect(picture?.moreImages).toEqual([{ url: await imageUrl(SECOND_PICTURE), alt: 'Two grey rows' }]);
    expect(warned?.moreImages).toBeUndefined();
    expect(warned).toMatchObject({ content: 'Spoilers for the whole finale #tv', warning: 'The finale' });
    expect(warned?.editedAt).not.toBeNull();
    expect(data.replies.map((reply) => [reply.content, reply.postAuthor])).toEqual([['Taken at dawn', 'demo_user'], ['And a second thought', 'demo_user'], ['Lovely, Liam', 'liam_chen']]);
    expect(data.replies[1]?.replyToId).toBe(data.replies[0]?.id);
    expect(data.pinnedPostIds).toEqual([warned?.id]);
    expect(data.following.map((member) => member.username)).toEqual(['liam_chen', 'maya_patel', 'noah_kim']);
    expect(data.muting).toEqual([{ username: 'liam_chen', firstName: 'Liam', lastName: 'Chen' }]);
    expect(data.blocking.map((member) => member.username)).toEqual(['zoe_martin']);
    expect(data.bookmarks.map((bookmark) => bookmark.postAuthor)).toEqual(['maya_patel', 'demo_user']);
    expect(JSON.stringify(data)).not.toMatch(/password|argon2|@example\.com"/i);

    expectRefused(await call('GET', '/account/export'), 'tokenInvalid');
  });

  it('reads into a new account, and exports again the same but for what names the account', async () => {
    await arrangeAva();
    const before = (await exportOf('demo_user')).json;
    await signUpSam();

    const body = await importBodyOf(before);
    const imported = await importInto('sam_rivera', body);
    expect(imported.status).toBe(201);
    expect(imported.json).toEqual({
      posts: before.posts.length, replies: 3, follows: before.following.length, bookmarks: 2, mutes: 1, blocks: 1, skipped: [],
    });
    await expectHealthy(imported.json);

    const after = (await exportOf('sam_rivera')).json;
    expect(after.profile).toMatchObject({ username: 'sam_rivera', firstName: 'Sam', lastName: 'Rivera' });
    // Not carried over, by design: who follows the member, likes given and received, replies others
    // wrote to the member's posts, notifications; the account's username, names and joining time are
    // the new account's. An image is kept again as the network keeps an upload of its bytes (the
    // server draws a photo again, so its URL may be another's).
    const keptAs = new Map<string, string>();
    keptAs.set(before.profile.image, await imageUrl(body.profile?.avatar ?? ''));
    for (const [index, post] of before.posts.entries()) {
      keptAs.set(post.postImage, await imageUrl(body.posts[index]?.image ?? ''));
      const carriedMore = (body.posts[index]?.moreImages ?? []) as Array<{ image: string }>;
      for (const [at, image] of (post.moreImages ?? []).entries()) keptAs.set(image.url, await imageUrl(carriedMore[at]?.image ?? ''));
    }
    expect(comparable(after)).toEqual(comparable(before, keptAs));
    const samPosts = (await db()).posts.filter((post) => post.authorId !== SEED_USER_IDS.ava && post.content.startsWith('A small picture'));
    expect(samPosts).toHaveLength(1);
    // The post shows on the new account's profile with its time from the export.
    const profile = await call<{ posts: Array<{ content: string; createdAt: string }> }>('GET', '/posts/user/sam_rivera');
    expect(profile.json.posts.map((post) => post.createdAt)).toEqual(before.posts.map((post) => post.createdAt).reverse());
  });

  it('refuses a second import, and an account that already posted, changing nothing', async () => {
    await signUpSam();
    const body: DataImportRequest = { format: LIMITS.dataFormat, posts: [{ id: 'p1', text: 'Hello again', createdAt: '2025-01-02T03:04:05.000Z' }], following: ['liam_chen'] };
    expect((await importInto('sam_rivera', body)).json).toMatchObject({ posts: 1, follows: 1, skipped: [] });
    const once = await target().snapshot();
    expectRefused(await importInto('sam_rivera', body), 'importNotEmpty');
    expectRefused(await importInto('demo_user', body), 'importNotEmpty');
    expect(await target().snapshot()).toEqual(once);
    expect(MESSAGES.importNotEmpty).toBe('This account already has posts or replies. Import into a new account, right after signing up.');
  });

  it('reports what it could not make here, and makes the rest', async () => {
    await signUpSam();
    const answer = await importInto('sam_rivera', {
      format: LIMITS.dataFormat,
      posts: [{ id: 'p1', text: 'My first post, long ago', createdAt: '2024-05-06T07:08:09.000Z' }],
      replies: [
        { id: 'r1', postId: 'p1', text: 'Under my own post', createdAt: '2024-05-06T08:00:00.000Z' },
        { id: 'r2', postId: 'a-post-of-another-network', text: 'Lost here', createdAt: '2024-05-07T08:00:00.000Z' },
      ],
      following: ['liam_chen', 'somebody_elsewhere'],
      bookmarks: ['p1', 'no-such-post'],
      muting: ['sam_rivera'],
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      posts: 1, replies: 1, follows: 1, bookmarks: 1, mutes: 0, blocks: 0,
      skipped: [
        { kind: 'reply', name: 'r2', code: 'post_not_found' },
        { kind: 'follow', name: 'somebody_elsewhere', code: 'user_not_found' },
        { kind: 'bookmark', name: 'no-such-post', code: 'post_not_found' },
        { kind: 'mute', name: 'sam_rivera', code: 'cannot_mute_self' },
      ],
    });
    await expectHealthy(answer.json);
  });

  it('refuses what is not an export it can read, without a token, too many, or too large', async () => {
    await signUpSam();
    const before = await target().snapshot();
    const post = { id: 'p1', text: 'Fine', createdAt: '2025-01-02T03:04:05.000Z' };
    expectRefused(await call('POST', '/account/import', { body: { format: LIMITS.dataFormat, posts: [post] } }), 'tokenInvalid');
    expectRefused(await importInto('sam_rivera', { posts: 'all of them' }), 'invalidBody');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat + 1, posts: [post] }), 'importInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, createdAt: 'yesterday' }] }), 'importInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, createdAt: '2999-01-01T00:00:00.000Z' }] }), 'importInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [post, post] }), 'importInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, text: 'x'.repeat(LIMITS.postTextMax + 1) }] }), 'postTooLong');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, image: 'data:image/png;base64,bm90IGFuIGltYWdl' }] }), 'imageInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, moreImages: [{ image: 'data:image/png;base64,bm90IGFuIGltYWdl' }] }] }), 'imageInvalid');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [{ ...post, image: PNG_DATA_URL, moreImages: Array.from({ length: LIMITS.postImagesMax }, () => ({ image: PNG_DATA_URL })) }] }), 'tooManyImages');
    const many = Array.from({ length: LIMITS.importPostsMax + 1 }, (_, index) => ({ ...post, id: `p${index}` }));
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: many }), 'importTooMany');
    expectRefused(await importInto('sam_rivera', { format: LIMITS.dataFormat, posts: [], following: Array.from({ length: LIMITS.importListMax + 1 }, (_, index) => `member_${index}`) }), 'importTooMany');
    expect(MESSAGES.importTooMany).toBe(`An import can hold at most ${LIMITS.importPostsMax.toLocaleString('en-US')} posts, ${LIMITS.importRepliesMax.toLocaleString('en-US')} replies, and ${LIMITS.importListMax.toLocaleString('en-US')} follows, bookmarks, mutes or blocks of each kind.`);
    const large = JSON.stringify({ format: LIMITS.dataFormat, posts: [{ ...post, text: 'x'.repeat(LIMITS.importBytesMax) }] });
    expectRefused(await call('POST', '/account/import', { body: large, authorization: (await call<SignupResponse>('POST', '/auth/login', { body: { username: 'sam_rivera', password: SAMPLE_SIGNUP.password } })).json.encodedToken }), 'bodyTooLarge');
    expect(await target().snapshot()).toEqual(before);
  });
});
