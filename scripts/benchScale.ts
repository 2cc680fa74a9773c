/**
 * `npm run bench`, part 3: the contract at scale in the app. The busy scenario (10,000 posts) on the
 * stand-in, in this process (msw/node, no network and no delay), driven through the app's own store:
 * the time from Login's answer to the home feed's first cards being in the store, from a sort choice
 * to the sorted cards, and a like's answer (bytes and time), each with the extensions (pages, feed,
 * changed-only answers) and against a backend that answers the spec alone (no /health). Figures are
 * medians; they leave out painting, which the first-paint part measures.
 */
import { performance } from 'node:perf_hooks';
import { median, type BenchLimits } from './benchLimits';

/** Runs of each figure; the median is printed. */
const RUNS = 5;
/** A like's answer with the extensions: its counts alone. */
const LIKE_TARGET_BYTES = 4096;
/** From Login's answer to Home's first cards in the store, with the extensions. */
const FIRST_CARDS_TARGET_MS = 1000;


interface ModeFigures {
  firstCardsMs: number;
  firstCardsBytes: number;
  sortMs: number;
  likeMs: number;
  likeBytes: number;
}

export async function benchScale(limits: BenchLimits): Promise<void> {
  console.log('\n3. The contract at scale: busy scenario (10,000 posts), stand-in in this process, median of 5');
  const { http, HttpResponse } = await import('msw');
  const { server, useScenario: loadScenario } = await import('../mocks/testing/node');
  const { DEMO_CREDENTIALS } = await import('../contract/seed/default');
  const { makeStore } = await import('../src/app/store');
  const { api } = await import('../src/lib/api/api');
  const { userLoggedIn } = await import('../src/features/auth/sessionSlice');
  const { postsApi } = await import('../src/features/posts/postsApi');
  const { loginThroughApi } = await import('../src/test/renderWithProviders');
  const { TEST_API_BASE } = await import('../mocks/testing/node');

  server.listen({ onUnhandledRequest: 'error' });
  let answered = 0;
  server.events.on('response:mocked', ({ response }) => {
    void response.clone().arrayBuffer().then((body) => {
      answered += body.byteLength;
    });
  });
  /** Bytes of the answers that arrived while `work` ran. */
  const measured = async <T>(work: () => Promise<T>): Promise<{ ms: number; bytes: number; value: T }> => {
    const before = answered;
    const start = performance.now();
    const value = await work();
    const ms = performance.now() - start;
    // The byte count is read from a clone: let it settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { ms, bytes: answered - before, value };
  };

  async function runMode(extensions: boolean): Promise<ModeFigures> {
    const runs: ModeFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      loadScenario('busy');
      if (!extensions) server.use(http.get(`${TEST_API_BASE}/health`, () => new HttpResponse(null, { status: 404 })));
      const store = makeStore();
      const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
      await store.dispatch(api.endpoints.getHealth.initiate());
      store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));

      // Login's answer is in: Home asks for its cards.
      // The same calls either way: to a backend of the spec alone, the spec adapter sends them as it has them.
      const first = await measured(async () => {
        const result = await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: 'latest' }));
        return result.data?.pages[0]?.posts.length ?? 0;
      });
      if (first.value === 0) throw new Error('The busy home feed came back empty');

      const sort = await measured(async () => {
        await store.dispatch(postsApi.endpoints.getPostPages.initiate({ list: 'feed', sort: 'trending' }, { forceRefetch: true, subscribe: false }));
      });

      const target = postsApi.endpoints.getPostPages.select({ list: 'feed', sort: 'latest' })(store.getState()).data!.pages[0]!.posts.find((post) => post.likes.likedBy.every((member) => member._id !== foundUser._id));
      if (!target) throw new Error('No post on the first page the demo member has not liked');
      const like = await measured(() => store.dispatch(postsApi.endpoints.likePost.initiate(target.id)).unwrap());

      runs.push({ firstCardsMs: first.ms, firstCardsBytes: first.bytes, sortMs: sort.ms, likeMs: like.ms, likeBytes: like.bytes });
      store.dispatch(api.util.resetApiState());
      server.resetHandlers();
    }
    const pick = (key: keyof ModeFigures) => median(runs.map((figures) => figures[key]));
    return { firstCardsMs: pick('firstCardsMs'), firstCardsBytes: pick('firstCardsBytes'), sortMs: pick('sortMs'), likeMs: pick('likeMs'), likeBytes: pick('likeBytes') };
  }

  const withExtensions = await runMode(true);
  const specAlone = await runMode(false);
  server.close();

  const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: Array<[string, string, string]> = [
    ['Login answer -> first cards in the store', `${ms(withExtensions.firstCardsMs)}, ${kb(withExtensions.firstCardsBytes)}`, `${ms(specAlone.firstCardsMs)}, ${kb(specAlone.firstCardsBytes)}`],
    ['sort choice -> trending cards', ms(withExtensions.sortMs), ms(specAlone.sortMs)],
    ["a like's answer", `${ms(withExtensions.likeMs)}, ${kb(withExtensions.likeBytes)}`, `${ms(specAlone.likeMs)}, ${kb(specAlone.likeBytes)}`],
  ];
  console.log(`  ${'what'.padEnd(42)} ${'with the extensions'.padEnd(24)} spec alone`);
  for (const [what, withExt, without] of rows) console.log(`  ${what.padEnd(42)} ${withExt.padEnd(24)} ${without}`);
  console.log(`  (sort with the extensions: the new order's first page from the backend; spec alone: every post again, the feed built by the spec adapter)`);
  console.log(`  a like's answer with the extensions: ${kb(withExtensions.likeBytes)} (target under ${kb(LIKE_TARGET_BYTES)})${limits.check("a like's answer at 10,000 posts", withExtensions.likeBytes, LIKE_TARGET_BYTES - 1)}`);
  console.log(`  first cards with the extensions: ${ms(withExtensions.firstCardsMs)} after Login's answer (target within ${FIRST_CARDS_TARGET_MS} ms)${limits.check("first cards after Login's answer at 10,000 posts", withExtensions.firstCardsMs, FIRST_CARDS_TARGET_MS)}`);
}
