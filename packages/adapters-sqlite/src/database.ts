import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './schema.js';
import { registerSearchFunctions } from './search/search-functions.js';
import { withStatementCache } from './statement-cache.js';

export interface SqliteDatabase {
  db: Kysely<Database>;
  /** The raw connection, for what Kysely does not do: online backup, integrity checks. */
  sqlite: BetterSqlite3.Database;
  file: string;
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the database file with the settings every process must share:
 * WAL so readers never block the writer, enforced foreign keys, a busy timeout so the CLI and
 * the server can write to one file, and FULL sync so an acknowledged write survives a power cut.
 */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  registerSearchFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite, file, close: () => db.destroy() };
}
