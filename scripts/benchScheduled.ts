/**
 * `npm run bench`, part 13 (`--scheduled`, or `--scheduled-only`): how long after its time a
 * scheduled post goes out (contract/rules/scheduledPosts.ts, published by each server process's look
 * every PUBLISH_EVERY_MS). The server runs as it starts in production (server/start.ts, its own
 * timer) on a throwaway PostgreSQL, one process and then three on the same database; 200 posts fall
 * due at random times over 30 seconds, and each one's delay is its post's creation time less its
 * set time. Percentiles over the 200; no limits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER_ID } from '../contract/seed/default';
import { readConfig } from '../server/config';
import { openPostgres } from '../server/db/database';
import { PUBLISH_EVERY_MS, startServer, type RunningServer } from '../server/start';
import { startCluster } from '../server/testing/postgresCluster';
import { median } from './benchLimits';

const POSTS = 200;
const SPREAD_MS = 30_000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

export async function benchScheduled(): Promise<void> {
  console.log(`\n13. Scheduled posts: ${POSTS} falling due at random over ${SPREAD_MS / 1000} s, each process looking every ${PUBLISH_EVERY_MS / 1000} s; delay past the set time`);
  const cluster = await startCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-bench-'));
  const database = await openPostgres({ connectionString: cluster.url, max: 2 });
  try {
    const config = readConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: cluster.url, SEED: 'on', RATE_LIMITS: 'off', STATIC_DIR: join(dataDir, 'none') });
    for (const processes of [1, 3]) {
      const servers: RunningServer[] = [];
      for (let i = 0; i < processes; i += 1) servers.push(await startServer(config));
      try {
        const run = `run${processes}`;
        await database.query(
          `INSERT INTO scheduled_posts (id, author_id, content, image, image_alt, image_sizes, warning, publish_at, created_at, updated_at)
           SELECT $1 || '-' || n, $2, $1 || ' ' || n, '', '', NULL, '', now() + interval '2 seconds' + random() * ($3::int * interval '1 millisecond'), now(), now()
           FROM generate_series(1, $4::int) AS n`,
          [run, DEMO_USER_ID, SPREAD_MS, POSTS],
        );
        const times = new Map((await database.query<{ id: string; publish_at: string }>('SELECT id, publish_at FROM scheduled_posts WHERE id LIKE $1', [`${run}-%`]))
          .map((row) => [row.id.replace(`${run}-`, `${run} `), new Date(row.publish_at).getTime()]));
        const deadline = Date.now() + SPREAD_MS + 4 * PUBLISH_EVERY_MS + 10_000;
        let delays: number[] = [];
        while (Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const posts = await database.query<{ content: string; created_at: string }>('SELECT content, created_at FROM posts WHERE content LIKE $1', [`${run} %`]);
          delays = posts.map((post) => new Date(post.created_at).getTime() - (times.get(post.content) ?? Number.NaN));
          if (posts.length >= POSTS) break;
        }
        if (delays.length < POSTS) throw new Error(`only ${delays.length} of ${POSTS} scheduled posts were published`);
        const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
        console.log(`  ${processes} process${processes === 1 ? '' : 'es'}: p50 ${seconds(median(delays))}, p99 ${seconds(percentile(delays, 0.99))}, max ${seconds(Math.max(...delays))}, least ${seconds(Math.min(...delays))} (${delays.length} published, none early: ${delays.every((delay) => delay >= 0)})`);
      } finally {
        for (const server of servers) await server.close();
      }
    }
  } finally {
    await database.close();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
