import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_USER_ID, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../mocks/testing/node';
import { bookmarksApi } from '../features/bookmarks/bookmarksApi';
import { postsApi } from '../features/posts/postsApi';
import { loseAnswersWhen } from '../test/lostAnswers';
import { cachedPost, renderHome } from '../test/posts';
import { seeded } from '../test/seeded';
import { keepReadsIn } from './keptReads';
import { memoryStorage } from './memoryStorage';
import { createKeptOutbox, keepOutboxIn } from './outboxStorage';
import { selectWaitingWrites } from './outboxSlice';
import { sized } from '../../contract/tests/size';
import { reconnectCheckDelay } from '../features/live/reconnectDelay';

/**
 * The outbox under random use: a member likes, dislikes, bookmarks and unbookmarks a few posts while
 * the network goes and comes back at random (the acts made offline wait; those made while others
 * wait go behind them; the outbox is sent as the network returns, while more acts are made). Each
 * run is one seed's sequence, so a failure names the seed that shows it. At the end, the backend
 * has each post as the member last left it (nothing lost), and no write was refused as "already"
 * done (nothing sent twice).
 */

/** Posts on Ava's Home with at least two likes, so that a dislike is never refused for a count of 0. */
const POSTS = [seedPostId(2), seedPostId(10), seedPostId(11)];
/** Five runs in the default test command; a hundred in `npm test -- --full` (200 runs of the two tests: about 11 minutes on one worker). */
const SEEDS = Array.from({ length: sized(5, 100) }, (_, index) => index + 1);
const ACTS_PER_RUN = 20;
/** The answers lost in one run at most: each makes the outbox wait before it tries again (below). */
const LOST_AT_MOST = 2;
/**
 * How long the outbox may take to empty once the network is back for good. Each try that found no
 * backend (offline, or an answer lost) makes it wait longer before the next, up to the longest wait;
 * and the slower the machine, the more tries a run's offline stretches hold, so a slow one reaches
 * that longest wait where a fast one never does. A wait left from offline, one after each lost answer,
 * and the sending itself: at 300 ms an act, one run took 23 s, past the 20 s once allowed.
 */
const LONGEST_WAIT_MS = reconnectCheckDelay(Number.POSITIVE_INFINITY, () => 1);
const DRAINED_WITHIN_MS = (1 + LOST_AT_MOST) * LONGEST_WAIT_MS + 10_000;
/** A run's acts, then its drain. */
const RUN_TIMEOUT_MS = DRAINED_WITHIN_MS + 30_000;
const WRITE_ROUTES = ['/posts/like/:postId', '/posts/dislike/:postId', '/users/bookmark/:postId', '/users/remove-bookmark/:postId'];
const WRITE_PATH = /\/(posts\/(like|dislike)|users\/(bookmark|remove-bookmark))\//;

let outboxStorage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  outboxStorage = memoryStorage();
  keepOutboxIn(createKeptOutbox(outboxStorage));
  keepReadsIn(null);
});

afterEach(() => keepOutboxIn(null));

/**
 * One run: ACTS_PER_RUN acts from `seed`. With `answersLost`, writes that reach the stand-in are
 * stored and then lose their answer, as a connection reset after the server wrote (each with a
 * chance of 0.6, LOST_AT_MOST in a run): the app cannot tell them from writes never sent, they wait,
 * and going again they are refused as already done, which the outbox counts as stored. Returns the
 * refusals the writes met, and how many answers were lost.
 */
