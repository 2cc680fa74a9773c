/**
 * A database that keeps every statement run through it (its text and parameters), by itself, in a
 * session or in a transaction: for a test or a bench that looks at what the store sends, such as the
 * plan of its last statement.
 */
import type { Database, Sql, TransactionOptions } from '../db/database';

/** A statement the store sent, with its parameters. */
export interface SentStatement {
  text: string;
  params: readonly unknown[];
}

export function recordingDatabase(database: Database, seen: SentStatement[]): Database {
  const wrap = (sql: Sql): Sql => ({
    query: (text, params = []) => {
      seen.push({ text, params });
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
  });
  return new Proxy(database, {
    get(target, key) {
      if (key === 'query') return wrap(target).query;
      if (key === 'transaction') return <T>(work: (sql: Sql) => Promise<T>, options?: TransactionOptions) => target.transaction((sql) => work(wrap(sql)), options);
      if (key === 'session') return <T>(work: (sql: Sql) => Promise<T>) => target.session((sql) => work(wrap(sql)));
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
