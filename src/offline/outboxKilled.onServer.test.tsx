import { act, waitFor } from '@testing-library/react';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../../contract/seed/default';
import { sized } from '../../contract/tests/size';
import { server } from '../../mocks/testing/node';
import { chooseRealServer } from '../config/env';
import { bookmarksApi } from '../features/bookmarks/bookmarksApi';
import { postsApi } from '../features/posts/postsApi';
import { cachedPost, renderHome } from '../test/posts';
import { seeded } from '../test/seeded';
import { keepReadsIn } from './keptReads';
import { memoryStorage } from './memoryStorage';
import { selectWaitingWrites } from './outboxSlice';
import { createKeptOutbox, keepOutboxIn } from './outboxStorage';

/**
 * The outbox against a real server process that dies: a member likes, dislikes, bookmarks and
 * writes posts while the network goes and comes back and the server is killed (SIGKILL, as a crash
 * or the power going) at random points, often while a write is on its way: before it reached the
 * server, while the server stored it, or after the commit, its answer never sent. The server comes
 * back on the same database; the outbox sends what waits, each post with its key. At the end the
 * server has each post as the member last left it (nothing lost), and each post written exactly
 * once (nothing stored twice). The server processes come from the keeper jest's set-up runs
 * (server/testing/serverKeeper.ts): the app's tests never import the server.
 */

const KEEPER = process.env.SERVER_KEEPER_URL ?? '';
/** Posts on Ava's Home with at least two likes, so that a dislike is never refused for a count of 0. */
const POSTS = [seedPostId(2), seedPostId(10), seedPostId(11)];
/** Five runs in the default test command; a hundred in `npm test -- --full`. */
const SEEDS = Array.from({ length: sized(5, 100) }, (_, index) => index + 1);
const ACTS_PER_RUN = 20;
/**
 * The most a kill waits after a write was sent, about a write's time here from sent to answered
 * (a like or a bookmark 10 ms on average, a post 23 ms, measured on this suite's runs), so that a
 * kill comes before the server has it, while it stores it, or after its commit with the answer unsent.
 */
const KILL_WITHIN_MS = { post: 35, other: 15 };

jest.setTimeout(120_000);

async function keeper<T>(method: 'POST' | 'DELETE', path: string): Promise<T> {
  // Past the stand-in's interception, whatever handlers are in place.
  const response = await fetch(bypass(`${KEEPER}${path}`, { method }));
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`The server keeper refused ${method} ${path}: ${body.error}`);
  return body;
}

/** The app's calls to the real server go out as they are: none of them is the stand-in's. */
function passThrough(origin: string) {
  return http.all(`${origin}/*`, () => passthrough());
}

