/**
 * Pinned posts (the `pins` extension): a member pins up to three of their own posts to their profile,
 * the latest pinned first; a pin is refused on another's post, twice, past three, and on what is not
 * there; a deleted post leaves the pins; a block hides them as it hides the member; the stream tells
 * of a pin as the member's record changing, never as a new post; and the network's snapshot keeps them.
 */
import type { PinChange, PostResponse, PostsResponse } from '../api';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGE_STATUS, MESSAGES } from '../messages';
import { SEED_USER_IDS, seedPostId } from '../seed/default';
import { findInconsistencies } from '../snapshot';
import { arrange, call, callAs, db, expectHealthy, target, tokenFor, type CallResult } from './support';
import { openStream } from './streams';

const { ava, liam } = SEED_USER_IDS;

async function newPost(member: string, text: string): Promise<string> {
  const created = await callAs<PostResponse>(member, 'POST', '/posts', { postData: { text } }).then((result) => result.json);
  const post = created.post ?? (created as unknown as { posts: { id: string; content: string }[] }).posts.find((entry) => entry.content === text);
  if (!post) throw new Error(`the post "${text}" was not made`);
  return post.id;
}

function pin(member: string, postId: string, pinned = true): Promise<CallResult<PinChange>> {
  return callAs<PinChange>(member, 'POST', `/posts/${pinned ? 'pin' : 'unpin'}/${encodeURIComponent(postId)}`);
}

async function pinnedOf(userId: string, authorization?: string): Promise<CallResult<PostsResponse>> {
  return call<PostsResponse>('GET', `/users/${encodeURIComponent(userId)}/pinned`, authorization === undefined ? {} : { authorization });
}

function expectRefused(result: CallResult, key: keyof typeof MESSAGES): void {
  expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
}

