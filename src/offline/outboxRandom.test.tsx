import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_USER_ID, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../mocks/testing/node';
import { bookmarksApi } from '../features/bookmarks/bookmarksApi';
import { postsApi } from '../features/posts/postsApi';
import type { Post } from '../types/api';
import { renderHome } from '../test/posts';
import { keepReadsIn } from './keptReads';
import { memoryStorage } from './memoryStorage';
import { createKeptOutbox, keepOutboxIn } from './outboxStorage';
import { selectWaitingWrites } from './outboxSlice';

/**
 * The outbox under random use: a member likes, dislikes, bookmarks and unbookmarks a few posts while
 * the network goes and comes back at random (the acts made offline wait; those made while others
 * wait go behind them; the outbox is sent as the network returns, while more acts are made). Each
 * run is one seed's sequence, so a failure names the seed that shows it. At the end, the backend
 * has each post as the member last left it (nothing lost), and no write was refused as "already"
 * done (nothing sent twice).
 */

/** A small seeded generator (mulberry32): the same seed, the same run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Posts on Ava's Home with at least two likes, so that a dislike is never refused for a count of 0. */
const POSTS = [seedPostId(2), seedPostId(10), seedPostId(11)];
const SEEDS = [1, 2, 3, 4, 5];
const ACTS_PER_RUN = 20;
const WRITE_PATH = /\/(posts\/(like|dislike)|users\/(bookmark|remove-bookmark))\//;

let outboxStorage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  outboxStorage = memoryStorage();
  keepOutboxIn(createKeptOutbox(outboxStorage));
  keepReadsIn(null);
});

afterEach(() => keepOutboxIn(null));

/** A post as the app's cache holds it (any list that has it). */
function cachedPost(state: unknown, postId: string): Post {
  const queries = (state as { api: { queries: Record<string, { data?: unknown } | undefined> } }).api.queries;
  for (const entry of Object.values(queries)) {
    const pages = (entry?.data as { pages?: { posts: Post[] }[] } | undefined)?.pages;
    const found = pages?.flatMap((page) => page.posts).find((post) => post.id === postId);
    if (found) return found;
  }
  throw new Error(`post ${postId} is not cached`);
}

describe('the outbox under random use', () => {
  it.each(SEEDS)('seed %i: 20 acts with the network going and coming: nothing lost, nothing sent twice', async (seed) => {
    const random = seeded(seed);
    const { store } = await renderHome();
    const db = getMockDb();
    const liked = new Map(POSTS.map((id) => [id, db.posts.get(id)?.likedBy.includes(DEMO_USER_ID) ?? false]));
    const bookmarked = new Map(POSTS.map((id) => [id, db.users.get(DEMO_USER_ID)?.bookmarks.includes(id) ?? false]));
    const refused: string[] = [];
    const watchRefusals = ({ request, response }: { request: Request; response: Response }) => {
      if (WRITE_PATH.test(new URL(request.url).pathname) && response.status >= 400) refused.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
    };
    server.events.on('response:mocked', watchRefusals);
    let online = true;
    try {
      for (let step = 0; step < ACTS_PER_RUN; step += 1) {
        if (random() < 0.3) {
          online = !online;
          if (online) {
            server.resetHandlers();
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
      if (!online) server.resetHandlers();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(selectWaitingWrites(store.getState())).toEqual([]), { timeout: 15_000 });
      await waitFor(() => expect([...outboxStorage.data.values()].flat()).toEqual([]));
    } finally {
      server.events.removeListener('response:mocked', watchRefusals);
    }
    for (const postId of POSTS) {
      expect({ postId, liked: db.posts.get(postId)?.likedBy.includes(DEMO_USER_ID) }).toEqual({ postId, liked: liked.get(postId) });
      expect({ postId, bookmarked: db.users.get(DEMO_USER_ID)?.bookmarks.includes(postId) }).toEqual({ postId, bookmarked: bookmarked.get(postId) });
    }
    expect(refused).toEqual([]);
  });
});