async function randomRun(seed: number, { answersLost }: { answersLost: boolean }): Promise<{ refused: string[]; lost: number }> {
  const random = seeded(seed);
  const { store } = await renderHome();
  const db = getMockDb();
  const liked = new Map(POSTS.map((id) => [id, db.posts.get(id)?.likedBy.includes(DEMO_USER_ID) ?? false]));
  const bookmarked = new Map(POSTS.map((id) => [id, db.users.get(DEMO_USER_ID)?.bookmarks.includes(id) ?? false]));
  const refused: string[] = [];
  const watchRefusals = ({ request, response }: { request: Request; response: Response }) => {
    const path = new URL(request.url).pathname;
    if (WRITE_PATH.test(path) && response.status >= 400) refused.push(`${request.method} ${path} ${response.status}`);
  };
  // Which answers are lost: a sequence of its own, so the acts are the same with and without losses.
  const losing = seeded(seed + 1_000);
  const losses = loseAnswersWhen(WRITE_ROUTES, () => losses.lost() < LOST_AT_MOST && losing() >= 0.4);
  const networkBack = () => {
    server.resetHandlers();
    if (answersLost) server.use(...losses.handlers);
  };
  networkBack();
  server.events.on('response:mocked', watchRefusals);
  let online = true;
  try {
    for (let step = 0; step < ACTS_PER_RUN; step += 1) {
      if (random() < 0.3) {
        online = !online;
        if (online) {
          networkBack();
          act(() => {
            window.dispatchEvent(new Event('online'));
          });
        } else server.use(http.all(`${TEST_API_BASE}/*`, () => HttpResponse.error()));
      }
      const postId = POSTS[Math.floor(random() * POSTS.length)]!;
      // The member presses and waits for the press to land (shown, or waiting), as a card allows.
      if (random() < 0.6) {
        const isLiked = liked.get(postId)!;
        await act(async () => {
          await (isLiked ? store.dispatch(postsApi.endpoints.dislikePost.initiate(postId)) : store.dispatch(postsApi.endpoints.likePost.initiate(postId))).unwrap();
        });
        liked.set(postId, !isLiked);
      } else {
        const isBookmarked = bookmarked.get(postId)!;
        await act(async () => {
          await (isBookmarked
            ? store.dispatch(bookmarksApi.endpoints.removeBookmark.initiate(postId))
            : store.dispatch(bookmarksApi.endpoints.addBookmark.initiate(cachedPost(store.getState(), postId)))
          ).unwrap();
        });
        bookmarked.set(postId, !isBookmarked);
      }
    }
    // The network back for good (answers still lost until the run's share is spent).
    networkBack();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(selectWaitingWrites(store.getState())).toEqual([]), { timeout: DRAINED_WITHIN_MS });
    await waitFor(() => expect([...outboxStorage.data.values()].flat()).toEqual([]));
  } finally {
    server.events.removeListener('response:mocked', watchRefusals);
  }
  for (const postId of POSTS) {
    expect({ seed, postId, liked: db.posts.get(postId)?.likedBy.includes(DEMO_USER_ID) }).toEqual({ seed, postId, liked: liked.get(postId) });
    expect({ seed, postId, bookmarked: db.users.get(DEMO_USER_ID)?.bookmarks.includes(postId) }).toEqual({ seed, postId, bookmarked: bookmarked.get(postId) });
  }
  return { refused, lost: losses.lost() };
}

describe('the outbox under random use', () => {
  it.each(SEEDS)('seed %i: 20 acts with the network going and coming: nothing lost, nothing sent twice', async (seed) => {
    const { refused } = await randomRun(seed, { answersLost: false });
    expect(refused).toEqual([]);
  }, RUN_TIMEOUT_MS);

  it.each(SEEDS)('seed %i: the same with answers lost after the write was stored: nothing lost, each stored once', async (seed) => {
    const { refused, lost } = await randomRun(seed, { answersLost: true });
    expect(lost).toBeGreaterThan(0);
    // A write stored whose answer was lost goes again and is refused as already done: no more refusals than that.
    expect(refused.length).toBeLessThanOrEqual(lost);
    expect(refused.every((refusal) => refusal.endsWith(' 400') || refusal.endsWith(' 409'))).toBe(true);
  }, RUN_TIMEOUT_MS);
});