describe('pinned posts', () => {
  it('pins a member\'s own posts, the latest pinned first, to a list anyone can read; unpinning takes one off', async () => {
    expect((await pinnedOf(ava)).json).toEqual({ posts: [] });
    const [first, second] = [await newPost('demo_user', 'First to pin'), await newPost('demo_user', 'Second to pin')];

    const pinned = await pin('demo_user', first);
    expect({ status: pinned.status, body: pinned.json }).toEqual({ status: 201, body: { postId: first, pinned: true, pinnedPostIds: [first] } });
    await expectHealthy(pinned.json);
    expect((await pin('demo_user', second)).json).toEqual({ postId: second, pinned: true, pinnedPostIds: [second, first] });

    // Read without a token and with another member's: the posts as every list shows them.
    for (const authorization of [undefined, await tokenFor('liam_chen')]) {
      const list = await pinnedOf(ava, authorization);
      expect(list.status).toBe(200);
      expect(list.json.posts.map((post) => [post.id, post.content, post.username])).toEqual([[second, 'Second to pin', 'demo_user'], [first, 'First to pin', 'demo_user']]);
    }
    // Pinned posts stay in the member's posts too, in their place, each saying it is pinned; the others do not say it.
    const hers = (await call<PostsResponse>('GET', '/posts/user/demo_user')).json.posts;
    expect(hers.filter((post) => post.pinned).map((post) => post.id).sort()).toEqual([first, second].sort());
    expect(hers.filter((post) => !(post.id === first || post.id === second)).every((post) => !('pinned' in post))).toBe(true);
    expect((await call<PostResponse>('GET', `/posts/${first}`)).json.post.pinned).toBe(true);
    expect((await pinnedOf(ava)).json.posts.every((post) => post.pinned === true)).toBe(true);

    const unpinned = await pin('demo_user', second, false);
    expect({ status: unpinned.status, body: unpinned.json }).toEqual({ status: 201, body: { postId: second, pinned: false, pinnedPostIds: [first] } });
    expect((await pinnedOf(ava)).json.posts.map((post) => post.id)).toEqual([first]);
    expect((await call<PostResponse>('GET', `/posts/${second}`)).json.post).not.toHaveProperty('pinned');
    expect((await db()).user(ava)?.pins).toEqual([first]);
  });

  it(`refuses a pin past ${LIMITS.pinnedPostsMax}, and takes one again once another is off`, async () => {
    const ids: string[] = [];
    for (let n = 1; n <= LIMITS.pinnedPostsMax + 1; n += 1) ids.push(await newPost('liam_chen', `Pin ${n}`));
    for (const id of ids.slice(0, LIMITS.pinnedPostsMax)) expect((await pin('liam_chen', id)).status).toBe(201);
    const fourth = ids[LIMITS.pinnedPostsMax]!;
    expectRefused(await pin('liam_chen', fourth), 'pinsFull');
    expect(MESSAGES.pinsFull).toBe(`You can pin at most ${LIMITS.pinnedPostsMax} posts. Unpin one first.`);
    expect((await db()).user(liam)?.pins).toEqual(ids.slice(0, LIMITS.pinnedPostsMax));

    expect((await pin('liam_chen', ids[0]!, false)).status).toBe(201);
    expect((await pin('liam_chen', fourth)).json.pinnedPostIds).toEqual([fourth, ids[2], ids[1]]);
  });

  it('refuses another member\'s post, a pin twice, an unpin of what is not pinned, and a post or member not there', async () => {
    const avas = await newPost('demo_user', 'Mine alone');
    expectRefused(await pin('liam_chen', avas), 'pinNotOwner');
    expectRefused(await pin('liam_chen', avas, false), 'notPinned');
    expectRefused(await pin('demo_user', avas, false), 'notPinned');
    expect((await pin('demo_user', avas)).status).toBe(201);
    expectRefused(await pin('demo_user', avas), 'alreadyPinned');
    expectRefused(await pin('demo_user', 'no-such-post'), 'postNotFound');
    expectRefused(await pinnedOf('no-such-member'), 'userNotFound');
    // Without a token: refused as every member's call is.
    const anonymous = await call('POST', `/posts/pin/${avas}`);
    expect(anonymous.status).toBe(401);
    expect((await db()).user(ava)?.pins).toEqual([avas]);
    expect((await db()).user(liam)?.pins ?? []).toEqual([]);
  });

  it('loses a post deleted by its author, and keeps a block\'s members from each other\'s pins', async () => {
    const [kept, deleted] = [await newPost('demo_user', 'Kept pinned'), await newPost('demo_user', 'Deleted while pinned')];
    await pin('demo_user', kept);
    await pin('demo_user', deleted);
    expect((await callAs('demo_user', 'DELETE', `/posts/${deleted}`)).status).toBe(200);
    expect((await pinnedOf(ava)).json.posts.map((post) => post.id)).toEqual([kept]);
    expect((await db()).user(ava)?.pins).toEqual([kept]);

    expect((await callAs('demo_user', 'POST', `/users/block/${liam}`)).status).toBe(201);
    expectRefused(await pinnedOf(ava, await tokenFor('liam_chen')), 'userNotFound');
    expect((await pinnedOf(ava)).status).toBe(200);
  });

  it('is heard on the stream as the member\'s record changing, never as a new post', async () => {
    const postId = await newPost('demo_user', 'Heard as a change');
    const stream = await openStream(await tokenFor('liam_chen'));
    try {
      expect((await pin('demo_user', postId)).status).toBe(201);
      const [event] = await stream.until(1);
      expect(event).toMatchObject({ type: 'member-updated', data: { memberId: ava } });
      expect(stream.received.some((received) => received.type === 'post-created')).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('is kept in the network\'s snapshot, where a pin of another\'s post or past the limit is an inconsistency', async () => {
    const postId = seedPostId(5);
    await arrange((snapshot) => {
      const member = snapshot.users.find((user) => user.id === ava);
      if (member) member.pins = [postId];
    });
    expect((await pinnedOf(ava)).json.posts.map((post) => post.id)).toEqual([postId]);
    expect((await db()).user(ava)?.pins).toEqual([postId]);
    const snapshot = await target().snapshot();
    const liamsRecord = snapshot.users.find((user) => user.id === liam)!;
    liamsRecord.pins = [postId];
    expect(findInconsistencies(snapshot)).toEqual([`${liam} pins ${postId}, which is not a post of theirs`]);
    liamsRecord.pins = [];
    snapshot.users.find((user) => user.id === ava)!.pins = [postId, postId];
    expect(findInconsistencies(snapshot)).toEqual([`${ava} pins a post twice`]);
  });
});
