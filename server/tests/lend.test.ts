/** A connection the pool lends is listened to at once: its failure marks it broken, never crashes the process. */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { lend } from '../db/database';

type Connect = (callback: (error: Error | undefined, client: pg.PoolClient | undefined) => void) => void;

/** A pool whose connection, opened for the call, brings its end in the same packet as its readiness. */
function poolWhoseConnectionEndsAtOnce(failure: Error): { connect: Connect } {
  return {
    connect(callback) {
      const client = new EventEmitter() as unknown as pg.PoolClient;
      callback(undefined, client);
      // Still within the pool's callback, as the parser reads the next message of that packet.
      client.emit('error', failure);
    },
  };
}

it('listens to a lent connection before the pool has returned: a failure in the same packet marks it broken', async () => {
  const failure = Object.assign(new Error('terminating connection due to unexpected postmaster exit'), { code: '57P01' });
  const lent = await lend(poolWhoseConnectionEndsAtOnce(failure) as unknown as pg.Pool);
  expect(lent.broken).toBe(failure);
  // The first failure is the one kept: a dying connection reports more than one.
  lent.client.emit('error', new Error('Connection terminated unexpectedly'));
  expect(lent.broken).toBe(failure);
});

it('gives the pool\'s failure to lend as it is', async () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const pool = { connect: ((callback) => callback(refused, undefined)) as Connect };
  await expect(lend(pool as unknown as pg.Pool)).rejects.toBe(refused);
});