/** What the server holds, asked for as any client would, with the member's token. */
async function serverHolds(origin: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const read = async <T,>(path: string): Promise<T> => {
    const response = await fetch(`${origin}/api${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const liked = new Map<string, boolean>();
  for (const postId of POSTS) {
    const { post } = await read<{ post: { likes: { likedBy: Array<{ _id: string }> } } }>(`/posts/${postId}`);
    liked.set(postId, post.likes.likedBy.some((member) => member._id === DEMO_USER_ID));
  }
  const { bookmarks } = await read<{ bookmarks: Array<{ id: string }> }>('/users/bookmark');
  const bookmarkedIds = new Set(bookmarks.map((post) => post.id));
  const { posts } = await read<{ posts: Array<{ content: string }> }>(`/posts/user/${DEMO_CREDENTIALS.username}`);
  return { liked, bookmarked: new Map(POSTS.map((id) => [id, bookmarkedIds.has(id)])), contents: posts.map((post) => post.content) };
}

let servers: string[] = [];

beforeEach(() => {
  keepOutboxIn(createKeptOutbox(memoryStorage()));
  keepReadsIn(null);
});

afterEach(async () => {
  keepOutboxIn(null);
  chooseRealServer(undefined);
  await Promise.all(servers.map((id) => keeper('DELETE', `/servers/${id}`)));
  servers = [];
});

interface RunFigures {
  kills: number;
  killsWhileWriting: number;
  /** Writes the server refused as already made: stored by a try whose answer the kill took. */
  refusedAsAlready: number;
}

async function randomRun(seed: number): Promise<RunFigures> {
  const random = seeded(seed);
  const { id, url: origin } = await keeper<{ id: string; url: string }>('POST', '/servers');
  servers.push(id);
  chooseRealServer(origin);
  const networkBack = () => {
    server.resetHandlers();
    server.use(passThrough(origin));
  };
  networkBack();
  const { store, unmount } = await renderHome();
  const token = store.getState().session.token ?? '';
  const start = await act(() => serverHolds(origin, token));
  const liked = new Map(start.liked);
  const bookmarked = new Map(start.bookmarked);
  const written: string[] = [];
  const figures: RunFigures = { kills: 0, killsWhileWriting: 0, refusedAsAlready: 0 };
  const watchRefusals = ({ request, response }: { request: Request; response: Response }) => {
    if (request.method === 'POST' && new URL(request.url).origin === origin && (response.status === 400 || response.status === 409)) figures.refusedAsAlready += 1;
  };
  // The writes on their way to the server now (a kill meets one, or none), and the kill waiting for the next to start.
  const onTheirWay = new Set<string>();
  let killAfterMs: number | undefined;
  let killed: Promise<void> | undefined;
  const kill = async () => {
    if (onTheirWay.size > 0) figures.killsWhileWriting += 1;
    await keeper('POST', `/servers/${id}/kill`);
    figures.kills += 1;
    // What was on its way dies with the server.
    onTheirWay.clear();
  };
  const sent = ({ request, requestId }: { request: Request; requestId: string }) => {
    if (request.method !== 'POST' || new URL(request.url).origin !== origin) return;
    onTheirWay.add(requestId);
    if (killAfterMs === undefined) return;
    const wait = killAfterMs;
    killAfterMs = undefined;
    killed = new Promise((resolve) => setTimeout(resolve, wait)).then(kill);
  };
  // A passed-through call has ended once its answer came (msw's request:end comes as it passes it on).
  const ended = ({ requestId }: { requestId: string }) => onTheirWay.delete(requestId);
  server.events.on('response:bypass', watchRefusals);
  server.events.on('request:start', sent);
  server.events.on('response:bypass', ended);
  server.events.on('response:mocked', ended);

  let online = true;
  let serverUp = true;
  const comeBack = async () => {
    if (!serverUp) {
      // What the app does as the server comes back happens on screen while this waits.
      await act(async () => {
        await keeper('POST', `/servers/${id}/start`);
      });
      serverUp = true;
    }
    if (!online) {
      networkBack();
      online = true;
    }
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
  };
  try {
    for (let step = 0; step < ACTS_PER_RUN; step += 1) {
      const roll = random();
      if (roll < 0.12 && online) {
        online = false;
        server.use(http.all(`${origin}/*`, () => HttpResponse.error()));
      } else if (roll < 0.3 && (!online || !serverUp)) {
        await comeBack();
      }
      const postId = POSTS[Math.floor(random() * POSTS.length)]!;
      const kind = random();
      // The server dies at a random point of this write now and then: a few milliseconds after it was sent.
      if (serverUp && online && random() < 0.2) {
        serverUp = false;
        killAfterMs = random() * (kind < 0.3 ? KILL_WITHIN_MS.post : KILL_WITHIN_MS.other);
      }
      let pressed: Promise<unknown> = Promise.resolve();
      act(() => {
        if (kind < 0.3) {
          const text = `Seed ${seed}, act ${step}: written while the server may die.`;
          written.push(text);
          pressed = store.dispatch(postsApi.endpoints.createPost.initiate({ text, image: '', idempotencyKey: crypto.randomUUID() })).unwrap();
        } else if (kind < 0.65) {
          const isLiked = liked.get(postId)!;
          liked.set(postId, !isLiked);
          pressed = (isLiked ? store.dispatch(postsApi.endpoints.dislikePost.initiate(postId)) : store.dispatch(postsApi.endpoints.likePost.initiate(postId))).unwrap();
        } else {
          const isBookmarked = bookmarked.get(postId)!;
          bookmarked.set(postId, !isBookmarked);
          pressed = (isBookmarked
            ? store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(postId))
            : store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(cachedPost(store.getState(), postId)))
          ).unwrap();
        }
      });
      // The member's press lands (shown, or waiting), and the server dies if it is to.
      await act(async () => {
        await pressed;
        // A write waiting behind others sends nothing now: the kill comes at once.
        if (killAfterMs !== undefined) {
          killAfterMs = undefined;
          await kill();
        }
        await killed;
      });
      killed = undefined;
    }
    await comeBack();
    await waitFor(() => expect(selectWaitingWrites(store.getState())).toEqual([]), { timeout: 60_000 });
  } finally {
    server.events.removeListener('response:bypass', watchRefusals);
    server.events.removeListener('request:start', sent);
    server.events.removeListener('response:bypass', ended);
    server.events.removeListener('response:mocked', ended);
  }
  const end = await act(() => serverHolds(origin, token));
  // The page goes before its server does (afterEach): nothing more comes to it.
  unmount();
  expect({ seed, liked: end.liked, bookmarked: end.bookmarked }).toEqual({ seed, liked, bookmarked });
  // Each post the member wrote is there exactly once.
  expect({ seed, written: end.contents.filter((content) => written.includes(content)).sort() }).toEqual({ seed, written: [...written].sort() });
  return figures;
}

const totals: RunFigures = { kills: 0, killsWhileWriting: 0, refusedAsAlready: 0 };

describe('the outbox against a server killed at random points', () => {
  it.each(SEEDS)('seed %i: 20 acts, the network going and coming, the server killed and started again: nothing lost, nothing stored twice', async (seed) => {
    const figures = await randomRun(seed);
    totals.kills += figures.kills;
    totals.killsWhileWriting += figures.killsWhileWriting;
    totals.refusedAsAlready += figures.refusedAsAlready;
  });

  afterAll(() => {
    // The figures of the runs, for whoever reads the log: how often a kill met a write on its way.
    process.stdout.write(`outbox against a killed server: ${SEEDS.length} runs, ${totals.kills} kills, ${totals.killsWhileWriting} while a write was on its way, ${totals.refusedAsAlready} writes refused as already made (stored, their answer lost)\n`);
  });
});
