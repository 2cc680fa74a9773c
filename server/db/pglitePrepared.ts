/**
 * The store's statements on PGlite as named prepared statements, each parsed once per cluster:
 * PGlite's own `query` parses, describes and plans every statement again, six trips into the
 * WebAssembly each, and planning asks the file system for each relation's size (an `lseek`, a
 * `fstat` through Node for each table and index). Here a statement seen before is one trip: bind,
 * execute and sync in one message, its parameters' types and its answer's columns known from the
 * first time; PostgreSQL keeps a generic plan for it once that costs no more than planning each call.
 * Statements other than reads and writes of rows (DDL, VACUUM, SET...) go through PGlite's `query`.
 */
import { parse, protocol, type PGlite, type Transaction } from '@electric-sql/pglite';
import type { Row } from './database';
import { worthKeeping } from './keptStatements';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  /** The parameters' type ids, as the statement's description gave them. */
  paramTypes: number[];
  /** The answer's row description (none for a write without RETURNING). */
  rowDescription: BackendMessage | undefined;
}

/** A cached plan that no longer fits the tables (a migration changed them): parsed again, once. */
const PLAN_CHANGED = '0A000';

export interface PreparedQueries {
  /**
   * `text` with `params`, its rows as PGlite's `query` gives them. `transaction`: the one whose work
   * this runs in (`pglite.transaction`), which holds the transaction's turn already.
   */
  query<T extends Row>(text: string, params: readonly unknown[], transaction?: Transaction): Promise<T[]>;
}

export function preparedQueries(pglite: PGlite): PreparedQueries {
  const kept = new Map<string, Prepared>();
  let named = 0;

  /** One message of several protocol messages, run in one trip; throws the database's error. */
  const run = async (parts: Uint8Array[]): Promise<BackendMessage[]> => (await pglite.execProtocol(Buffer.concat(parts), { syncToFs: false })).messages;

  const prepare = async (text: string): Promise<Prepared> => {
    const name = `sc_${(named += 1)}`;
    const messages = await run([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]);
    const prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    kept.set(text, prepared);
    return prepared;
  };

  const execute = async <T extends Row>({ name, paramTypes, rowDescription }: Prepared, params: readonly unknown[]): Promise<T[]> => {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run([protocol.serialize.bind({ statement: name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]);
    const [result] = parse.parseResults(rowDescription ? [rowDescription, ...messages] : messages, pglite.parsers);
    return (result?.rows ?? []) as T[];
  };

  const once = async <T extends Row>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> => {
    const known = kept.get(text);
    const prepared = known ?? await prepare(text);
    try {
      return await execute<T>(prepared, params);
    } catch (error) {
      // Inside a transaction the error ended it: the caller's work fails, as it would have.
      if ((error as { code?: unknown }).code !== PLAN_CHANGED || !known || inTransaction) throw error;
      kept.delete(text);
      await run([protocol.serialize.close({ type: 'S', name: prepared.name }), protocol.serialize.sync()]);
      return execute<T>(await prepare(text), params);
    }
  };

  return {
    async query<T extends Row>(text: string, params: readonly unknown[], transaction?: Transaction) {
      if (!kept.has(text) && !worthKeeping(text, kept.size)) return (await (transaction ?? pglite).query<T>(text, params as unknown[])).rows;
      return transaction
        ? pglite._runExclusiveQuery(() => once<T>(text, params, true))
        : pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => once<T>(text, params, false)));
    },
  };
}
