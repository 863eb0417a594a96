import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { namingStatements, StatementNames } from './named-statements.js';
import type { Database } from './schema.js';

export interface PostgresDatabase {
  db: Kysely<Database>;
  /** The connection pool, for what Kysely does not do. */
  pool: pg.Pool;
  /** The connection URL without its password, to name the database in messages. */
  name: string;
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (10 unless given). */
  maxConnections?: number;
  /** Told of every query a pooled connection sends (each one a round trip to the server): for counting. */
  onQuery?: () => void;
}

const INT8 = 20;

/**
 * 64-bit integers (counts, epoch milliseconds) come back as numbers rather than strings: every
 * value this schema keeps in one is far below 2^53.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Connects a pool to `url` (`postgres://user:password@host:port/database`). Nothing is read until first use. */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): PostgresDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10, types });
  const names = new StatementNames();
  pool.on('connect', (client) => namingStatements(client, names));
  const { onQuery } = options;
  if (onQuery) {
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        onQuery();
        return query(...args);
      }) as typeof client.query;
    });
  }
  // An idle connection the server drops (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, name: redactedUrl(url), close: () => db.destroy() };
}

/** The URL with its password replaced by `***`. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
