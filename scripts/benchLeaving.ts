/**
 * `npm run bench`, part 12 (`--leaving`, or `--leaving-only`): an account deleted for good once its
 * grace period is over (contract/rules/leaving.ts purgeDueAccounts), for a member with 1,000 posts,
 * each with an image of its own, two replies by others and three likes, who also liked, replied,
 * followed and bookmarked across the seed network: on the stand-in's store, on the server on PGlite
 * and on PostgreSQL (images in a folder). The network is loaded afresh before each run; the figure
 * is the purge alone. Medians; no limits.
 */
import { performance } from 'node:perf_hooks';
import type { RuleContext } from '../contract/context';
import { purgeDueAccounts } from '../contract/rules/leaving';
import { buildDefaultSeed, SEED_USER_IDS } from '../contract/seed/default';
import { buildPost, buildUser } from '../contract/seed/factories';
import type { DbSnapshot, ReplyRecord } from '../contract/snapshot';
import { drawablePng } from '../contract/tests/imageFixtures';
import type { TestServer } from '../server/testing/serverTarget';
import { median } from './benchLimits';

const RUNS = 3;
const POSTS = 1_000;
const LEAVER = 'u-bench-leaver';

/** The seed network and the member who leaves, due to go an hour ago. */
function networkWithLeaver(): DbSnapshot {
  const seed = buildDefaultSeed();
  const others = Object.values(SEED_USER_IDS);
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const leaver = buildUser({
    id: LEAVER, username: 'bench_leaver', firstName: 'Bench', lastName: 'Leaver', following: [...others],
    bookmarks: seed.posts.slice(0, 10).map((post) => post.id), deletion: { requestedAt: hourAgo, purgeAt: hourAgo },
  });
  for (const user of seed.users) user.followers.push(LEAVER);
  const replies: ReplyRecord[] = [];
  const posts = Array.from({ length: POSTS }, (_, n) => {
    // A PNG of its own size: each post's image is stored once, and is the leaver's alone.
    const png = drawablePng(8 + (n % 40), 8 + Math.floor(n / 40));
    const post = buildPost({
      authorId: LEAVER, content: `Post ${n} #bench`, postImage: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
      likedBy: others.slice(0, 3), createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    });
    for (const [k, author] of [others[n % 5], others[(n + 1) % 5]].entries()) {
      replies.push({ id: `r-bench-${n}-${k}`, postId: post.id, authorId: author ?? others[0] ?? '', content: 'Nice', replyToId: null, replyToAuthorId: null, likedBy: [LEAVER], createdAt: post.createdAt });
    }
    return post;
  });
  for (const post of seed.posts) post.likedBy.push(LEAVER);
  const onSeed = seed.posts.map((post, n): ReplyRecord => ({ id: `r-bench-seed-${n}`, postId: post.id, authorId: LEAVER, content: 'Lovely', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: post.createdAt }));
  return { ...seed, users: [...seed.users, leaver], posts: [...seed.posts, ...posts], replies: [...(seed.replies ?? []), ...replies, ...onSeed] };
}

/** How many images a server keeps: their records, and their files. */
async function keptImages(server: Pick<TestServer, 'database' | 'media'>): Promise<{ media: number; files: number }> {
  const [row] = await server.database.query('SELECT count(*)::int AS media FROM media');
  let files = 0;
  for await (const _name of server.media?.list() ?? []) files += 1;
  return { media: Number(row?.media ?? 0), files };
}

async function timed(ctx: RuleContext): Promise<number> {
  const started = performance.now();
  const purged = await purgeDueAccounts(ctx);
  const ms = performance.now() - started;
  if (purged !== 1) throw new Error(`the purge deleted ${purged} accounts, not 1`);
  return ms;
}

export async function benchLeaving(): Promise<void> {
  console.log(`\n12. Leaving: an account with ${POSTS.toLocaleString('en-US')} posts (each with an image, 2 replies by others, 3 likes) deleted for good, median of ${RUNS}`);
  const network = networkWithLeaver();

  const { createMockContext } = await import('../mocks/context');
  const standIn: number[] = [];
  for (let run = 0; run < RUNS; run += 1) standIn.push(await timed(createMockContext({ seed: structuredClone(network) })));
  console.log(`  the stand-in's store: ${median(standIn).toFixed(0)} ms`);

  const { startCluster } = await import('../server/testing/postgresCluster');
  const { startTestServer } = await import('../server/testing/serverTarget');
  const cluster = await startCluster();
  process.env.TEST_DATABASE_URL = cluster.url;
  try {
    for (const kind of ['pglite', 'postgres'] as const) {
      const server = await startTestServer({ kind });
      try {
        // What the seed alone keeps, for what is left to be compared with.
        await server.store.load(buildDefaultSeed());
        const seedOnly = await keptImages(server);
        const times: number[] = [];
        let left = { rows: 0, media: 0, files: 0 };
        for (let run = 0; run < RUNS; run += 1) {
          await server.store.load(network);
          times.push(await timed(server.ctx));
          const [row] = await server.database.query<{ rows: number }>(
            `SELECT (SELECT count(*) FROM posts WHERE author_id = $1) + (SELECT count(*) FROM replies WHERE author_id = $1)
               + (SELECT count(*) FROM reactions WHERE member_id = $1) + (SELECT count(*) FROM members WHERE id = $1) AS rows`,
            [LEAVER],
          );
          left = { rows: Number(row?.rows ?? 0), ...(await keptImages(server)) };
        }
        console.log(`  the server on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); left: ${left.rows} of the member's rows, ${left.media} images' records and ${left.files} files (the seed alone keeps ${seedOnly.media} and ${seedOnly.files})`);
      } finally {
        await server.close();
      }
    }
  } finally {
    cluster.stop();
  }
}
