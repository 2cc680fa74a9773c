/**
 * What the log says of a read replica (server/readReplicas.ts), one line at each change an operator
 * needs to know of: left out for its lag, then down, then up again but still behind, then caught up.
 * The "replica" is a throwaway PostgreSQL holding a network_state row of its own, so that the test
 * says how far it has replayed and when it stops and starts; the network this process knows is a
 * number the test moves.
 */
import pg from 'pg';
import { openReadReplicas, type ReadReplicas } from '../readReplicas';
import { startCluster, type Cluster } from '../testing/postgresCluster';
import { until } from '../testing/until';

jest.setTimeout(60_000);

const LAG_MAX_MS = 100;

let database: Cluster;
let replicas: ReadReplicas | undefined;

beforeAll(async () => {
  database = await startCluster();
  await setReplayed(1);
}, 60_000);

afterAll(async () => {
  await replicas?.close();
  database?.stop();
});

/** Sets the network version the "replica" holds. */
async function setReplayed(version: number): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS network_state (version bigint NOT NULL)');
    await client.query('DELETE FROM network_state');
    await client.query('INSERT INTO network_state (version) VALUES ($1)', [version]);
  } finally {
    await client.end();
  }
}

it('says once that a lagging replica is left out, once that it stops answering, once that it answers again still behind, and once that it caught up', async () => {
  let known = 1;
  const lines: string[] = [];
  replicas = await openReadReplicas({ urls: [database.url], knownNetwork: () => known, lagMaxMs: LAG_MAX_MS, pollMs: 20, max: 2 });
  replicas.reportTo({ warn: (line) => lines.push(line) });
  const inRotation = (): boolean => replicas?.states()[0]?.inRotation ?? false;
  await until(inRotation, 'the replica to be in the reads', 10_000);
  expect(lines).toEqual([]);

  // The network moves on; the replica does not.
  known = 2;
  await until(() => lines.length >= 1, 'a line saying the replica is left out', 10_000);
  expect(inRotation()).toBe(false);
  expect(lines[0]).toMatch(/^Read replica 127\.0\.0\.1:\d+\/postgres is left out of the reads: it is \d+ ms behind the network, past REPLICA_LAG_MAX_MS \(100 ms\)\./);

  await database.shutDown();
  await until(() => lines.length >= 2, 'a line saying the replica does not answer', 10_000);
  expect(lines[1]).toMatch(/^Read replica \S+, left out of the reads for its lag, now it does not answer \(.+\)\. Its reads still go to the primary or another replica\.$/);

  await database.restart();
  await until(() => lines.length >= 3, 'a line saying the replica answers again', 20_000);
  expect(lines[2]).toMatch(/^Read replica \S+ answers again, \d+ ms behind the network: still left out of the reads until it catches up\.$/);
  expect(inRotation()).toBe(false);

  await setReplayed(2);
  await until(inRotation, 'the replica to be back in the reads', 10_000);
  await until(() => lines.length >= 4, 'a line saying the replica caught up', 10_000);
  expect(lines[3]).toBe(`Read replica ${replicas.states()[0]?.name} has caught up (network version 2): reads go to it again.`);
  // A while later, nothing more was said: one line for each change.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(lines).toHaveLength(4);
});
