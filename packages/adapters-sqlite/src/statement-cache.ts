import type BetterSqlite3 from 'better-sqlite3';

const MAX_CACHED_STATEMENTS = 1_000;

/**
 * Kysely's SQLite driver prepares every query anew; on a hot path (a key lookup per request)
 * that is a tenth of the CPU. This hands Kysely a view of the connection whose `prepare`
 * returns cached statements, keyed by SQL text. Safe because the driver runs each statement to
 * completion synchronously before preparing the next. (Streaming with `.stream()` would share a
 * statement: this project never streams.)
 */
export function withStatementCache(sqlite: BetterSqlite3.Database): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
          statement = target.prepare(source);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}
