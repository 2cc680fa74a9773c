/**
 * The live stream (contract/events.ts): who receives what, in which order, what a reconnecting client
 * gets, and when a stream ends.
 */
import { MESSAGES } from '../messages';
import { STREAMS_PER_SESSION_DEFAULT } from '../stream';
import { DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../seed/default';
import { call, callAs, target, tokenFor } from './support';
import { openStream, type TestStream } from './streams';

const LIAM = SEED_USER_IDS.liam;
/** Noah's bicycle path: nobody likes it yet. */
const post = seedPostId(8);

let streams: TestStream[] = [];

async function streamAs(member: string, lastEventId?: string): Promise<TestStream> {
  const stream = await openStream(await tokenFor(member), lastEventId);
  streams.push(stream);
  return stream;
}

afterEach(() => {
  streams.forEach((stream) => stream.close());
  streams = [];
});

describe('the live stream', () => {
  it('refuses a caller without a valid token, as any member call', async () => {
    const missing = await call('GET', '/events', { headers: { accept: 'text/event-stream' } });
    expect({ status: missing.status, json: missing.json }).toEqual({ status: 401, json: { errors: [MESSAGES.tokenInvalid], code: 'token_invalid' } });
  });

  it("carries a like to every member's stream with the post's counts, and a bookmark to its member's alone", async () => {
    const demo = await streamAs('demo_user');
    const liam = await streamAs('liam_chen');
    expect((await callAs('liam_chen', 'POST', `/posts/like/${post}`)).status).toBe(201);
    expect((await callAs('demo_user', 'POST', `/users/bookmark/${post}`)).status).toBe(201);
    expect((await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'A new one' } })).status).toBe(201);

    const [liked, bookmarked, created] = await demo.until(3);
    expect(liked).toMatchObject({ type: 'post-reacted', data: { postId: post, memberId: LIAM, reaction: 'like' } });
    expect(typeof liked?.data.likeCount).toBe('number');
    expect(bookmarked).toMatchObject({ type: 'bookmark-changed', data: { memberId: DEMO_USER_ID, postId: post, bookmarked: true } });
    expect(created).toMatchObject({ type: 'post-created', data: { authorId: LIAM } });
    // Liam's stream has the like and the post, not Ava's bookmark.
    expect((await liam.until(2)).map((event) => event.type)).toEqual(['post-reacted', 'post-created']);
    expect(liam.received.map((event) => event.id)).toEqual([liked?.id, created?.id]);
  });

  it("sends every committed change once, in order, each with the next version, and nothing for a refused call", async () => {
    // Noah's stream: his post's reactions and his follower reach him with his notifications.
    const noah = await streamAs('noah_kim');
    await callAs('demo_user', 'POST', `/posts/like/${post}`);
    expect((await callAs('demo_user', 'POST', `/posts/like/${post}`)).status).toBe(400);
    await callAs('demo_user', 'POST', `/posts/dislike/${post}`);
    await callAs('demo_user', 'POST', `/users/follow/${SEED_USER_IDS.noah}`);
    const events = await noah.until(6);
    expect(events.map((event) => event.type)).toEqual([
      'post-reacted', 'notifications-changed', 'post-reacted', 'notifications-changed', 'follow-changed', 'notifications-changed',
    ]);
    const [first] = events;
    expect(events.map((event) => event.id)).toEqual([0, 1, 2, 3, 4, 5].map((step) => first!.id + step));
    expect(events[2]?.data).toMatchObject({ reaction: 'dislike' });
    expect(events.filter((event) => event.type === 'notifications-changed').map((event) => event.data.unreadCount)).toEqual([1, 0, 1]);
  });

  it('gives a reconnecting client what it missed, in order, once', async () => {
    const first = await streamAs('noah_kim');
    await callAs('demo_user', 'POST', `/posts/like/${post}`);
    const [, seen] = await first.until(2);
    first.close();
    await callAs('liam_chen', 'POST', `/posts/like/${post}`);
    await callAs('demo_user', 'POST', `/posts/dislike/${post}`);

    const again = await streamAs('noah_kim', String(seen!.id));
    await callAs('liam_chen', 'POST', '/posts', { postData: { text: 'After the reconnect' } });
    const events = await again.until(5);
    expect(events.map((event) => [event.id, event.type])).toEqual([
      [seen!.id + 1, 'post-reacted'], [seen!.id + 2, 'notifications-changed'], [seen!.id + 3, 'post-reacted'], [seen!.id + 4, 'notifications-changed'],
      [seen!.id + 5, 'post-created'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.received).toHaveLength(5);
  });

  it('tells no stream of a write that changes nothing a stream carries (a post kept for later), open or reconnecting', async () => {
    const open = await streamAs('demo_user');
    const first = await streamAs('noah_kim');
    await callAs('demo_user', 'POST', `/posts/like/${post}`);
    const [, seen] = await first.until(2);
    first.close();
    // Kept for later: nobody is shown anything new until it is published, and no event tells of it.
    const kept = await callAs('demo_user', 'POST', '/scheduled-posts', { postData: { text: 'Tomorrow' }, publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(kept.status).toBe(201);
    await callAs('liam_chen', 'POST', `/posts/like/${post}`);

    const again = await streamAs('noah_kim', String(seen!.id));
    const missed = await again.until(2);
    expect(missed.map((event) => event.type)).toEqual(['post-reacted', 'notifications-changed']);
    expect(missed[0]!.id).toBeGreaterThan(seen!.id);
    expect((await open.until(2)).map((event) => event.type)).toEqual(['post-reacted', 'post-reacted']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(open.received).toHaveLength(2);
    expect(again.received).toHaveLength(2);
  });

  it('tells a client whose missed events are no longer kept to load again, once', async () => {
    const first = await streamAs('demo_user');
    await callAs('demo_user', 'POST', `/posts/like/${post}`);
    const [seen] = await first.until(1);
    first.close();
    // The whole network replaced: what came before is not kept.
    await target().reset();
    const again = await streamAs('demo_user', String(seen!.id));
    const [reset] = await again.until(1);
    expect(reset?.type).toBe('reset');
    await callAs('liam_chen', 'POST', `/posts/like/${post}`);
    const [, next] = await again.until(2);
    expect(next).toMatchObject({ type: 'post-reacted', id: reset!.id + 1 });
  });

  it("ends the stream of the session a logout ends, and only that one", async () => {
    const token = await tokenFor('demo_user');
    const ended = await openStream(token);
    const other = await streamAs('demo_user');
    streams.push(ended);
    expect((await call('POST', '/auth/logout', { authorization: token })).status).toBe(200);
    const [last] = await ended.until(1);
    expect(last).toMatchObject({ type: 'session-ended', data: { memberId: DEMO_USER_ID, reason: 'logout' } });
    await ended.whenEnded();
    // The member's other device hears nothing of it, and stays.
    await callAs('liam_chen', 'POST', `/posts/like/${post}`);
    expect((await other.until(1)).map((event) => event.type)).toEqual(['post-reacted']);
    expect(other.ended()).toBe(false);
  });

  it("ends every older stream of a member who changes their password", async () => {
    const older = await streamAs('demo_user');
    const token = await tokenFor('demo_user');
    const answer = await call('POST', '/users/edit', { authorization: token, body: { userData: { password: 'a-brand-new-pass', currentPassword: 'welcome123' } } });
    expect(answer.status).toBe(201);
    const events = await older.until(2);
    expect(events.map((event) => event.type)).toEqual(['member-updated', 'session-ended']);
    expect(events[1]?.data).toMatchObject({ memberId: DEMO_USER_ID, reason: 'password' });
    await older.whenEnded();
    // The device that changed it carries on with the new token.
    const renewed = await openStream(String((answer.json as { encodedToken?: string }).encodedToken));
    streams.push(renewed);
    expect(renewed.ended()).toBe(false);
  });
});

/** GET /events answered at once with a refusal, or undefined when a stream opened instead (then closed). */
async function refusalOf(token: string): Promise<{ status: number; json: unknown } | undefined> {
  const answer = await fetch(`${target().baseUrl}/events`, { headers: { authorization: token, accept: 'text/event-stream' }, signal: AbortSignal.timeout(10_000) });
  if (answer.headers.get('content-type')?.startsWith('text/event-stream')) {
    await answer.body?.cancel();
    return undefined;
  }
  return { status: answer.status, json: await answer.json() };
}

describe('live streams per session', () => {
  it(`holds ${STREAMS_PER_SESSION_DEFAULT} streams of one session and refuses the next with 429, until one of them ends`, async () => {
    const token = await tokenFor('demo_user');
    const held: TestStream[] = [];
    for (let i = 0; i < STREAMS_PER_SESSION_DEFAULT; i += 1) held.push(await openStream(token));
    streams.push(...held);

    expect(await refusalOf(token)).toEqual({ status: 429, json: { errors: [MESSAGES.tooManyStreams], code: 'too_many_streams' } });
    // The member's other session (another device's login) has places of its own.
    const otherDevice = await streamAs('demo_user');
    // The streams held carry on.
    await callAs('liam_chen', 'POST', `/posts/like/${post}`);
    expect((await held[0]!.until(1)).map((event) => event.type)).toEqual(['post-reacted']);
    expect((await otherDevice.until(1)).map((event) => event.type)).toEqual(['post-reacted']);

    // One ends: its place is the session's again, once the backend has seen it go.
    held[0]!.close();
    const deadline = Date.now() + 5_000;
    let again: TestStream | undefined;
    while (!again) {
      again = await openStream(token).catch(() => undefined);
      if (!again && Date.now() > deadline) throw new Error('the place of the stream that ended was not given back within 5 s');
      if (!again) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    streams.push(again);
    expect(await refusalOf(token)).toMatchObject({ status: 429 });
  });
});
